import type { Context } from 'hono';
import { z } from 'zod';
import { M } from '../members/messages';
import type { Member } from '../members/sessions';
import { readInput } from './envelope';
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

export const blankToUndefined = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v);

/** A number field: missing → 不能为空, not a number → 必须是数字, then the given rule. */
export const num = (rule: (n: number) => boolean, msg: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' ? Number(b.trim()) : b;
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? '不能为空' : '必须是数字') })
      .refine((n) => Number.isInteger(n) && rule(n), msg),
  );

/**
 * A required text field of at most `max` characters (trimmed; blank reads as missing). NUL is refused: PostgreSQL
 * text cannot hold it, and no order number, link or keyword contains one.
 */
export const text = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: (iss) => (iss.input === undefined ? '不能为空' : '必须是文本') })
      .trim()
      .min(1, '不能为空')
      .max(max, `不能超过 ${max} 个字符`)
      .refine((s) => !s.includes('\u0000'), '不能包含空字符'),
  );

/** An account id. */
export const midField = num((n) => n > 0 && Number.isSafeInteger(n), '无效');

/** page (1…10000) and pagesize (1…max, default `byDefault`). */
export const paging = (max = 50, byDefault = 10) => ({
  page: num((n) => n >= 1 && n <= 10_000, '最小为 1，最大为 10000').default(1),
  pagesize: num((n) => n >= 1 && n <= max, `只能是 1 到 ${max}`).default(byDefault),
});

/** Any envelope answer; 4002 goes out as HTTP 403, other codes as their own HTTP status. */
export const answer = (c: Context, status: number, msg: string, extra: Record<string, unknown> = {}) =>
  c.json({ status, msg, ...extra }, (status === 4002 ? 403 : status) as 400);

export const okData = <T>(c: Context, data: T, extra: Record<string, unknown> = {}) =>
  c.json({ status: 200, msg: 'success', ...extra, data });

/** Validates query and body; a failure answers 400 with the first issue in Chinese. */
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
