// Single fetch wrapper for every backend call under /fbmain.
import type { ApiEnvelope, UserInfo } from './types';

export const API_PREFIX = '/fbmain';
const TIMEOUT_MS = 50_000;
const FALLBACK_MESSAGE = '请求失败';
const SESSION_KEY = 'userInfo';
/** error_code and message of the 'user not logged in' answer. */
export const NOT_LOGGED_IN_CODE = 40001;
export const NOT_LOGGED_IN_MESSAGE = '用户未登录';

type ParamValue = string | number | boolean | null | undefined;
export type Params = Record<string, ParamValue>;

/** Error thrown for failed calls; `message` is the Chinese text to show. */
export class ApiError extends Error {
  readonly code: number | undefined;

  constructor(message: string, code?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }
}

/** Access token of the stored session, or '' when there is none. */
export function readAccessToken(): string {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return '';
    const info = JSON.parse(raw) as Partial<UserInfo> | null;
    return typeof info?.accessToken === 'string' ? info.accessToken : '';
  } catch {
    return '';
  }
}

/** Fired on window whenever this tab changes the stored session, so the UI can follow it. */
export const SESSION_CHANGED_EVENT = 'gzh-session-changed';

/** Spec §8: a 'user not logged in' answer removes the local session. */
function clearSession(): void {
  try {
    localStorage.removeItem(SESSION_KEY);
  } catch {
    // storage unavailable; nothing to clear
  }
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

/**
 * The failure code of an envelope, or undefined on success. Most calls answer `error_code` (0 = success);
 * monitor, link and applet calls answer `status` (200 = success) instead (spec §8).
 */
function failureCode(envelope: ApiEnvelope<unknown> | null | undefined): number | undefined {
  if (envelope === null || typeof envelope !== 'object') return undefined;
  if (typeof envelope.error_code === 'number' && envelope.error_code !== 0) return envelope.error_code;
  if (typeof envelope.status === 'number' && envelope.status !== 200) return envelope.status;
  return undefined;
}

function toSearchParams(params: Params): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    out.append(key, String(value));
  }
  return out;
}

/** Form-encoded body for POST calls. */
export function formBody(fields: Params): URLSearchParams {
  return toSearchParams(fields);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Params;
  body?: URLSearchParams;
  signal?: AbortSignal;
}

interface Fetched<T> {
  envelope: ApiEnvelope<T>;
  httpStatus: number;
}

async function fetchEnvelope<T>(path: string, options: RequestOptions): Promise<Fetched<T>> {
  const { method = 'GET', query, body, signal } = options;
  const qs = query ? toSearchParams(query).toString() : '';
  const url = `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;

  // 50 s timeout; also follow the caller's signal (react-query cancellation).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(url, {
      method,
      body,
      credentials: 'include',
      headers: { accessToken: readAccessToken(), Accept: 'application/json' },
      signal: controller.signal,
    });
    let envelope: ApiEnvelope<T>;
    try {
      envelope = (await response.json()) as ApiEnvelope<T>;
    } catch {
      throw new ApiError(FALLBACK_MESSAGE, response.status);
    }
    if (envelope === null || typeof envelope !== 'object')
      throw new ApiError(FALLBACK_MESSAGE, response.status);
    return { envelope, httpStatus: response.status };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(FALLBACK_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestSuccess<T>(path, options)).data as T;
}

/**
 * Like request, but answers the whole successful envelope: some flows act on its `msg` or `code`
 * (send code, reset, profile submit; spec §8). Failure codes throw ApiError as request does.
 */
export async function requestSuccess<T>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  const { envelope, httpStatus } = await fetchEnvelope<T>(path, options);
  const code = failureCode(envelope);
  if (code === undefined && (httpStatus < 200 || httpStatus > 299))
    throw new ApiError(FALLBACK_MESSAGE, httpStatus);
  if (code !== undefined) {
    if (code === NOT_LOGGED_IN_CODE || envelope.msg === NOT_LOGGED_IN_MESSAGE) clearSession();
    throw new ApiError(envelope.msg || FALLBACK_MESSAGE, code);
  }
  return envelope;
}

/**
 * The raw envelope of a call whatever its HTTP status, for the few calls whose envelope carries its own code
 * (mp_update answers `code`: 0 success, 1 notice, others a warning, spec §8). Transport failures throw ApiError.
 */
export async function requestEnvelope<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiEnvelope<T>> {
  const { envelope } = await fetchEnvelope<T>(path, options);
  if (envelope.error_code === NOT_LOGGED_IN_CODE || envelope.msg === NOT_LOGGED_IN_MESSAGE) clearSession();
  return envelope;
}

export function apiGet<T>(path: string, query?: Params, signal?: AbortSignal): Promise<T> {
  return request<T>(path, { method: 'GET', query, signal });
}

export function apiPostForm<T>(path: string, fields: Params, signal?: AbortSignal): Promise<T> {
  return request<T>(path, { method: 'POST', body: formBody(fields), signal });
}
