import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { type ArticleContent, articleContent, COMMENT_SORTS, commentRank } from '../article-tools-query';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { accountId, pageNumber, pageSize } from '../inputs';
import { requireMember } from '../member-session';
import { articleRefOf, latestCounts } from '../report-extras-query';
import { articleInput } from './monitor-extras';

/** Lines one batch reads query takes (the read-count tool's batch page). */
export const READ_BATCH_MAX = 20;
/** The comment list's time windows, days. */
export const COMMENT_DAYS = [1, 7, 30] as const;

/** What a page answers when an article is not collected: the inclusion popup takes its link. */
export const NOT_COLLECTED = '文章尚未收录：请通过“公众号收录”提交文章链接，收录后即可查看';

const line = z.string().trim().min(1).max(2000, '每行最长 2000 个字符');
const batchInput = z.object({
  urls: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/[\s,]+/)
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z
      .array(line, { message: '必须是每行一个的链接' })
      .min(1, '至少 1 个')
      .max(READ_BATCH_MAX, `最多 ${READ_BATCH_MAX} 个`),
  ),
});

const commentInput = z.object({
  mid: z.preprocess((v) => (v === '' || v === null ? undefined : v), accountId.optional()),
  days: z.coerce
    .number({ message: '必须是数字' })
    .refine((n) => (COMMENT_DAYS as readonly number[]).includes(n), `只能是 ${COMMENT_DAYS.join('、')}`)
    .default(7),
  sort: z
    .enum(Object.keys(COMMENT_SORTS) as [keyof typeof COMMENT_SORTS], {
      message: `只能是 ${Object.keys(COMMENT_SORTS).join('、')}`,
    })
    .default('comment'),
  page: pageNumber,
  num: pageSize(50, 20),
});

/** The article an input names (post or url), or the failed answer in the error_code envelope. */
async function refOf(c: Context, deps: ApiDeps) {
  const input = await parseInput(c, articleInput);
  if (!input.ok) return input.response;
  const r = await articleRefOf(deps.store, input.data);
  if (!r.ok) return fail(c, r.status, r.status === 404 ? Codes.NOT_FOUND : Codes.BAD_INPUT, r.msg);
  return r.ref;
}

/**
 * Article tools under /fbmain/tools/v1 (spec §2 /getHtml, /articleContent, /wxarticle, /details, /readPro,
 * /comment): article_content (a collected article's parsed page, counters and read quality), read_batch (the
 * latest reads of up to 20 links at once) and comment_rank (articles with the most comments). Members only for the
 * article calls, like monitor/v3 read_zan; the comment list is public like the other article lists.
 */
export function articleToolRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  app.on(['GET', 'POST'], '/article_content', async (c) => {
    const ref = await refOf(c, deps);
    if (ref instanceof Response) return ref;
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const a: ArticleContent | null = await articleContent(deps.store, ref);
    return a ? ok(c, a) : fail(c, 404, Codes.NOT_FOUND, NOT_COLLECTED);
  });

  app.post('/read_batch', async (c) => {
    const input = await parseInput(c, batchInput);
    if (!input.ok) return input.response;
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const list = [];
    // One line at a time: each is two point reads, and 20 lines stay well under a second.
    for (const url of input.data.urls) {
      const r = await articleRefOf(deps.store, { url });
      if (!r.ok) {
        list.push({ input: url, ok: false, msg: r.msg });
        continue;
      }
      const counts = await latestCounts(deps.store, r.ref);
      list.push(counts ? { input: url, ok: true, ...counts } : { input: url, ok: false, msg: NOT_COLLECTED });
    }
    return ok(c, { total: list.length, success: list.filter((x) => x.ok).length, list });
  });

  app.get('/comment_rank', async (c) => {
    const input = await parseInput(c, commentInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const r = await commentRank(deps.store, {
      mid: q.mid ?? null,
      days: q.days,
      sort: q.sort,
      page: q.page,
      size: q.num,
      nowMs: deps.clock.now(),
    });
    return ok(c, { ...r, days: q.days, sort: q.sort, page: q.page });
  });

  return app;
}
