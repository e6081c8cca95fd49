import type { Context } from 'hono';
import type { z } from 'zod';
import { contract } from '../../contract';
import type { Call } from '../../contract/define';
import { M } from '../../contract/member-texts';
import { type keywordModifyInput, notSubscribed } from '../../contract/shapes/keywords';
import {
  addKeyword,
  deleteKeyword,
  keywordList,
  memberKeywords,
  modifyKeyword,
} from '../../members/keywords';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { depthWindow } from '../history-depth';
import { handle, type Mounted, said } from '../http/mount';
import { keywordHitDetail } from '../keyword-detail-query';
import {
  chosenKeywords,
  dayWindow,
  ensureKeywordTerms,
  type KeywordDeps,
  keywordArticles,
  syncKeywordTerms,
} from '../keywords-query';
import { articleRefOf } from '../queries/article-reports';
import { videoKeywordHits } from '../video-keyword-query';
import { me, memberForm } from './orders';
import { articleRefusal } from './report-favorites';

const { search } = contract;

/**
 * Keyword monitoring (舆情) for the member's own subscriptions: the subscriptions (userkeyword GET/POST/PUT/DELETE,
 * modify_userkeyword; in PostgreSQL, members/keywords.ts), the articles and video posts mentioning them
 * (user_keyword_search, video_keyword_search) and one article's mentions in context (main/detail). Definitions: docs/analytics.md.
 */
export function keywordHandlers(deps: ApiDeps): Mounted[] {
  const db = deps.members.db;
  const kd: KeywordDeps = { store: deps.store, db, clock: deps.clock, log: deps.log };
  const notFound = (c: Context) => fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND);
  const unsubscribed = (c: Context, keyword: string) => fail(c, 404, Codes.NOT_FOUND, notSubscribed(keyword));

  // The stream processor matches the subscribed terms from ClickHouse (keyword_terms): mirror every change
  // there. PostgreSQL stays the truth; a failed mirror is logged and repaired on the member's next keyword read.
  const mirrorTerms = async (terms: string[]) => {
    try {
      await syncKeywordTerms(kd, terms);
    } catch (err) {
      deps.log.error({ err, terms }, 'keyword terms not mirrored to ClickHouse');
    }
  };

  const modify = (call: Call<typeof keywordModifyInput, z.ZodUndefined> & { envelope: 'error_code' }) =>
    handle(
      call,
      async ({ id, keyword }, c) => {
        const previous = await modifyKeyword(db, me(c).id, id, keyword);
        if (previous === 'exists') return fail(c, 400, Codes.BAD_INPUT, '关键词已存在');
        if (previous === null) return notFound(c);
        await mirrorTerms([previous, keyword]);
        return said(M.UPDATED);
      },
      memberForm,
    );

  return [
    handle(search.userkeyword, (_, c) => keywordList(db, me(c).id)),
    handle(
      search.userkeywordAdd,
      async ({ keyword }, c) => {
        const id = await addKeyword(db, me(c).id, keyword);
        if (id === null) return fail(c, 400, Codes.BAD_INPUT, '关键词已存在或已达上限（20个）');
        await mirrorTerms([keyword]);
        return said(M.ADDED, { id });
      },
      memberForm,
    ),
    modify(search.userkeywordModify),
    modify(search.modifyUserkeyword),
    handle(
      search.userkeywordDelete,
      async ({ id }, c) => {
        const keyword = await deleteKeyword(db, me(c).id, id);
        if (keyword === null) return notFound(c);
        await mirrorTerms([keyword]);
        return said(M.DELETED);
      },
      memberForm,
    ),

    handle(search.userKeywordSearch, async (q, c) => {
      const member = me(c);
      const keywords = await chosenKeywords(kd, member.id, q.keyword);
      if (keywords === null) return unsubscribed(c, q.keyword ?? '');
      const w = dayWindow(deps.clock.now(), q.days);
      const result =
        keywords.length === 0
          ? { list: [], total: 0, page: q.page, pagesize: q.pagesize }
          : await keywordArticles(deps.store, {
              keywords: keywords.map((k) => k.keyword),
              // The window is within the shortest depth today; the one rule still decides (api/history-depth.ts).
              from: depthWindow(member, deps.clock.now(), w.from).start,
              today: w.today,
              page: q.page,
              size: q.pagesize,
            });
      return { ...result, days: q.days, keywords: keywords.map((k) => k.keyword) };
    }),

    // Public-opinion detail: one article that matched the member's keywords, with the passages around each mention.
    handle(
      search.mainDetail,
      async (q, c) => {
        const ref = await articleRefOf(deps.store, { post: q.post ?? `${q.mid}_${q.aid}` });
        if (!ref.ok) return fail(c, ref.status, Codes.BAD_INPUT, ref.msg);
        const mine = (await memberKeywords(db, me(c).id)).map((k) => k.keyword);
        if (q.keyword !== undefined && !mine.includes(q.keyword)) return unsubscribed(c, q.keyword);
        const keywords = q.keyword !== undefined ? [q.keyword] : mine;
        await ensureKeywordTerms(kd, keywords);
        const detail = await keywordHitDetail(deps.store, ref.ref, keywords);
        return detail ?? fail(c, 404, Codes.NOT_FOUND, '该文章不在您订阅关键词的命中结果中');
      },
      articleRefusal,
    ),

    handle(search.videoKeywordSearch, async (q, c) => {
      const mine = (await memberKeywords(db, me(c).id)).map((k) => k.keyword);
      if (q.keyword !== undefined && !mine.includes(q.keyword)) return unsubscribed(c, q.keyword);
      const keywords = q.keyword !== undefined ? [q.keyword] : mine;
      const to = Math.floor(deps.clock.now() / 1000);
      const { total, rows } = await videoKeywordHits(deps.store, {
        keywords,
        from: to - q.days * 86_400,
        to,
        page: q.page,
        size: q.pagesize,
      });
      return { list: rows, total, page: q.page, pagesize: q.pagesize, days: q.days, keywords };
    }),
  ];
}
