// The one typed way to call a /fbmain call declared in contract/: its path, method and answer type come from the
// entry, so the dashboard restates neither paths nor answer types.
import type { Call, CallInput, CallOutput, Method } from '../../../contract/define';
import { formBody, type Params, type RequestOptions, request, requestSuccess } from './client';

export interface CallOptions {
  signal?: AbortSignal;
  /** The method to use where the entry serves several (default: its first, GET for reads). */
  method?: Method;
}

/**
 * Sends `input` to a call and answers what its entry's output schema declares: the `data` of an error_code
 * envelope, or the fields beside `status` of a status envelope. GET and DELETE carry the input in the query
 * string, POST and PUT as a form body (spec §7). Failures throw ApiError with the Chinese message (client.ts).
 */
function sent(entry: Call, input: unknown, options: CallOptions): RequestOptions {
  const method = options.method ?? entry.methods[0] ?? 'GET';
  const params = input as Params;
  return method === 'GET' || method === 'DELETE'
    ? { method, query: params, signal: options.signal }
    : { method, body: formBody(params), signal: options.signal };
}

export async function call<C extends Call & { envelope: 'error_code' | 'status' }>(
  entry: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<CallOutput<C>> {
  const req = sent(entry, input, options);
  if (entry.envelope === 'error_code') return request<CallOutput<C>>(entry.path, req);
  return (await requestSuccess<never>(entry.path, req)) as unknown as CallOutput<C>;
}

/** Like call, for a call in the error_code envelope whose success message the page shows (已注销, 已保存…). */
export async function callSaying<C extends Call & { envelope: 'error_code' }>(
  entry: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<{ msg: string; data: CallOutput<C> }> {
  const envelope = await requestSuccess<CallOutput<C>>(entry.path, sent(entry, input, options));
  return { msg: envelope.msg ?? '', data: envelope.data as CallOutput<C> };
}
