import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { depthWindow } from '../history-depth';
import { pageNumber, pageSize } from '../inputs';
import { memberOf } from '../member-session';
import {
  MINIPRO_ARTICLE_SORTS,
  MINIPRO_SORTS,
  type MiniproArticleSort,
  type MiniproSort,
  miniproAccounts,
  miniproArticles,
  miniproDetail,
  searchMinipros,
} from '../minipro-query';

const DAY_S = 86_400;

/** A mini-program appid as article pages carry it (the same rule the article parser keeps). */
const appid = z
  .string({ message: '不能为空' })
  .trim()
  .regex(/^wx[0-9a-zA-Z]{6,30}$/, '格式应为 wx 开头的小程序 appid');

const searchInput = z.object({
  kw: z.string({ message: '不能为空' }).trim().min(1, '不能为空').max(30, '最长 30 个字'),
  sort: z
    .enum(Object.keys(MINIPRO_SORTS) as [MiniproSort, ...MiniproSort[]], {
      message: '只能是 exposure、article 或 account',
    })
    .default('exposure'),
  page: pageNumber,
  num: pageSize(50, 20),
});

const articleInput = z.object({
  appid,
  orderby: z
    .enum(Object.keys(MINIPRO_ARTICLE_SORTS) as [MiniproArticleSort, ...MiniproArticleSort[]], {
      message: '只能是 pubtime 或 read',
    })
    .default('pubtime'),
  page: pageNumber,
  num: pageSize(50, 20),
});

const accountInput = z.object({ appid, page: pageNumber, num: pageSize(50, 20) });

/**
 * search/v1 mini-program calls (spec §7): minipro_search (by title, appid, username or description),
 * minipro_article (articles embedding an appid), minipro_mpaccount (accounts embedding it) and minipro_detail
 * (one mini-program with its exposure figures). Definitions: api/minipro-query.ts, docs/analytics.md.
 */
export function miniproRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const since = () => Math.floor(deps.clock.now() / 1000) - 30 * DAY_S;

  app.on(['GET', 'POST'], '/minipro_search', async (c) => {
    const input = await parseInput(c, searchInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const { total, rows } = await searchMinipros(deps.store, {
      kw: q.kw,
      sort: q.sort,
      page: q.page,
      size: q.num,
      sinceS: since(),
    });
    return ok(c, { total, applet_data: rows });
  });

  app.on(['GET', 'POST'], '/minipro_detail', async (c) => {
    const input = await parseInput(c, z.object({ appid }));
    if (!input.ok) return input.response;
    const detail = await miniproDetail(deps.store, input.data.appid, since());
    if (!detail) return fail(c, 404, Codes.NOT_FOUND, '小程序不存在或尚未收录');
    return ok(c, { applet: detail });
  });

  app.on(['GET', 'POST'], '/minipro_article', async (c) => {
    const input = await parseInput(c, articleInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const { total, rows } = await miniproArticles(deps.store, {
      appid: q.appid,
      sort: q.orderby,
      page: q.page,
      size: q.num,
      since: depthWindow(memberOf(c), deps.clock.now()).start,
    });
    return ok(c, { total, article_list: rows });
  });

  app.on(['GET', 'POST'], '/minipro_mpaccount', async (c) => {
    const input = await parseInput(c, accountInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const { total, rows } = await miniproAccounts(deps.store, { appid: q.appid, page: q.page, size: q.num });
    return ok(c, { total, accounts: rows });
  });
  return app;
}
