import { contract } from '../../contract';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { depthWindow } from '../history-depth';
import { handle, type Mounted } from '../http/mount';
import { memberOf } from '../member-session';
import { miniproAccounts, miniproArticles, miniproDetail, searchMinipros } from '../queries/minipro';

const { search } = contract;
const DAY_S = 86_400;

/**
 * search/v1 mini-program calls (spec §7): minipro_search (by title, appid, username or description),
 * minipro_article (articles embedding an appid), minipro_mpaccount (accounts embedding it) and minipro_detail
 * (one mini-program with its exposure figures). Definitions: api/queries/minipro.ts, docs/analytics.md.
 */
export function miniproHandlers(deps: ApiDeps): Mounted[] {
  const since = () => Math.floor(deps.clock.now() / 1000) - 30 * DAY_S;
  return [
    handle(search.miniproSearch, async (q) => {
      const { total, rows } = await searchMinipros(deps.store, {
        kw: q.kw,
        sort: q.sort,
        page: q.page,
        size: q.num,
        sinceS: since(),
      });
      return { total, applet_data: rows };
    }),

    handle(search.miniproDetail, async ({ appid }, c) => {
      const detail = await miniproDetail(deps.store, appid, since());
      if (!detail) return fail(c, 404, Codes.NOT_FOUND, '小程序不存在或尚未收录');
      return { applet: detail };
    }),

    handle(search.miniproArticle, async (q, c) => {
      const { total, rows } = await miniproArticles(deps.store, {
        appid: q.appid,
        sort: q.orderby,
        page: q.page,
        size: q.num,
        since: depthWindow(memberOf(c), deps.clock.now()).start,
      });
      return { total, article_list: rows };
    }),

    handle(search.miniproMpaccount, async (q) => {
      const { total, rows } = await miniproAccounts(deps.store, {
        appid: q.appid,
        page: q.page,
        size: q.num,
      });
      return { total, accounts: rows };
    }),
  ];
}
