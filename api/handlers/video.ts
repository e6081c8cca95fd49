import type { Context } from 'hono';
import { contract } from '../../contract';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted } from '../http/mount';
import { finderIdsOf, videoAccount, videoPosts } from '../queries/video';

const { search } = contract;

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
export function videoHandlers(deps: ApiDeps): Mounted[] {
  return [
    handle(search.videoAccountDetail, async (q, c) => {
      const finder = await finderOf(c, deps, q);
      if (finder instanceof Response) return finder;
      const account = await videoAccount(deps.store, finder);
      if (!account) return fail(c, 404, Codes.NOT_FOUND, '视频号不存在或尚未收录');
      return { account };
    }),

    handle(search.videoPostList, async (q, c) => {
      const finder = await finderOf(c, deps, q);
      if (finder instanceof Response) return finder;
      const { total, rows } = await videoPosts(deps.store, {
        finderId: finder,
        sort: q.orderby,
        page: q.page,
        size: q.num,
      });
      if (total === 0 && q.page === 1) return fail(c, 404, Codes.NOT_FOUND, '视频号不存在或尚未收录');
      return { finder_id: finder, total, post_list: rows };
    }),
  ];
}
