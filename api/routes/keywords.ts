import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { depthWindow } from '../history-depth';
import { pageNumber, pageSize } from '../inputs';
import {
  dayWindow,
  ensureKeywordTerms,
  type KeywordDeps,
  keywordArticles,
  keywordOverview,
  keywordSeries,
  type MemberKeyword,
  memberKeywords,
} from '../keywords-query';
import { requireMember } from '../member-session';

/** Longest window of the keyword calls, in days; a subscribed term's history reaches 30 days back. */
const MAX_DAYS = 90;

const days = z.coerce
  .number({ message: '必须是数字' })
  .int('必须是整数')
  .min(1, '最小为 1')
  .max(MAX_DAYS, `最大为 ${MAX_DAYS}`)
  .default(7);

/** One of the member's own keywords; empty means all of them. */
const keyword = z.preprocess(
  (v) => (v === undefined || v === null ? undefined : String(v).trim() || undefined),
  z.string().max(20, '不能超过20个字').optional(),
);

const searchInput = z.object({ keyword, page: pageNumber, pagesize: pageSize(50, 20), days });
const seriesInput = z.object({ keyword, days });
const overviewInput = z.object({ days });

/**
 * Keyword monitoring (舆情) for the member's own subscriptions (userkeyword): matched articles
 * (search/v1/user_keyword_search) and per-day counts (main/v1/public_sentimen, main/v1/overview_public).
 * Definitions: docs/analytics.md.
 */
export function keywordRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const kd: KeywordDeps = { store: deps.store, db: deps.members.db, clock: deps.clock, log: deps.log };

  /** The member's keywords the call covers, or the reply when the member may not read them. */
  const selected = async (
    c: Context,
    userId: number,
    only: string | undefined,
  ): Promise<MemberKeyword[] | Response> => {
    const mine = await memberKeywords(kd.db, userId);
    const chosen = only === undefined ? mine : mine.filter((k) => k.keyword === only);
    if (only !== undefined && chosen.length === 0)
      return fail(c, 404, Codes.NOT_FOUND, `未订阅关键词"${only}"，请先添加关键词`);
    await ensureKeywordTerms(
      kd,
      chosen.map((k) => k.keyword),
    );
    return chosen;
  };

  app.on(['GET', 'POST'], '/search/v1/user_keyword_search', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseInput(c, searchInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const keywords = await selected(c, me.id, q.keyword);
    if (keywords instanceof Response) return keywords;
    const w = dayWindow(deps.clock.now(), q.days);
    const result =
      keywords.length === 0
        ? { list: [], total: 0, page: q.page, pagesize: q.pagesize }
        : await keywordArticles(deps.store, {
            keywords: keywords.map((k) => k.keyword),
            // The window is within the shortest depth today; the one rule still decides (api/history-depth.ts).
            from: depthWindow(me, deps.clock.now(), w.from).start,
            today: w.today,
            page: q.page,
            size: q.pagesize,
          });
    return ok(c, { ...result, days: q.days, keywords: keywords.map((k) => k.keyword) });
  });

  app.on(['GET', 'POST'], '/main/v1/public_sentimen', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseInput(c, seriesInput);
    if (!input.ok) return input.response;
    const keywords = await selected(c, me.id, input.data.keyword);
    if (keywords instanceof Response) return keywords;
    const w = dayWindow(deps.clock.now(), input.data.days);
    const list = keywords.length === 0 ? [] : await keywordSeries(deps.store, keywords, w);
    return ok(c, { days: input.data.days, dates: w.dates, list });
  });

  app.on(['GET', 'POST'], '/main/v1/overview_public', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseInput(c, overviewInput);
    if (!input.ok) return input.response;
    const keywords = await selected(c, me.id, undefined);
    if (keywords instanceof Response) return keywords;
    const w = dayWindow(deps.clock.now(), input.data.days);
    return ok(c, {
      days: input.data.days,
      dates: w.dates,
      ...(await keywordOverview(deps.store, keywords, w)),
    });
  });

  return app;
}
