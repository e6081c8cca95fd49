import { randomUUID } from 'node:crypto';
import type { InclusionResult } from '../contract/shapes/inclusion';
import type { ApiDeps } from './deps';
import { progressOf } from './queries/crawl-progress';

/**
 * Inclusion (收录) requests: the API hands names and links to the collectors on `crawl.requests` and reads their
 * answers from ClickHouse crawl_progress (written by the stream).
 */

/** How long collect_mp waits for the collector's answer before saying the request is being processed. */
export const INCLUSION_WAIT_MS = 20_000;
/**
 * A collector's failure is shown as written only when it is a Chinese sentence: judged by how it starts, since an
 * English error may quote a Chinese input ("…: 某公众号").
 */
export const chineseSentence = (message: string) =>
  /^[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(message);
export const failureText = (message: string) =>
  chineseSentence(message) ? message : '收录失败，请检查输入或稍后重试';

export type InclusionOutcome =
  | { state: 'done'; data: InclusionResult }
  | { state: 'failed'; msg: string }
  | { state: 'pending'; data: InclusionResult };

const PENDING_TIP = '收录请求已提交，正在处理中，文章将在10分钟内更新';

/**
 * Hands inclusion inputs (收录: 1–30 characters an account name, else an article link) to the collectors on
 * `crawl.requests`, one request each, and waits up to INCLUSION_WAIT_MS for their answers in crawl_progress.
 * collect_mp sends one input, collect_mp2 several; both answer with these outcomes.
 */
export async function includeInputs(deps: ApiDeps, inputs: string[]): Promise<InclusionOutcome[]> {
  const bus = deps.bus;
  if (!bus) throw new Error('no bus');
  const ids = inputs.map(() => randomUUID());
  await bus.publish(
    'crawl.requests',
    inputs.map((input, i) => ({
      key: input,
      value: { request_id: ids[i] as string, kind: 'include' as const, input, requested_at: Date.now() },
    })),
  );
  const outcomes = new Map<string, InclusionOutcome>();
  const until = Date.now() + INCLUSION_WAIT_MS;
  for (;;) {
    const open = ids.filter((id) => !outcomes.has(id));
    const progress = await progressOf(deps.store, open);
    for (const id of open) {
      const p = progress.get(id);
      if (p?.state === 'done' && p.result)
        outcomes.set(id, { state: 'done', data: JSON.parse(p.result) as InclusionResult });
      else if (p?.state === 'failed') outcomes.set(id, { state: 'failed', msg: failureText(p.message) });
    }
    if (outcomes.size === ids.length || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return ids.map(
    (id) =>
      outcomes.get(id) ?? {
        state: 'pending',
        data: { code: 0, tip: PENDING_TIP, is_success: false, data: [], data2: [], request_id: id },
      },
  );
}
