import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { accountId, pageNumber, pageSize } from '../inputs';
import { finderIdsOf, VIDEO_SORTS, type VideoSort, videoAccount, videoPosts } from '../video-query';

const finderInput = z.object({
  finder_id: z.string().trim().min(1, '不能为空').max(100, '最长 100 个字符').optional(),
  mid: accountId.optional(),
});

const postsInput = finderInput.extend({
  orderby: z
    .enum(Object.keys(VIDEO_SORTS) as [VideoSort, ...VideoSort[]], {
      message: '只能是 pubtime、read 或 like',
    })
    .default('pubtime'),
  page: pageNumber,
  num: pageSize(50, 20),
});

/** The video account a finder_id names, or the one linked to an official account (mid) with the most posts. */
async function finderOf(
  c: Context,
  deps: ApiDeps,
  q: { finder_id?: string | undefined; mid?: number | undefined },
): Promise<string | Response> {
  if (q.finder_id) return q.finder_id;
  if (q.mid === undefined)
    return fail(c, 400, Codes.BAD_INPUT, '参数错误：请提供视频号ID (finder_id) 或公众号ID (mid)');
  const [first] = await finderIdsOf(deps.store, q.mid);
  return first ?? fail(c, 404, Codes.NOT_FOUND, '该公众号没有已收录的视频号');
}

/**
 * search/v1 video-account reads (the spec's /D1–/D3 video-account API pages): video_account_detail (figures of
 * one video account; definitions in docs/analytics.md) and video_post_list (its posts with latest counters).
 */
export function videoRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  app.on(['GET', 'POST'], '/video_account_detail', async (c) => {
    const input = await parseInput(c, finderInput);
    if (!input.ok) return input.response;
    const finder = await finderOf(c, deps, input.data);
    if (finder instanceof Response) return finder;
    const account = await videoAccount(deps.store, finder);
    if (!account) return fail(c, 404, Codes.NOT_FOUND, '视频号不存在或尚未收录');
    return ok(c, { account });
  });

  app.on(['GET', 'POST'], '/video_post_list', async (c) => {
    const input = await parseInput(c, postsInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const finder = await finderOf(c, deps, q);
    if (finder instanceof Response) return finder;
    const { total, rows } = await videoPosts(deps.store, {
      finderId: finder,
      sort: q.orderby,
      page: q.page,
      size: q.num,
    });
    if (total === 0 && q.page === 1) return fail(c, 404, Codes.NOT_FOUND, '视频号不存在或尚未收录');
    return ok(c, { finder_id: finder, total, post_list: rows });
  });
  return app;
}
