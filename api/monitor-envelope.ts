import type { Context } from 'hono';
import type { z } from 'zod';
import { M } from '../contract/member-texts';
import type { Member } from '../members/sessions';
import { httpStatusOf, readInput } from './envelope';
import type { Refusals } from './http/mount';
import { memberOf } from './member-session';

/**
 * The envelope and inputs of the /fbmain/monitor/v1 calls (spec §8: monitor calls answer `status` 200 on
 * success; 4002 means the level or the month's counts are insufficient), shared by the monitoring orders, the
 * history back-collection and the brand/contrast calls.
 */

/** Field names shown in validation messages. */
const LABELS: Record<string, string> = {
  url: '链接 (url)',
  mid: '公众号ID (mid)',
  mids: '公众号ID列表 (mids)',
  wxid: '公众号 (wxid)',
  freq: '监测频率 (freq)',
  days: '时间范围 (days)',
  position: '位置 (position)',
  task_id: '任务ID (task_id)',
  request_id: '回采任务 (request_id)',
  action: '操作 (action)',
  page: '页码 (page)',
  pagesize: '每页条数 (pagesize)',
  state: '状态 (state)',
  keyword: '关键词 (keyword)',
  kw: '关键词 (kw)',
  aid: '文章ID (aid)',
  owner: '主体 (owner)',
  sort: '排序 (sort)',
  type: '类型 (type)',
};

/** The first issue as 参数错误：<field label> <message>; a module's own `labels` win over the shared ones. */
export const describeMonitorIssues = (e: z.ZodError, labels: Record<string, string> = {}) => {
  const first = e.issues[0];
  if (!first) return '参数错误';
  const field = String(first.path[0] ?? '');
  return `参数错误：${labels[field] ?? LABELS[field] ?? field} ${first.message}`;
};

/** Any envelope answer, under the /fbmain status rule (envelope.ts httpStatusOf): refusals go out as HTTP 200. */
export const answer = (c: Context, status: number, msg: string, extra: Record<string, unknown> = {}) =>
  c.json({ status, msg, ...extra }, httpStatusOf(status));

export const okData = <T>(c: Context, data: T, extra: Record<string, unknown> = {}) =>
  c.json({ status: 200, msg: 'success', ...extra, data });

/** Validates query and body; a failure answers status 400 with the first issue in Chinese. */
export async function parse<S extends z.ZodType>(
  c: Context,
  schema: S,
  labels?: Record<string, string>,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  const r = schema.safeParse(await readInput(c));
  return r.success
    ? { ok: true, data: r.data }
    : { ok: false, response: answer(c, 400, describeMonitorIssues(r.error, labels)) };
}

/**
 * The refusals of a monitor call mounted by contract entry: bad input as 参数错误：<label> <message>, and (unless
 * `gateAfterInput`, where the call checks the input before the member) the member gate of `member`.
 */
export const monitorRefusals = (
  labels: Record<string, string> = {},
  opts: { gateAfterInput?: boolean } = {},
): Refusals => ({
  invalid: (c, e) => answer(c, 400, describeMonitorIssues(e, labels)),
  gate: opts.gateAfterInput ? () => null : member,
});

/** A visitor gets 用户未登录 (status 401 and the error_code the dashboard clears its session on). */
export function member(c: Context): Member | Response {
  const m = memberOf(c);
  return m ?? answer(c, 401, M.NOT_LOGGED_IN, { error_code: 40001 });
}

/** The member when `allowed`, else 用户未登录 for a visitor or status 4002 with `msg` for a lower level. */
export function memberWith(c: Context, allowed: (m: Member) => boolean, msg: string): Member | Response {
  const m = member(c);
  if (m instanceof Response || allowed(m)) return m;
  return answer(c, 4002, msg, { error_code: 40002 });
}
