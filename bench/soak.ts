import { readFileSync } from 'node:fs';
import { sample } from '../e2e/prometheus';
import {
  benchCalls,
  benchDataset,
  memberStore,
  pickParameters,
  startApi,
  topMember,
  verifyCall,
} from './api-world';
import { fmt } from './ceiling';
import { type LoadFigures, loadShapeFromEnv, runWrk } from './wrk';

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : 0;
}

interface MemorySample {
  s: number;
  /** Resident set of the api process. */
  rss: number;
  /** V8 heap in use, and memory outside the heap held by JavaScript objects (buffers). */
  heap: number;
  external: number;
  /** chDB's tracked memory (all of the engine's allocations) and the part of it that is caches. */
  engine: number;
  caches: number;
}

const MB = 2 ** 20;
/** The api process's memory, from /proc and its own /metrics (V8 heap; chDB's system.metrics). */
async function memorySample(base: string, pid: number, s: number): Promise<MemorySample> {
  const text = await fetch(`${base}/metrics`)
    .then((r) => r.text())
    .catch(() => '');
  const at = (name: string, labels?: Record<string, string>) => (sample(text, name, labels) ?? 0) / MB;
  const engine = at('gzh_clickhouse_memory_bytes', { kind: 'MemoryTracking' });
  return {
    s,
    rss: rssMb(pid),
    heap: at('gzh_nodejs_heap_size_used_bytes'),
    external: at('gzh_nodejs_external_memory_bytes'),
    engine,
    caches: at('gzh_clickhouse_memory_bytes') - engine,
  };
}
const line = (m: MemorySample) =>
  `rss ${fmt(m.rss, 0)} MB (js heap ${fmt(m.heap, 0)}, external ${fmt(m.external, 0)}, chDB tracked ${fmt(m.engine, 0)} of which caches ${fmt(m.caches, 0)})`;

/**
 * Bounds. Memory: from the second minute (after warm-up: caches, JIT, the engine's marks and parts loaded) to the
 * last, the median RSS may grow at most 20% or 100 MB, whichever is larger: a leak of even 1 KB per request passes
 * 100 MB within the run at this load, while the V8 heap alone swings by 200 MB between collections (hence medians
 * of a minute's samples, not single samples). Latency: the last minute's p99 within 2× the first's. Throughput:
 * the last minute at least 80% of the first's, so work that grows with every request (a table that only grows,
 * a scan of dead rows) shows even while p99 holds.
 */
const RSS_GROWTH_RATIO = 0.2;
const RSS_GROWTH_MB = 100;
const P99_RATIO = 2;
const RPS_RATIO = 0.8;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? ((s[(s.length - 1) >> 1] as number) + (s[s.length >> 1] as number)) / 2 : 0;
};

/**
 * `npm run bench -- soak`: the api benchmark's mix (every call, cycled by every connection) for SOAK_SECONDS (600)
 * at the api benchmark's load, in one-minute wrk runs back to back; the server's RSS sampled every 10 s. Exits
 * non-zero when an answer is not 2xx, memory grows past the bound, or p99 drifts.
 */
