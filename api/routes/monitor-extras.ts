import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../members/membership';
import { M } from '../../members/messages';
import type { Member } from '../../members/sessions';
import { collectedMedia, setAccountMedia } from '../account-overrides-query';
import type { ApiDeps } from '../deps';
import { readInput } from '../envelope';
import { accountId } from '../inputs';
import { memberOf } from '../member-session';
import { type ArticleRef, articleRefOf, spendTime, zanLookReport } from '../report-extras-query';

/**
 * The envelope of the monitor calls (spec §8: `status` 200 on success), shared by monitor/v1 extras and monitor/v3.
 * Failures carry the HTTP status in `status`; a visitor also gets error_code 40001, which clears the dashboard's session.
 */
export const answer = (c: Context, status: number, msg: string, extra: Record<string, unknown> = {}) =>
  c.json({ status, msg, ...extra }, status as 400);
export const okData = <T>(c: Context, data: T, msg = 'success') => c.json({ status: 200, msg, data });

const LABELS: Record<string, string> = {
  post: '报告文章 (post)',
  url: '文章链接 (url)',
  mid: '公众号ID (mid)',
  media: '行业 (media)',
  note: '备注 (note)',
  clear: '清除修正 (clear)',
};
export const describe = (e: z.ZodError) => {
  const first = e.issues[0];
  if (!first) return '参数错误';
  const field = String(first.path[0] ?? '');
  return `参数错误：${LABELS[field] ?? field} ${first.message}`;
};

export async function parse<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  const r = schema.safeParse(await readInput(c));
  return r.success ? { ok: true, data: r.data } : { ok: false, response: answer(c, 400, describe(r.error)) };
}

/** The member, or 用户未登录 (status 401 with error_code 40001). */
export function member(c: Context): Member | Response {
  return memberOf(c) ?? answer(c, 401, M.NOT_LOGGED_IN, { error_code: 40001 });
}

const blank = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v);
const text = (max: number) => z.preprocess(blank, z.string().trim().max(max, '格式不正确').optional());

/** An article named by post (`<mid>_<aid>`) or by its link; post wins. */
export const articleInput = z
  .object({ post: text(64), url: text(2000) })
  .refine((v) => v.post !== undefined || v.url !== undefined, {
    message: '不能为空（请提供 post 或文章链接 url）',
    path: ['post'],
  });

/** The article the call names, or the answer to send instead. */
export async function articleOf(c: Context, deps: ApiDeps): Promise<ArticleRef | Response> {
  const input = await parse(c, articleInput);
  if (!input.ok) return input.response;
  const r = await articleRefOf(deps.store, input.data);
  return r.ok ? r.ref : answer(c, r.status, r.msg);
}

/** An industry name: letters, digits and a few joiners, as industries are named (科技, 财经, IT/互联网…). */
const industry = z
  .string()
  .trim()
  .min(1, '不能为空')
  .max(20, '最长 20 个字')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}·&/、 -]*$/u, '只能包含文字、数字和 ·&/、-');

const overrideInput = z
  .object({
    mid: accountId,
    // The call is named for the account's type: `type` is accepted as the industry too.
    media: z.preprocess(blank, industry.optional()),
    type: z.preprocess(blank, industry.optional()),
    note: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z.string().trim().max(200, '最长 200 个字'),
    ),
    clear: z.preprocess(
      (v) => (blank(v) === undefined ? 0 : v),
      z.coerce.number({ message: '只能是 0 或 1' }).int().min(0, '只能是 0 或 1').max(1, '只能是 0 或 1'),
    ),
  })
  .refine((v) => v.clear === 1 || v.media !== undefined || v.type !== undefined, {
    message: '不能为空（请填写行业，或 clear=1 清除修正）',
    path: ['media'],
  });

/** Monitor extras (/monitor/v1): the admin's account-type override, and two views of a monitored article's series. */
export function monitorExtraRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  // Admin only: set (or clear) an account's industry; applied wherever accounts are read (accounts_effective).
  app.post('/ManualSetMpAccountType', async (c) => {
    const input = await parse(c, overrideInput);
    if (!input.ok) return input.response;
    const me = member(c);
    if (me instanceof Response) return me;
    if (!can.admin(me)) return answer(c, 403, M.ADMIN_ONLY, { error_code: 40002 });
    const q = input.data;
    const collected = await collectedMedia(deps.store, q.mid);
    if (collected === null) return answer(c, 404, '公众号不存在或尚未收录');
    const media = q.clear === 1 ? null : ((q.media ?? q.type) as string);
    const r = await setAccountMedia(
      { store: deps.store, db: deps.members.db },
      { mid: q.mid, media, collected, note: q.note, adminId: me.id },
    );
    return okData(c, r, media === null ? '已清除人工修正' : M.UPDATED);
  });

  // Reads, likes (zan) and 在看 (look) of a monitored article over time, with what each hour added.
  app.on(['GET', 'POST'], '/read_zan_look_report', async (c) => {
    const ref = await articleOf(c, deps);
    if (ref instanceof Response) return ref;
    const me = member(c);
    if (me instanceof Response) return me;
    const r = await zanLookReport(deps.store, ref);
    return r ? okData(c, r) : answer(c, 404, '文章不存在或尚未采集');
  });

  // How long the article took to reach 1千/1万/10万 reads, and its reads hour by hour after publishing.
  app.on(['GET', 'POST'], '/spend_time', async (c) => {
    const ref = await articleOf(c, deps);
    if (ref instanceof Response) return ref;
    const me = member(c);
    if (me instanceof Response) return me;
    const r = await spendTime(deps.store, ref);
    return r ? okData(c, r) : answer(c, 404, '文章不存在或尚未采集');
  });

  return app;
}
