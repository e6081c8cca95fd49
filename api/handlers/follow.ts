import { parseArticleUrl } from '../../collectors/article-url';
import { contract } from '../../contract';
import type { HandlerInput } from '../../contract/define';
import { M } from '../../contract/member-texts';
import { midOf } from '../../core/wechat-ids';
import { Groups } from '../../members/groups';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { depthWindow } from '../history-depth';
import { handle, type Mounted } from '../http/mount';
import { memberOf, requireMember } from '../member-session';
import { followKeySearch } from '../queries/follow-search';
import {
  type ArticleRef,
  findArticles,
  followedArticles,
  MATCH_WEIGHTS,
  MIN_TITLE_SIMILARITY,
  SIMILAR_WINDOW_DAYS,
  similarArticles,
} from '../queries/similar-articles';

const { follow } = contract;

/** The match-degree definition as the similar-article answer states it. */
export const MATCH_RULE = `匹配度 = ${MATCH_WEIGHTS.title} × 标题相似度 + ${MATCH_WEIGHTS.digest} × 摘要相似度 + ${MATCH_WEIGHTS.industry} × 同行业；相似度为去除空白与标点后相邻两字（二元组）集合的 Jaccard 系数；候选为前后 ${SIMILAR_WINDOW_DAYS} 天内发布、标题相似度 ≥ ${MIN_TITLE_SIMILARITY} 的文章`;

type Found = { ok: true; ref: ArticleRef } | { ok: false; status: 400 | 404; msg: string };

/** The article an aid (with optional mid) or an article link names. */
async function resolveArticle(deps: ApiDeps, q: HandlerInput<typeof follow.similarArticle>): Promise<Found> {
  let refs: ArticleRef[];
  if (q.aid) refs = await findArticles(deps.store, { mid: q.mid ?? null, aid: q.aid });
  else {
    const link = parseArticleUrl(q.article_url ?? '');
    if (!link)
      return { ok: false, status: 400, msg: '参数错误：文章链接 (article_url) 不是有效的公众号文章链接' };
    if (link.kind === 'long') {
      let mid: number;
      try {
        mid = midOf(link.biz);
      } catch {
        return { ok: false, status: 400, msg: '参数错误：文章链接 (article_url) 中的 __biz 无效' };
      }
      refs = await findArticles(deps.store, { mid, aid: `${link.msgid}_${link.idx}` });
    } else refs = await findArticles(deps.store, { href: q.article_url ?? '' });
  }
  const [first, second] = refs;
  if (!first) return { ok: false, status: 404, msg: '文章不存在或尚未收录' };
  if (second)
    return { ok: false, status: 400, msg: '参数错误：多个公众号有这个文章ID，请同时提供公众号ID (mid)' };
  return { ok: true, ref: first };
}

/**
 * follow/v1 (spec §7): similar articles of one article, the newest articles of followed accounts, and keyword
 * search over the articles of the accounts in the member's favourite groups (all groups, or one `group_id`).
 */
export function followHandlers(deps: ApiDeps): Mounted[] {
  const groups = new Groups(deps.members.db);

  return [
    handle(follow.similarArticle, async (q, c) => {
      if (!q.aid && !q.article_url)
        return fail(c, 400, Codes.BAD_INPUT, '参数错误：请提供文章ID (aid) 或文章链接 (article_url)');
      const found = await resolveArticle(deps, q);
      if (!found.ok)
        return fail(c, found.status, found.status === 404 ? Codes.NOT_FOUND : Codes.BAD_INPUT, found.msg);
      const { total, rows } = await similarArticles(deps.store, {
        ...found.ref,
        since: depthWindow(memberOf(c), deps.clock.now()).start,
        top: q.top === 1,
        page: q.page,
        size: q.pagesize,
      });
      return { mid: found.ref.mid, aid: found.ref.aid, total, article_list: rows, rule: MATCH_RULE };
    }),
    handle(follow.followAccountArticle, async (q, c) => {
      const { total, rows } = await followedArticles(deps.store, {
        mids: [...new Set(q.mids)],
        since: depthWindow(memberOf(c), deps.clock.now()).start,
        page: q.page,
        size: q.pagesize,
      });
      return { total, article_list: rows };
    }),
    // Bad input answers 400 before the login check, so the member is checked in the handler.
    handle(
      follow.followKeySearch,
      async (q, c) => {
        const me = requireMember(c);
        if (me instanceof Response) return me;
        if (q.start_time && q.end_time && q.start_time > q.end_time)
          return fail(c, 400, Codes.BAD_INPUT, '参数错误：开始日期 (start_time) 不能晚于结束日期 (end_time)');
        if (q.group_id !== undefined && !(await groups.get('account', me.id, q.group_id)))
          return fail(c, 404, Codes.NOT_FOUND, M.GROUP_NOT_FOUND);
        const mids = [
          ...new Set(
            (await groups.allAccounts(me.id))
              .filter((f) => q.group_id === undefined || f.group_id === q.group_id)
              .map((f) => f.mid),
          ),
        ];
        const { total, rows } = await followKeySearch(deps.store, {
          mids,
          kw: q.kw,
          scope: q.kw_type,
          // The member's history depth (api/history-depth.ts), as on the account's history tab.
          start: depthWindow(me, deps.clock.now(), q.start_time).start,
          end: q.end_time ?? null,
          order: q.orderby,
          page: q.page,
          size: q.pagesize,
        });
        return { kw: q.kw, accounts: mids.length, total, article_list: rows };
      },
      { gate: () => null },
    ),
  ];
}