export async function run(): Promise<void> {
  const seconds = Number(process.env.SOAK_SECONDS ?? 600);
  const minute = Math.min(60, seconds);
  const shape = { ...loadShapeFromEnv(), seconds: minute };
  const dataset = await benchDataset();
  const picks = await pickParameters(dataset);
  const pg = await memberStore();
  const token = await topMember(dataset, pg.url);
  const calls = benchCalls(picks);
  const api = await startApi(dataset, pg.url);
  const rss: MemorySample[] = [];
  const minutes: LoadFigures[] = [];
  const t0 = Date.now();
  const sampler = setInterval(
    () => void memorySample(api.base, api.pid, Math.round((Date.now() - t0) / 1000)).then((m) => rss.push(m)),
    10_000,
  );
  try {
    for (const c of calls) {
      const why = await verifyCall(api.base, token, c);
      if (why) throw new Error(`${c.name} does not answer correctly: ${why}`);
    }
    rss.push(await memorySample(api.base, api.pid, 0));
    for (let done = 0; done < seconds; done += minute) {
      const f = await runWrk(api.base, calls, { ...shape, seconds: Math.min(minute, seconds - done) }, token);
      minutes.push(f);
      console.log(
        `minute ${minutes.length}: ${fmt(f.rps, 0)} req/s, p50 ${fmt(f.p50Ms)} ms, p99 ${fmt(f.p99Ms)} ms, errors ${f.errors}, ${line(await memorySample(api.base, api.pid, 0))}`,
      );
    }
  } finally {
    clearInterval(sampler);
    // The throwaway member database goes even when the platform did not stop cleanly.
    await api.stop().finally(() => pg.drop());
  }
  console.log(`rss every 10 s (MB): ${rss.map((r) => fmt(r.rss, 0)).join(' ')}`);
  console.log(`js heap every 10 s (MB): ${rss.map((r) => fmt(r.heap, 0)).join(' ')}`);
  console.log(`chDB tracked every 10 s (MB): ${rss.map((r) => fmt(r.engine, 0)).join(' ')}`);
  const requests = minutes.reduce((n, f) => n + f.requests, 0);
  const errors = minutes.reduce((n, f) => n + f.errors, 0);
  // Memory after warm-up: the first sample at or after one minute (or the first one in a short run).
  // The second minute's samples (the first minute's in a short run) against the last minute's.
  const lastS = rss[rss.length - 1]?.s ?? 0;
  const second = rss.filter((r) => r.s >= 60 && r.s < 120);
  const warmSamples = second.length ? second : rss.filter((r) => r.s < 60);
  const endSamples = rss.filter((r) => r.s > lastS - 60);
  const warm = median(warmSamples.map((r) => r.rss));
  const end = median(endSamples.map((r) => r.rss));
  console.log(
    `median rss: second minute ${fmt(warm, 0)} MB, last minute ${fmt(end, 0)} MB; js heap ${fmt(median(warmSamples.map((r) => r.heap)), 0)} → ${fmt(median(endSamples.map((r) => r.heap)), 0)} MB; chDB tracked ${fmt(median(warmSamples.map((r) => r.engine)), 0)} → ${fmt(median(endSamples.map((r) => r.engine)), 0)} MB`,
  );
  const growth = end - warm;
  const rssBound = Math.max(RSS_GROWTH_MB, warm * RSS_GROWTH_RATIO);
  const first = minutes[0] as LoadFigures;
  const last = minutes[minutes.length - 1] as LoadFigures;
  const broken = [
    errors > 0 ? `${errors} errors/non-2xx` : '',
    growth > rssBound ? `RSS grew ${fmt(growth, 0)} MB after warm-up (bound ${fmt(rssBound, 0)} MB)` : '',
    last.p99Ms > P99_RATIO * first.p99Ms
      ? `p99 of the last minute ${fmt(last.p99Ms)} ms > ${P99_RATIO}× the first's ${fmt(first.p99Ms)} ms`
      : '',
    last.rps < RPS_RATIO * first.rps
      ? `throughput of the last minute ${fmt(last.rps, 0)} req/s < ${RPS_RATIO}× the first's ${fmt(first.rps, 0)}`
      : '',
  ].filter(Boolean);
  console.log(broken.length ? `bounds broken: ${broken.join('; ')}` : 'all bounds held');
  console.log(
    `RESULT soak seconds=${seconds} requests=${requests} errors=${errors} rss_start_mb=${fmt(warm, 0)} rss_end_mb=${fmt(end, 0)} rss_bound_mb=${fmt(rssBound, 0)} p99_first_ms=${fmt(first.p99Ms)} p99_last_ms=${fmt(last.p99Ms)} rps_first=${fmt(first.rps, 0)} rps_last=${fmt(last.rps, 0)} scale=${dataset.scale} ok=${broken.length === 0 ? 1 : 0}`,
  );
  if (broken.length) process.exit(1);
}
