import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../members/membership';
import { M } from '../../members/messages';
import { collectedMedia, setAccountMedia } from '../account-overrides-query';
import type { ApiDeps } from '../deps';
import { accountId } from '../inputs';
import { answer, member, okData, parse } from '../monitor-envelope';
import { canReadSeries } from '../monitor-series-access';
import { type ArticleRef, articleRefOf, spendTime, zanLookReport } from '../report-extras-query';

/** Labels of this module's own fields; the rest come from the shared monitor envelope. */
const LABELS: Record<string, string> = {
  post: '报告文章 (post)',
  url: '文章链接 (url)',
  media: '行业 (media)',
  note: '备注 (note)',
  clear: '清除修正 (clear)',
};

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
  const input = await parse(c, articleInput, LABELS);
  if (!input.ok) return input.response;
  const r = await articleRefOf(deps.store, input.data);
  return r.ok ? r.ref : answer(c, r.status, r.msg);
}

/**
 * A members' call on one article: the input, then the member, then `read`; 404 with `missing` when it has nothing.
 * `series` calls show the article's monitoring series: only its monitors' members read one (monitor-series-access).
 */
export const articleCall =
  <T>(
    deps: ApiDeps,
    read: (store: ApiDeps['store'], ref: ArticleRef) => Promise<T | null>,
    missing: string,
    opts: { series?: boolean } = {},
  ) =>
  async (c: Context) => {
    const ref = await articleOf(c, deps);
    if (ref instanceof Response) return ref;
    const me = member(c);
    if (me instanceof Response) return me;
    if (opts.series && !(await canReadSeries(deps, me, ref)))
      return answer(c, 403, M.MONITOR_SERIES_OWNER_ONLY);
    const r = await read(deps.store, ref);
    return r ? okData(c, r) : answer(c, 404, missing);
  };

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
    const input = await parse(c, overrideInput, LABELS);
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
    return okData(c, r, { msg: media === null ? '已清除人工修正' : M.UPDATED });
  });

  // Reads, likes (zan) and 在看 (look) of a monitored article over time, with what each hour added.
  app.on(
    ['GET', 'POST'],
    '/read_zan_look_report',
    articleCall(deps, zanLookReport, '文章不存在或尚未采集', { series: true }),
  );
  // How long the article took to reach 1千/1万/10万 reads, and its reads hour by hour after publishing.
  app.on(
    ['GET', 'POST'],
    '/spend_time',
    articleCall(deps, spendTime, '文章不存在或尚未采集', { series: true }),
  );

  return app;
}
