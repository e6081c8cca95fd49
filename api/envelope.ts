import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';

// Rules without a message of their own still answer in Chinese (zod's zh-CN locale).
z.config(z.locales.zhCN());

/** Codes of the /fbmain envelope (spec §8) plus the platform's own for bad input and missing objects. */
export const Codes = {
  OK: 0,
  BAD_INPUT: 40000,
  LEVEL_INSUFFICIENT: 40002,
  FORBIDDEN: 40003,
  NOT_FOUND: 40004,
  ALREADY_IN_GROUP: 40005,
  /** Too many calls (HTTP 429 with Retry-After); the same number as the open API's rate limit. */
  RATE_LIMITED: 42900,
  INTERNAL: 50000,
  UNAVAILABLE: 50300,
} as const;

export const ok = <T>(c: Context, data: T) => c.json({ error_code: Codes.OK, msg: 'success', data });

/**
 * The HTTP status rule of /fbmain (docs/api.md "HTTP 状态码规则"): a refusal the spec's client reads from the body
 * (§8: bad input, not logged in, level insufficient, forbidden, not found, conflicts, business refusals) goes out
 * as HTTP 200 with its body code, since a client that rejects non-2xx would show only "request failed". Only
 * answers no body code is meant for keep their status: 413 body too large, 429 rate limited, 5xx.
 * `kind` is the refusal's nature in HTTP terms (400 bad input, 401, 403, 404, 409, 422, …).
 */
export const httpStatusOf = (kind: number): ContentfulStatusCode =>
  kind === 413 || kind === 429 || (kind >= 500 && kind <= 599) ? (kind as ContentfulStatusCode) : 200;

/** A refusal in the error_code envelope, under the status rule above (`kind`: see httpStatusOf). */
export const fail = (c: Context, kind: number, error_code: number, msg: string) =>
  c.json({ error_code, msg }, httpStatusOf(kind));

/**
 * A refusal whose HTTP status is itself read: the paid open API (API customers' clients read statuses, as
 * documented) and /fbmain paths that are no call at all (404).
 */
export const failWithStatus = (c: Context, status: ContentfulStatusCode, error_code: number, msg: string) =>
  c.json({ error_code, msg }, status);

/** Field names shown in validation messages. */
export const FIELD_LABELS: Record<string, string> = {
  mId: '公众号ID (mId)',
  mid: '公众号ID (mid)',
  id: '公众号ID (id)',
  pagesize: '每页条数 (pagesize)',
  days: '时间范围 (days)',
  orderby: '排序 (orderby)',
  page: '页码 (page)',
  num: '每页条数 (num)',
  kw: '关键词 (kw)',
  keyword: '关键词 (keyword)',
  kw_type: '搜索范围 (kw_type)',
  is_hot: '只看爆文 (is_hot)',
  top: '只看头条 (top)',
  start_time: '开始日期 (start_time)',
  end_time: '结束日期 (end_time)',
  url: '链接地址 (url)',
  post: '报告文章 (post)',
  type: '类型 (type)',
  aid: '文章ID (aid)',
  article_url: '文章链接 (article_url)',
  mids: '公众号ID列表 (mids)',
  finder_id: '视频号ID (finder_id)',
  appid: '小程序 appid (appid)',
  name: '名称 (name)',
  media: '行业 (media)',
  area: '地区 (area)',
  fans_min: '最少粉丝 (fans_min)',
  fans_max: '最多粉丝 (fans_max)',
  min_read: '最少阅读 (min_read)',
  max_read: '最多阅读 (max_read)',
  sort: '排序 (sort)',
  path: '页面路径 (path)',
  wxname: '公众号名称 (wxname)',
  format: '格式 (format)',
  request_id: '请求编号 (request_id)',
  vid: '访客标识 (vid)',
  tag: '二级分类 (tag)',
  period: '周期 (period)',
  date: '日期 (date)',
  group_id: '分组 (group_id)',
  urls: '链接列表 (urls)',
  size: '图片尺寸 (size)',
};

export function describeIssues(error: z.ZodError, labels: Record<string, string> = FIELD_LABELS): string {
  const first = error.issues[0];
  if (!first) return '参数错误';
  const field = String(first.path[0] ?? '');
  return `参数错误：${labels[field] ?? field} ${first.message}`;
}

/** Reads query and (for POST/PUT/DELETE) form or JSON body into one object; a malformed body reads as empty. */
export async function readInput(c: Context): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = { ...c.req.query() };
  if (c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'DELETE') {
    const type = c.req.header('content-type') ?? '';
    try {
      if (type.includes('application/json')) copyFields(input, await c.req.json());
      else if (type.includes('form')) copyFields(input, await c.req.parseBody({ all: true }));
    } catch {
      // Unparseable bodies fall through to schema validation, which names the missing field.
    }
  }
  return input;
}

/** Copies a body's own fields; `__proto__` and friends are dropped so a body cannot change the input's prototype. */
function copyFields(into: Record<string, unknown>, body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  for (const [k, v] of Object.entries(body))
    if (k !== '__proto__' && k !== 'constructor' && k !== 'prototype') into[k] = v;
}

export async function parseInput<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  const r = schema.safeParse(await readInput(c));
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, response: fail(c, 400, Codes.BAD_INPUT, describeIssues(r.error)) };
}
