import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../members/membership';
import { M, MemberCodes } from '../../members/messages';
import { addDays, beijingDay, daysBetween } from '../../stream/analytics/periods';
import { accountTrend } from '../account-trend-query';
import { getAccount } from '../accounts-query';
import type { ApiDeps } from '../deps';
import { Codes, describeIssues, fail, ok, readInput } from '../envelope';
import { depthWindow } from '../history-depth';
import { accountId, optionalDate, pageNumber, pageSize } from '../inputs';
import { keywordHitDetail } from '../keyword-detail-query';
import { ensureKeywordTerms, memberKeywords } from '../keywords-query';
import { memberOf, notLoggedIn, requireLevel, requireMember } from '../member-session';
import { articleRefOf, reportReadiness } from '../report-extras-query';
import {
  addReportFavorite,
  isReportFavorite,
  REPORT_FAVORITE_LIMIT,
  removeReportFavorite,
  reportFavorites,
} from '../report-favorites-query';
import { countInclusions, inclusionLimit, memberUpstreamLimit } from '../throttle';
import { type InclusionData, includeInputs, requestAccountUpdate } from './inclusion';

/** Lines one collect_mp2 request may carry. */
export const BATCH_INCLUSION_MAX = 20;
/** Longest window of t_detail_statistic, in days (spec: 7, 30 or 90). */
export const TREND_MAX_DAYS = 90;

/** Labels of this module's fields where envelope.ts names them otherwise or not at all. */
const LABELS: Record<string, string> = {
  url: '文章链接 (url)',
  post: '报告文章 (post)',
  content: '收录内容 (content)',
};
const describe = (e: z.ZodError) => {
  const field = String(e.issues[0]?.path[0] ?? '');
  return LABELS[field] ? `参数错误：${LABELS[field]} ${e.issues[0]?.message}` : describeIssues(e);
};
async function parse<S extends z.ZodType>(c: Context, schema: S, input?: Record<string, unknown>) {
  const r = schema.safeParse(input ?? (await readInput(c)));
  return r.success
    ? { ok: true as const, data: r.data as z.output<S> }
    : { ok: false as const, response: fail(c, 400, Codes.BAD_INPUT, describe(r.error)) };
}

const blank = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v);
const text = (max: number) => z.preprocess(blank, z.string().trim().max(max, '格式不正确').optional());
/** An article by post (`<mid>_<aid>`) or by link; post wins. */
const articleInput = z
  .object({ post: text(64), url: text(2000) })
  .refine((v) => v.post !== undefined || v.url !== undefined, {
    message: '不能为空（请提供 post 或文章链接 url）',
    path: ['post'],
  });

/** Every non-empty line of the batch fields, trimmed, first occurrence kept. */
function batchLines(raw: Record<string, unknown>): string[] {
  const values = ['content', 'wxname', 'article_url'].flatMap((k) => {
    const v = raw[k];
    return (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).map(String);
  });
  const lines = values.flatMap((v) => v.split(/\r?\n/)).map((l) => l.trim());
  return [...new Set(lines.filter(Boolean))];
}

type Included = InclusionData['data'][number];

/**
 * Search extras (/search/v1): batch inclusion (collect_mp2), owner-info refresh (update_zhuti_info), the detail
 * statistics as a trend (t_detail_statistic), favourite reports (favorite_report_option), whether a report exists
 * (isExistReport) and the public-opinion detail of one keyword hit (main/detail).
 */
