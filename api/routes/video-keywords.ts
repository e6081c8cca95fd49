import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { pageNumber, pageSize } from '../inputs';
import { memberKeywords } from '../keywords-query';
import { requireMember } from '../member-session';
import { videoKeywordHits } from '../video-keyword-query';

const input = z.object({
  keyword: z.preprocess(
    (v) => (v === undefined || v === null ? undefined : String(v).trim() || undefined),
    z.string().max(20, '不能超过20个字').optional(),
  ),
  days: z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(1, '最小为 1')
    .max(90, '最大为 90')
    .default(7),
  page: pageNumber,
  pagesize: pageSize(50, 20),
});

/**
 * search/v1/video_keyword_search: video posts whose description mentions the member's subscribed keywords
 * (userkeyword; one of them with `keyword`), published in the last `days` days, newest first with latest counters.
 * The real-time video keyword monitor (/VideoAccountKeywordMonitor) reads it.
 */
export function videoKeywordRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  app.on(['GET', 'POST'], '/video_keyword_search', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const parsed = await parseInput(c, input);
    if (!parsed.ok) return parsed.response;
    const q = parsed.data;
    const mine = (await memberKeywords(deps.members.db, me.id)).map((k) => k.keyword);
    if (q.keyword !== undefined && !mine.includes(q.keyword))
      return fail(c, 404, Codes.NOT_FOUND, `未订阅关键词"${q.keyword}"，请先添加关键词`);
    const keywords = q.keyword !== undefined ? [q.keyword] : mine;
    const to = Math.floor(deps.clock.now() / 1000);
    const { total, rows } = await videoKeywordHits(deps.store, {
      keywords,
      from: to - q.days * 86_400,
      to,
      page: q.page,
      size: q.pagesize,
    });
    return ok(c, { list: rows, total, page: q.page, pagesize: q.pagesize, days: q.days, keywords });
  });
  return app;
}
