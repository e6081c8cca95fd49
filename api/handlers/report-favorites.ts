import type { Context } from 'hono';
import { z } from 'zod';
import { contract } from '../../contract';
import { M, MemberCodes } from '../../contract/member-texts';
import type { ApiDeps } from '../deps';
import { Codes, describeIssues, fail } from '../envelope';
import { handle, type Mounted, type Refusals, said } from '../http/mount';
import { articleKnown, articleRefOf, reportReadiness } from '../queries/article-reports';
import {
  addReportFavorite,
  isReportFavorite,
  REPORT_FAVORITE_LIMIT,
  removeReportFavorite,
  reportFavorites,
} from '../report-favorites-query';
import { me } from './orders';

const { search } = contract;

/** Labels of these calls' fields where envelope.ts names them otherwise or not at all. */
const LABELS: Record<string, string> = {
  url: '文章链接 (url)',
  post: '报告文章 (post)',
};
const describe = (e: z.ZodError) => {
  const field = String(e.issues[0]?.path[0] ?? '');
  return LABELS[field] ? `参数错误：${LABELS[field]} ${e.issues[0]?.message}` : describeIssues(e);
};
/** An article named by post or link: refusals name the fields as the report pages do. */
export const articleRefusal: Refusals = { invalid: (c, e) => fail(c, 400, Codes.BAD_INPUT, describe(e)) };

/**
 * favorite_report_option GET reads one report's state when a post is sent, else the page of favourites: when
 * neither reads, the refusal is the one of the branch the post's presence chose.
 */
const favoriteReadRefusal: Refusals = {
  invalid: (c, e) => {
    const first = e.issues[0];
    if (first?.code !== 'invalid_union') return fail(c, 400, Codes.BAD_INPUT, describe(e));
    const [byPost = [], byPage = []] = first.errors;
    const postSent = byPage.some((i) => i.path[0] === 'post');
    return fail(c, 400, Codes.BAD_INPUT, describe(new z.ZodError(postSent ? byPost : byPage)));
  },
};

/**
 * Favourite fake-traffic reports (favorite_report_option GET/POST/DELETE, by post; in PostgreSQL) and whether an
 * article has (enough monitoring for) a report (isExistReport: public, like the report link itself).
 */
export function reportFavoriteHandlers(deps: ApiDeps): Mounted[] {
  const { store } = deps;
  const db = deps.members.db;

  /** The article a post names, or the refusal. */
  const refOf = async (c: Context, post: string) => {
    const r = await articleRefOf(store, { post });
    return r.ok ? r.ref : fail(c, r.status, Codes.BAD_INPUT, r.msg);
  };

  return [
    handle(
      search.favoriteReportOption,
      async (q, c) => {
        const userId = me(c).id;
        if ('page' in q) return reportFavorites(db, store, userId, q.page, q.num);
        const ref = await refOf(c, q.post);
        if (ref instanceof Response) return ref;
        return {
          post: `${ref.mid}_${ref.aid}`,
          is_favorite: (await isReportFavorite(db, userId, ref)) ? 1 : 0,
        };
      },
      favoriteReadRefusal,
    ),

    handle(
      search.favoriteReportAdd,
      async ({ post }, c) => {
        const ref = await refOf(c, post);
        if (ref instanceof Response) return ref;
        if (!(await articleKnown(store, ref))) return fail(c, 404, Codes.NOT_FOUND, '文章不存在或尚未采集');
        const r = await addReportFavorite(db, me(c).id, ref);
        if (r === 'exists') return fail(c, 200, MemberCodes.ALREADY_IN_GROUP, '该报告已在收藏中');
        if (r === 'limit') return fail(c, 400, Codes.BAD_INPUT, `最多收藏 ${REPORT_FAVORITE_LIMIT} 份报告`);
        return said('收藏成功', { post: `${ref.mid}_${ref.aid}` });
      },
      articleRefusal,
    ),

    handle(
      search.favoriteReportRemove,
      async ({ post }, c) => {
        const ref = await refOf(c, post);
        if (ref instanceof Response) return ref;
        return (await removeReportFavorite(db, me(c).id, ref))
          ? said('已取消收藏')
          : fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND);
      },
      articleRefusal,
    ),

    handle(
      search.isExistReport,
      async (q, c) => {
        const r = await articleRefOf(store, q);
        if (!r.ok) return fail(c, r.status, r.status === 404 ? Codes.NOT_FOUND : Codes.BAD_INPUT, r.msg);
        return reportReadiness(store, r.ref);
      },
      articleRefusal,
    ),
  ];
}