export function searchExtraRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const { store } = deps;
  const db = deps.members.db;

  // Batch inclusion: one name or link per line, each handled as collect_mp handles one, answered together.
  app.post('/collect_mp2', async (c) => {
    const raw = await readInput(c);
    const lines = batchLines(raw);
    if (lines.length === 0) return fail(c, 400, Codes.BAD_INPUT, '请输入公众号名称或文章链接，每行一个');
    if (lines.length > BATCH_INCLUSION_MAX)
      return fail(c, 400, Codes.BAD_INPUT, `一次最多提交 ${BATCH_INCLUSION_MAX} 条，请分批提交`);
    if (lines.some((l) => l.length > 2000))
      return fail(c, 400, Codes.BAD_INPUT, '参数错误：每行最长 2000 个字符');
    const me = memberOf(c);
    if (!me) return notLoggedIn(c);
    if (!deps.bus) return fail(c, 503, Codes.UNAVAILABLE, '收录服务暂不可用，请稍后重试');
    const limited =
      (await inclusionLimit(c, deps, me)) ?? (await memberUpstreamLimit(c, deps, me, lines.length));
    if (limited) return limited;
    const outcomes = await includeInputs(deps, lines);
    const results = outcomes.map((o, i) => ({
      input: lines[i] as string,
      ...(o.state === 'failed'
        ? { code: 0, tip: o.msg, is_success: false, data: [] as Included[], data2: [] as Included[] }
        : o.data),
    }));
    const fresh = new Map<number, Included>();
    const known = new Map<number, Included>();
    for (const r of results) {
      for (const a of r.data) fresh.set(a.mid, a);
      for (const a of r.data2) known.set(a.mid, a);
    }
    for (const mid of fresh.keys()) known.delete(mid);
    await countInclusions(deps, me, fresh.size);
    const succeeded = results.filter((r) => r.is_success).length;
    const pending = outcomes.filter((o) => o.state === 'pending').length;
    const failed = results.length - succeeded - pending;
    const tip =
      results.length === 1
        ? (results[0]?.tip ?? '')
        : [
            `共 ${results.length} 条：新收录 ${fresh.size} 个公众号，已收录 ${known.size} 个`,
            failed > 0 ? `${failed} 条未找到或失败` : '',
            pending > 0 ? `${pending} 条处理中，文章将在10分钟内更新` : '',
          ]
            .filter(Boolean)
            .join('，');
    return ok(c, {
      code: succeeded > 0 ? 1 : 0,
      tip,
      is_success: succeeded > 0,
      data: [...fresh.values()],
      data2: [...known.values()],
      total: results.length,
      succeeded,
      failed,
      pending,
      results,
    });
  });

  // Owner (主体) refresh: the collectors re-read the account's profile; owner info is for deluxe and above.
  app.post('/update_zhuti_info', (c) =>
    requestAccountUpdate(
      c,
      deps,
      { allowed: can.ownerInfo, levelMsg: M.OWNER_LEVEL, okMsg: '主体信息刷新中，稍后刷新页面即可查看' },
      (a) => ({ owner: a.owner, area: a.area }),
    ),
  );

  // The basic-analysis figures per day: the same paid levels as detail_statistic, within the history depth.
  const trendInput = z
    .object({
      mId: accountId,
      days: z.coerce
        .number({ message: '必须是数字' })
        .refine((d) => [7, 30, 90].includes(d), '只能是 7、30 或 90')
        .default(30),
      start_time: optionalDate,
      end_time: optionalDate,
    })
    .refine((v) => (v.start_time === undefined) === (v.end_time === undefined), {
      message: '请同时选择开始日期和结束日期',
      path: ['start_time'],
    })
    .refine((v) => !v.start_time || !v.end_time || v.start_time <= v.end_time, {
      message: '不能早于开始日期',
      path: ['end_time'],
    })
    .refine((v) => !v.start_time || !v.end_time || daysBetween(v.start_time, v.end_time) < TREND_MAX_DAYS, {
      message: `时间跨度不能超过 ${TREND_MAX_DAYS} 天`,
      path: ['end_time'],
    });
  app.on(['GET', 'POST'], '/t_detail_statistic', async (c) => {
    const raw = await readInput(c);
    // detail_statistic's field is mId; the account pages also send mid.
    const input = await parse(c, trendInput, { ...raw, mId: raw.mId ?? raw.mid });
    if (!input.ok) return input.response;
    const member = requireLevel(c, can.paidFeature);
    if (member instanceof Response) return member;
    const q = input.data;
    const account = await getAccount(store, q.mId);
    if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    const now = deps.clock.now();
    const today = beijingDay(now);
    const end = q.end_time && q.end_time < today ? q.end_time : today;
    // History depth by level (spec §6), enforced on the server: nothing before the member's earliest day.
    const { start, earliest, limited } = depthWindow(
      member,
      now,
      q.start_time ?? addDays(today, -(q.days - 1)),
    );
    const { list, total } = await accountTrend(store, q.mId, start, end);
    return ok(c, {
      mid: q.mId,
      name: account.name,
      start,
      end,
      earliest,
      depth_limited: limited ? 1 : 0,
      dates: list.map((d) => d.date),
      list,
      total,
    });
  });

  // --- Favourite fake-traffic reports, by post. ---
  const postInput = z.object({ post: z.preprocess(blank, z.string({ message: '不能为空' }).trim().max(64)) });
  const postRef = async (c: Context) => {
    const input = await parse(c, postInput);
    if (!input.ok) return input.response;
    const r = await articleRefOf(store, { post: input.data.post });
    return r.ok ? r.ref : fail(c, r.status, Codes.BAD_INPUT, r.msg);
  };

  app.get('/favorite_report_option', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const raw = await readInput(c);
    if (blank(raw.post) !== undefined) {
      const ref = await postRef(c);
      if (ref instanceof Response) return ref;
      return ok(c, {
        post: `${ref.mid}_${ref.aid}`,
        is_favorite: (await isReportFavorite(db, me.id, ref)) ? 1 : 0,
      });
    }
    const input = await parse(c, z.object({ page: pageNumber, num: pageSize(50, 20) }), raw);
    if (!input.ok) return input.response;
    return ok(c, await reportFavorites(db, store, me.id, input.data.page, input.data.num));
  });

  app.post('/favorite_report_option', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const ref = await postRef(c);
    if (ref instanceof Response) return ref;
    const [known] = await store.query<{ n: string }>(
      'SELECT count() AS n FROM articles FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}',
      { mid: ref.mid, aid: ref.aid },
    );
    if (Number(known?.n ?? 0) === 0) return fail(c, 404, Codes.NOT_FOUND, '文章不存在或尚未采集');
    const r = await addReportFavorite(db, me.id, ref);
    if (r === 'exists') return fail(c, 200, MemberCodes.ALREADY_IN_GROUP, '该报告已在收藏中');
    if (r === 'limit') return fail(c, 400, Codes.BAD_INPUT, `最多收藏 ${REPORT_FAVORITE_LIMIT} 份报告`);
    return c.json({ error_code: 0, msg: '收藏成功', data: { post: `${ref.mid}_${ref.aid}` } });
  });

  app.delete('/favorite_report_option', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const ref = await postRef(c);
    if (ref instanceof Response) return ref;
    return (await removeReportFavorite(db, me.id, ref))
      ? c.json({ error_code: 0, msg: '已取消收藏' })
      : fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND);
  });

  // Whether the article has (enough monitoring for) a fake-traffic report: public, like the report link itself.
  app.on(['GET', 'POST'], '/isExistReport', async (c) => {
    const input = await parse(c, articleInput);
    if (!input.ok) return input.response;
    const r = await articleRefOf(store, input.data);
    if (!r.ok) return fail(c, r.status, r.status === 404 ? Codes.NOT_FOUND : Codes.BAD_INPUT, r.msg);
    return ok(c, await reportReadiness(store, r.ref));
  });

  // Public-opinion detail: one article that matched the member's keywords, with the passages around each mention.
  const detailInput = z
    .object({
      post: text(64),
      mid: z.preprocess(blank, accountId.optional()),
      aid: z.preprocess(
        blank,
        z
          .string()
          .trim()
          .regex(/^\d{1,19}_\d{1,2}$/, '格式不正确')
          .optional(),
      ),
      keyword: z.preprocess(blank, z.string().trim().max(20, '不能超过20个字').optional()),
    })
    .refine((v) => v.post !== undefined || (v.mid !== undefined && v.aid !== undefined), {
      message: '不能为空（请提供 post，或 mid 与 aid）',
      path: ['post'],
    });
  app.on(['GET', 'POST'], '/main/detail', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parse(c, detailInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const ref = await articleRefOf(store, { post: q.post ?? `${q.mid}_${q.aid}` });
    if (!ref.ok) return fail(c, ref.status, Codes.BAD_INPUT, ref.msg);
    const mine = (await memberKeywords(db, me.id)).map((k) => k.keyword);
    if (q.keyword !== undefined && !mine.includes(q.keyword))
      return fail(c, 404, Codes.NOT_FOUND, `未订阅关键词"${q.keyword}"，请先添加关键词`);
    const keywords = q.keyword !== undefined ? [q.keyword] : mine;
    await ensureKeywordTerms({ store, db, clock: deps.clock, log: deps.log }, keywords);
    const detail = await keywordHitDetail(store, ref.ref, keywords);
    if (!detail) return fail(c, 404, Codes.NOT_FOUND, '该文章不在您订阅关键词的命中结果中');
    return ok(c, detail);
  });

  return app;
}
