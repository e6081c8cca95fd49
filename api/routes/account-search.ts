import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../members/membership';
import { M } from '../../members/messages';
import {
  accountIdentity,
  accountListItem,
  accountProfile,
  getAccount,
  HOT_QUALITY,
  ownerAccountCount,
  SENIOR_SORTS,
  type SeniorSort,
  sameOwnerAccounts,
  searchAccountsByName,
  seniorSearchAccounts,
} from '../accounts-query';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { depthWindow } from '../history-depth';
import { accountId, noNul, pageNumber, pageSize } from '../inputs';
import { accountHotArticles, titleSearchArticles } from '../lists-query';
import { memberOf, requireLevel } from '../member-session';
import { recordSearch } from './groups';
import { listInput, listQueryOf } from './lists';
import { depthGate } from './rank';

const text = (max: number) =>
  z
    .string({ message: '不能为空' })
    .trim()
    .min(1, '不能为空')
    .max(max, `最长 ${max} 个字`)
    .refine(...noNul);
const count = z.coerce.number({ message: '必须是数字' }).int('必须是整数').min(0, '不能为负').optional();

const titleSearchInput = listInput.extend({
  kw: text(50),
  days: z.coerce
    .number({ message: '必须是数字' })
    .refine((d) => [1, 7, 30, 90, 180, 365].includes(d), '只能是 1、7、30、90、180 或 365')
    .default(30),
});

const seniorInput = z.object({
  name: z
    .string()
    .trim()
    .max(30, '最长 30 个字')
    .refine(...noNul)
    .default(''),
  media: z.string().trim().max(30, '最长 30 个字').optional(),
  area: z.string().trim().max(30, '最长 30 个字').optional(),
  fans_min: count,
  fans_max: count,
  orderby: z
    .enum(Object.keys(SENIOR_SORTS) as [SeniorSort, ...SeniorSort[]], {
      message: `只能是 ${Object.keys(SENIOR_SORTS).join('、')}`,
    })
    .default('fans'),
  page: pageNumber,
  num: pageSize(50, 20),
});

/**
 * Account and article search beyond key_search, and the account calls around the owner (spec §7 Search and
 * Account): search_by_name, senior_search/name, article_search_/title, mp_same_owner, same_owner_count, article_hot.
 */
export function accountSearchRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const { store, db } = deps;

  app.post('/search_by_name', async (c) => {
    const input = await parseInput(c, z.object({ name: text(30), page: pageNumber, num: pageSize(50, 20) }));
    if (!input.ok) return input.response;
    const { name, page, num } = input.data;
    const { total, rows } = await searchAccountsByName(store, name, page, num);
    return ok(c, {
      total,
      accounts: rows.map(accountListItem),
    });
  });

  app.post('/senior_search/name', async (c) => {
    const input = await parseInput(c, seniorInput);
    if (!input.ok) return input.response;
    const q = input.data;
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
    return ok(c, {
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
    });
  });

  app.post('/article_search_/title', async (c) => {
    const input = await parseInput(c, titleSearchInput);
    if (!input.ok) return input.response;
    const denied = depthGate(c, input.data.page, input.data.num);
    if (denied) return denied;
    const member = memberOf(c);
    if (member && input.data.page === 1) await recordSearch(db, member.id, input.data.kw, 'article');
    const list = await titleSearchArticles(store, {
      ...listQueryOf(input.data, deps.clock.now()),
      kw: input.data.kw,
      days: input.data.days,
      since: depthWindow(member, deps.clock.now()).start,
    });
    return ok(c, list);
  });

  // The owner's other accounts, paged: owner information is for deluxe members and above, like detail_owner.
  const sameOwner = async (c: Context) => {
    const input = await parseInput(c, z.object({ mid: accountId, page: pageNumber, num: pageSize(50, 20) }));
    if (!input.ok) return input.response;
    const member = requireLevel(c, can.ownerInfo, 'error_code', M.OWNER_LEVEL);
    if (member instanceof Response) return member;
    const account = await getAccount(store, input.data.mid);
    if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    const { page, num } = input.data;
    const [others, ownerTotal] = account.owner
      ? await Promise.all([
          sameOwnerAccounts(store, account.owner, input.data.mid, { limit: num, offset: (page - 1) * num }),
          ownerAccountCount(store, account.owner),
        ])
      : [[], 0];
    return ok(c, {
      owner: account.owner,
      total: Math.max(0, ownerTotal - 1),
      accounts: others.map(accountIdentity),
    });
  };
  app.on(['GET', 'POST'], '/mp_same_owner', sameOwner);

  const hot = async (c: Context) => {
    const input = await parseInput(c, z.object({ mid: accountId, num: pageSize(50, 10) }));
    if (!input.ok) return input.response;
    if (!(await getAccount(store, input.data.mid)))
      return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    const since = depthWindow(memberOf(c), deps.clock.now()).start;
    return ok(c, await accountHotArticles(store, { ...input.data, quality: HOT_QUALITY, since }));
  };
  app.on(['GET', 'POST'], '/article_hot', hot);
  return app;
}

/** account/v1 same_owner_count: how many other accounts share the account's owner (public, like mp_detail). */
export function sameOwnerCountRoute(deps: ApiDeps): Hono {
  const app = new Hono();
  app.on(['GET', 'POST'], '/same_owner_count', async (c) => {
    const input = await parseInput(c, z.object({ mid: accountId }));
    if (!input.ok) return input.response;
    const account = await getAccount(deps.store, input.data.mid);
    if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    const total = await ownerAccountCount(deps.store, account.owner);
    return ok(c, { owner: account.owner, owner_total: total, same_owner: Math.max(0, total - 1) });
  });
  return app;
}
