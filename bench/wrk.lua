-- wrk script of the API benchmarks (bench/wrk.ts). The file named by WRK_REQUESTS holds the requests, one per line:
-- "METHOD<TAB>PATH<TAB>BODY" (form-encoded body, may be empty); each connection cycles through them. WRK_TOKEN is
-- sent as the member's accessToken header. done() prints one line "WRK {json}" with the latency percentiles, the
-- request count and every kind of failure, non-2xx answers included (wrk itself counts only statuses above 399).
local token = os.getenv("WRK_TOKEN") or ""
local reqs = {}
local i = 0
local non2xx = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  local f = assert(io.open(os.getenv("WRK_REQUESTS"), "r"))
  for line in f:lines() do
    local m, p, b = line:match("^(%u+)\t([^\t]*)\t?(.*)$")
    if m then
      local h = { ["accessToken"] = token }
      if b == "" then
        b = nil
      else
        h["Content-Type"] = "application/x-www-form-urlencoded"
      end
      table.insert(reqs, wrk.format(m, p, h, b))
    end
  end
  f:close()
end

function request()
  i = i % #reqs + 1
  return reqs[i]
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  local bad = 0
  for _, t in ipairs(threads) do
    bad = bad + (t:get("non2xx") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'WRK {"requests":%d,"duration_us":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d,"max_us":%d,"non2xx":%d,' ..
      '"connect":%d,"read":%d,"write":%d,"timeout":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    latency.max, bad, e.connect, e.read, e.write, e.timeout))
end
