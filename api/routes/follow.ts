import { Hono } from 'hono';
import { z } from 'zod';
import { parseArticleUrl } from '../../collectors/article-url';
import { midOf } from '../../platform/wechat-ids';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { depthWindow } from '../history-depth';
import { accountId, flag, pageNumber, pageSize } from '../inputs';
import { memberOf } from '../member-session';
import {
  type ArticleRef,
  findArticles,
  followedArticles,
  MATCH_WEIGHTS,
  MIN_TITLE_SIMILARITY,
  SIMILAR_WINDOW_DAYS,
  similarArticles,
} from '../similar-articles-query';

const similarInput = z.object({
  aid: z
    .string()
    .trim()
    .regex(/^\d{1,20}_[1-8]$/, '格式应为 msgid_位置，如 2247483650_1')
    .optional(),
  mid: accountId.optional(),
  article_url: z.string().trim().min(1, '不能为空').max(2000, '最长 2000 个字符').optional(),
  /** 1: only headline (position 1) articles, like the table's 头条 checkbox. */
  top: flag,
  page: pageNumber,
  pagesize: pageSize(50, 20),
});

const followInput = z.object({
  // "1,2,3", a repeated field, or a JSON array.
  mids: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(accountId, { message: '必须是逗号分隔的公众号ID' }).min(1, '至少 1 个').max(200, '最多 200 个'),
  ),
  page: pageNumber,
  pagesize: pageSize(50, 20),
});

/** The match-degree definition as the similar-article answer states it. */
export const MATCH_RULE = `匹配度 = ${MATCH_WEIGHTS.title} × 标题相似度 + ${MATCH_WEIGHTS.digest} × 摘要相似度 + ${MATCH_WEIGHTS.industry} × 同行业；相似度为去除空白与标点后相邻两字（二元组）集合的 Jaccard 系数；候选为前后 ${SIMILAR_WINDOW_DAYS} 天内发布、标题相似度 ≥ ${MIN_TITLE_SIMILARITY} 的文章`;

type Found = { ok: true; ref: ArticleRef } | { ok: false; status: 400 | 404; msg: string };

/** The article an aid (with optional mid) or an article link names. */
async function resolveArticle(deps: ApiDeps, q: z.output<typeof similarInput>): Promise<Found> {
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

/** follow/v1 (spec §7): similar articles of one article, and the newest articles of followed accounts. */
export function followRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  app.on(['GET', 'POST'], '/similar_article', async (c) => {
    const input = await parseInput(c, similarInput);
    if (!input.ok) return input.response;
    const q = input.data;
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
    return ok(c, {
      mid: found.ref.mid,
      aid: found.ref.aid,
      total,
      article_list: rows,
      rule: MATCH_RULE,
    });
  });

  app.on(['GET', 'POST'], '/follow_account_article', async (c) => {
    const input = await parseInput(c, followInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const { total, rows } = await followedArticles(deps.store, {
      mids: [...new Set(q.mids)],
      since: depthWindow(memberOf(c), deps.clock.now()).start,
      page: q.page,
      size: q.pagesize,
    });
    return ok(c, { total, article_list: rows });
  });
  return app;
}
