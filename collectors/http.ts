/** Upstream HTTP with a timeout and jittered exponential backoff on timeouts, network errors and 5xx. */

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface FetchOptions {
  method?: 'GET' | 'POST';
  body?: URLSearchParams;
  timeoutMs?: number;
  retries?: number;
  /** Base delay of the backoff, ms. */
  backoffMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function fetchJson<T>(url: string, opts: FetchOptions = {}): Promise<T> {
  const retries = opts.retries ?? 4;
  const base = opts.backoffMs ?? 250;
  let last: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(base * 2 ** (attempt - 1) * (0.5 + Math.random()));
    try {
      const res = await fetch(url, {
        method: opts.method ?? 'GET',
        body: opts.body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        headers: opts.body ? { 'content-type': 'application/x-www-form-urlencoded' } : undefined,
      });
      if (res.status >= 500) {
        last = new UpstreamError(`upstream ${res.status}`, res.status);
        await res.body?.cancel();
        continue;
      }
      if (!res.ok) throw new UpstreamError(`upstream ${res.status}`, res.status);
      return (await res.json()) as T;
    } catch (e) {
      if (e instanceof UpstreamError && e.status !== undefined && e.status < 500) throw e;
      last = e;
    }
  }
  throw last instanceof Error ? last : new UpstreamError(String(last));
}
