import { Hono } from 'hono';
import { z } from 'zod';
import { Groups } from '../../members/groups';
import { accountsFigures } from '../brand-query';
import type { ApiDeps } from '../deps';
import { ok, parseInput } from '../envelope';
import { noNul, pageNumber, pageSize } from '../inputs';
import { requireMember } from '../member-session';
import { lastPublished, searchOwners } from '../owners-query';

const ownerSearchInput = z.object({
  kw: z
    .string({ message: '请输入主体名称' })
    .trim()
    .min(1, '请输入主体名称')
    .max(30, '最长 30 个字')
    .refine(...noNul),
  page: pageNumber,
  num: pageSize(50, 20),
});

/** The favourites page shows each account's figures over the last 7 days, as the brand pages count them. */
const FAVORITE_DAYS = 7;

/**
 * Search and favourite views of the explore pages (/search/v1): owners found by name (owner_search, public: an
 * account's owner is public on its detail; the owner's page itself, brand_detail, is for deluxe members) and the
 * member's favourite accounts across groups with their latest figures (favorite_figures).
 */
export function exploreRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const groups = new Groups(deps.members.db);

  app.on(['GET', 'POST'], '/owner_search', async (c) => {
    const input = await parseInput(c, ownerSearchInput);
    if (!input.ok) return input.response;
    const { kw, page, num } = input.data;
    const r = await searchOwners(deps.store, { kw, page, size: num });
    return ok(c, { ...r, page, num });
  });

  app.get('/favorite_figures', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const [list, items] = await Promise.all([groups.list('account', me.id), groups.allAccounts(me.id)]);
    const names = new Map(list.map((g) => [g.id, g.name]));
    // One row per account, newest favourite first, with every group that holds it.
    const byMid = new Map<number, { group_id: number; name: string }[]>();
    for (const i of items) {
      const held = byMid.get(i.mid) ?? [];
      held.push({ group_id: i.group_id, name: names.get(i.group_id) ?? '' });
      byMid.set(i.mid, held);
    }
    const mids = [...byMid.keys()];
    const [figures, last] = await Promise.all([
      accountsFigures(deps.store, mids, deps.clock.now(), FAVORITE_DAYS),
      lastPublished(deps.store, mids),
    ]);
    const found = new Map(figures.map((f) => [f.mid, f]));
    return ok(c, {
      days: FAVORITE_DAYS,
      total: mids.length,
      list: mids.flatMap((mid) => {
        const f = found.get(mid);
        // An account no longer in the catalogue has nothing to show; group_list_ext still lists it for removal.
        return f ? [{ ...f, last_pub: last.get(mid) ?? '', groups: byMid.get(mid) ?? [] }] : [];
      }),
    });
  });

  return app;
}
