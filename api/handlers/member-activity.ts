import { contract } from '../../contract';
import type { Members } from '../../members/index';
import type { ApiDeps } from '../deps';
import { handle, type Mounted } from '../http/mount';
import { lastOpenedAccounts } from '../queries/page-views';
import { me } from './orders';

const { account } = contract;

/**
 * The member's charged API calls of the last `days` days (refunds netted out, as api_usage counts them), per
 * endpoint (most used first) and per Beijing day (oldest first, days with calls only).
 */
async function apiAggregate(members: Members, userId: number, days: number) {
  const rows = await members.metering.usage(userId, days);
  const byEndpoint = new Map<string, { calls: number; cost: number }>();
  const byDay = new Map<string, { calls: number; cost: number }>();
  for (const r of rows) {
    for (const [map, key] of [
      [byEndpoint, r.endpoint],
      [byDay, r.day],
    ] as const) {
      const t = map.get(key) ?? { calls: 0, cost: 0 };
      t.calls += Number(r.calls);
      t.cost += Number(r.cost);
      map.set(key, t);
    }
  }
  return {
    days,
    total_calls: rows.reduce((s, r) => s + Number(r.calls), 0),
    total_cost: rows.reduce((s, r) => s + Number(r.cost), 0),
    endpoints: [...byEndpoint.entries()]
      .map(([endpoint, t]) => ({ endpoint, ...t }))
      .sort((a, b) => b.calls - a.calls || a.endpoint.localeCompare(b.endpoint)),
    daily: [...byDay.entries()]
      .map(([date, t]) => ({ date, ...t }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** account/v1: the member's API use aggregated (api_aggregate) and the accounts they opened last (last_mpaccount). */
export function memberActivityHandlers(deps: ApiDeps): Mounted[] {
  return [
    handle(account.apiAggregate, ({ days }, c) => apiAggregate(deps.members, me(c).id, days)),
    handle(account.lastMpaccount, async ({ page, num }, c) => ({
      page,
      num,
      ...(await lastOpenedAccounts(deps.store, me(c).id, page, num)),
    })),
  ];
}
