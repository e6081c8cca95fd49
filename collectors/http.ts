/**
 * Upstream HTTP: a timeout on every request and jittered exponential backoff on timeouts, network
 * errors and 5xx. Business answers (freq control, expired login) are not retried here: they are the
 * credential pool's to handle, by cooling a credential down or retiring it.
 */

/** Why an upstream call failed; decides what the collector does next. */
export type UpstreamErrorKind =
  /** 200013 freq control: cool this credential down. */
  | 'freq'
  /** 200003 invalid session, -2012 login timeout…: the credential is expired. */
  | 'expired'
  /** No credential is usable right now (all cooling or expired). */
  | 'no_credential'
  /** 5xx, timeouts, connection errors that outlived the retries. */
  | 'unavailable'
  /** A well-formed refusal about the request itself (bad args, deleted article). */
  | 'rejected'
  /** An answer we could not read. */
  | 'malformed';

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly kind: UpstreamErrorKind = 'rejected',
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface FetchOptions {
  method?: 'GET' | 'POST';
  body?: URLSearchParams | string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  retries?: number;
  /** Base delay of the backoff, ms. */
  backoffMs?: number;
  /** Longest single backoff delay, ms. */
  maxBackoffMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Delay before retry `attempt` (1-based): base·2^(attempt−1), jittered to [0.5, 1.5)×, capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs = 30_000, random = Math.random): number {
  return Math.min(maxMs, baseMs * 2 ** (attempt - 1)) * (0.5 + random());
}

async function fetchWithRetry(url: string, opts: FetchOptions): Promise<Response> {
  const retries = opts.retries ?? 4;
  const base = opts.backoffMs ?? 250;
  let last: UpstreamError | null = null;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(backoffDelay(attempt, base, opts.maxBackoffMs));
    let res: Response;
    try {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.body instanceof URLSearchParams) headers['content-type'] = 'application/x-www-form-urlencoded';
      else if (typeof opts.body === 'string') headers['content-type'] = 'application/json';
      res = await fetch(url, {
        method: opts.method ?? 'GET',
        body: opts.body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        headers,
      });
    } catch (e) {
      const timeout = (e as Error).name === 'TimeoutError';
      last = new UpstreamError(
        `${timeout ? 'timeout' : 'network error'}: ${(e as Error).message}`,
        'unavailable',
      );
      continue;
    }
    if (res.status >= 500 || res.status === 429) {
      last = new UpstreamError(`upstream ${res.status}`, 'unavailable', res.status);
      await res.body?.cancel();
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new UpstreamError(`upstream ${res.status}`, 'rejected', res.status);
    }
    return res;
  }
  throw last ?? new UpstreamError('upstream unavailable', 'unavailable');
}

export async function fetchJson<T>(url: string, opts: FetchOptions = {}): Promise<T> {
  const res = await fetchWithRetry(url, opts);
  try {
    return (await res.json()) as T;
  } catch (e) {
    throw new UpstreamError(`not JSON: ${(e as Error).message}`, 'malformed');
  }
}

export async function fetchText(url: string, opts: FetchOptions = {}): Promise<{ url: string; text: string }> {
  const res = await fetchWithRetry(url, opts);
  return { url: res.url || url, text: await res.text() };
}

/**
 * Maps a back-office / client answer's base_resp.ret to an error kind. 200013 is freq control;
 * 200003 (invalid session), 200040 (invalid csrf token) and -3 / 200001 mean the login is gone.
 */
export function retKind(ret: number): UpstreamErrorKind {
  if (ret === 200013) return 'freq';
  if (ret === 200003 || ret === 200040 || ret === 200001 || ret === -3) return 'expired';
  return 'rejected';
}
