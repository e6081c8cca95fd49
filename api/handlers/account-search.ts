import { contract } from '../../contract';
import { can } from '../../members/membership';
import { recordSearch } from '../../members/search-records';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { depthWindow } from '../history-depth';
import { depthGate } from '../http/depth-gate';
import { handle, type Mounted } from '../http/mount';
import { memberOf } from '../member-session';
import {
  accountListItem,
  accountProfile,
  getAccount,
  HOT_QUALITY,
  searchAccounts,
  searchAccountsByName,
  seniorSearchAccounts,
} from '../queries/accounts';
import { accountHotArticles, listQueryOf, titleSearchArticles } from '../queries/lists';
import { searchOwners } from '../queries/owners';

const { search } = contract;

/**
 * Finding accounts (公众号) and owners (spec §7 Search): by keyword (key_search), by name (search_by_name), by
 * filters and figures (senior_search/name) and owners by name (owner_search: public, as an account's owner is public
 * on its detail; the owner's page itself, brand_detail, is for deluxe members), and articles by title
 * (article_search_/title) and an account's hot articles (article_hot), both within the caller's history depth. A
 * member's first page of a keyword, advanced or title search is kept in their search history.
 */
export function accountSearchHandlers(deps: ApiDeps): Mounted[] {
  const { store, db } = deps;
  return [
    handle(search.keySearch, async ({ kw, page, num }, c) => {
      const member = memberOf(c);
      if (member && page === 1) await recordSearch(db, member.id, kw, 'account');
      // Finding an owner's accounts by its name is the owner tab's content: level 3 (docs/members.md).
      const { total, rows } = await searchAccounts(store, { kw, page, num, byOwner: can.ownerInfo(member) });
      return { total, accounts: rows.map(accountListItem) };
    }),

    handle(search.searchByName, async ({ name, page, num }) => {
      const { total, rows } = await searchAccountsByName(store, name, page, num);
      return { total, accounts: rows.map(accountListItem) };
    }),

    handle(search.seniorSearchName, async (q, c) => {
      const member = memberOf(c);
      if (member && q.page === 1) await recordSearch(db, member.id, q.name, 'account');
      const { total, rows } = await seniorSearchAccounts(store, {
        name: q.name,
        media: q.media || null,
        area: q.area || null,
        minFans: q.fans_min ?? null,
        maxFans: q.fans_max ?? null,
        sort: q.orderby,
        page: q.page,
        num: q.num,
      });
      return {
        total,
        accounts: rows.map((r) => ({
          ...accountProfile(r),
          fans: Number(r.fans),
          index: Number(r.account_index),
          wci: Number(r.wci),
          articles: Number(r.articles_7d),
          avg_top_read: Number(r.head_avg_reads),
          pubtime: r.last_pub,
        })),
      };
    }),

    handle(search.articleSearchTitle, async (q, c) => {
      const denied = depthGate(c, q.page, q.num);
      if (denied) return denied;
      const member = memberOf(c);
      if (member && q.page === 1) await recordSearch(db, member.id, q.kw, 'article');
      return titleSearchArticles(store, {
        ...listQueryOf(q, deps.clock.now()),
        kw: q.kw,
        days: q.days,
        since: depthWindow(member, deps.clock.now()).start,
      });
    }),

    handle(search.articleHot, async (q, c) => {
      if (!(await getAccount(store, q.mid))) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
      const since = depthWindow(memberOf(c), deps.clock.now()).start;
      return accountHotArticles(store, { ...q, quality: HOT_QUALITY, since });
    }),

    handle(search.ownerSearch, async ({ kw, page, num }) => {
      const r = await searchOwners(store, { kw, page, size: num });
      return { ...r, page, num };
    }),
  ];
}
