import { Agent, type Dispatcher, request } from 'undici';

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
  /** Every usable credential (or its egress IP, or the paid key's monthly cap) has spent today's budget. */
  | 'budget'
  /** The upstream has banned this credential (repeated refusals): it is retired until an admin re-enables it. */
  | 'banned'
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
    /** The upstream's own error code (ret, errCode), when it answered with one. */
    readonly code?: number,
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

const agents = new Map<string, Dispatcher>();

/**
 * One keep-alive connection pool per upstream host. On loopback (the built-in simulator) requests are
 * pipelined, which triples what one collector can ask of it; real upstreams get plain keep-alive.
 */
function agentFor(url: URL): Dispatcher {
  let a = agents.get(url.host);
  if (!a) {
    const loopback = /^(127\.|localhost$|\[::1\]$)/.test(url.hostname);
    a = new Agent({
      connections: loopback ? 8 : 32,
      pipelining: loopback ? 10 : 1,
      keepAliveTimeout: 30_000,
    });
    agents.set(url.host, a);
  }
  return a;
}

interface Answer {
  status: number;
  url: string;
  body: Dispatcher.ResponseData['body'];
  headers: Dispatcher.ResponseData['headers'];
}

/** Delay before retry `attempt` (1-based): base·2^(attempt−1), jittered to [0.5, 1.5)×, capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs = 30_000, random = Math.random): number {
  return Math.min(maxMs, baseMs * 2 ** (attempt - 1)) * (0.5 + random());
}

async function fetchWithRetry(url: string, opts: FetchOptions): Promise<Answer> {
  const retries = opts.retries ?? 4;
  const base = opts.backoffMs ?? 250;
  const target = new URL(url);
  let last: UpstreamError | null = null;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(backoffDelay(attempt, base, opts.maxBackoffMs));
    let res: Dispatcher.ResponseData;
    try {
      const headers: Record<string, string> = { ...opts.headers };
      let body: string | undefined;
      if (opts.body instanceof URLSearchParams) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = opts.body.toString();
      } else if (typeof opts.body === 'string') {
        headers['content-type'] = 'application/json';
        body = opts.body;
      }
      res = await request(target, {
        method: opts.method ?? 'GET',
        body,
        headers,
        dispatcher: agentFor(target),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (e) {
      const timeout = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
      last = new UpstreamError(
        `${timeout ? 'timeout' : 'network error'}: ${(e as Error).message}`,
        'unavailable',
      );
      continue;
    }
    if (res.statusCode >= 500 || res.statusCode === 429) {
      last = new UpstreamError(`upstream ${res.statusCode}`, 'unavailable', res.statusCode);
      await res.body.dump().catch(() => {});
      continue;
    }
    if (res.statusCode >= 400) {
      await res.body.dump().catch(() => {});
      throw new UpstreamError(`upstream ${res.statusCode}`, 'rejected', res.statusCode);
    }
    return { status: res.statusCode, url, body: res.body, headers: res.headers };
  }
  throw last ?? new UpstreamError('upstream unavailable', 'unavailable');
}

export async function fetchJson<T>(url: string, opts: FetchOptions = {}): Promise<T> {
  const res = await fetchWithRetry(url, opts);
  try {
    return (await res.body.json()) as T;
  } catch (e) {
    throw new UpstreamError(`not JSON: ${(e as Error).message}`, 'malformed');
  }
}

/** A JSON answer with the cookies it sets (WeChat Reading's login and renewal hand out cookies). */
export async function fetchJsonSettingCookies<T>(
  url: string,
  opts: FetchOptions = {},
): Promise<{ json: T; cookies: Record<string, string> }> {
  const res = await fetchWithRetry(url, opts);
  const raw = res.headers['set-cookie'];
  const cookies: Record<string, string> = {};
  for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
    const pair = line.split(';')[0] ?? '';
    const i = pair.indexOf('=');
    if (i > 0) cookies[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  try {
    return { json: (await res.body.json()) as T, cookies };
  } catch (e) {
    throw new UpstreamError(`not JSON: ${(e as Error).message}`, 'malformed');
  }
}

export async function fetchText(
  url: string,
  opts: FetchOptions = {},
): Promise<{ url: string; text: string }> {
  const res = await fetchWithRetry(url, opts);
  try {
    return { url: res.url, text: await res.body.text() };
  } catch (e) {
    throw new UpstreamError(`body not read: ${(e as Error).message}`, 'unavailable');
  }
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
