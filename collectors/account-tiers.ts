import { bizOf } from '../core/wechat-ids';
import type { MemberDb } from '../postgres/db';
import type { Tier } from './tier-plan';

/** How long an order keeps its account in the members' tier after it was placed. */
const ORDER_DAYS = 30;

/** Accounts members need ($1: ORDER_DAYS): favourites, and the accounts of recent monitor and back-collection orders. */
const MEMBER_MIDS = `SELECT mid FROM account_favorites
  UNION SELECT mid FROM monitor_orders WHERE created_at > now() - make_interval(days => $1)
  UNION SELECT mid FROM history_crawls WHERE created_at > now() - make_interval(days => $1)`;
const LIVE_TASKS = `SELECT biz FROM monitor_tasks WHERE state IN ('waiting', 'monitoring')`;

/**
 * The accounts members need fresh, from PostgreSQL: those with a live monitor task (the paid tier), and those a
 * member favourited, ordered monitoring of or back-collected in the last 30 days. Read once per crawl round.
 */
export async function memberTiers(
  db: Pick<MemberDb, 'query'>,
): Promise<{ monitor: Set<string>; member: Set<string> }> {
  const monitor = await db.query<{ biz: string }>(`SELECT DISTINCT biz FROM (${LIVE_TASKS}) AS t`);
  const member = await db.query<{ mid: string }>(`SELECT mid::text AS mid FROM (${MEMBER_MIDS}) AS m`, [
    ORDER_DAYS,
  ]);
  return {
    monitor: new Set(monitor.map((r) => r.biz)),
    member: new Set(member.map((r) => bizOf(Number(r.mid)))),
  };
}

/**
 * The crawl tier one account sits in (the rule crawl-priorities.ts applies to every account each round): monitor,
 * member, else active when it posted in the last 3 days (`postedRecently`, from ClickHouse), else rest.
 */
export async function tierOfAccount(
  db: Pick<MemberDb, 'query'>,
  mid: number,
  postedRecently: boolean,
): Promise<Tier> {
  const [row] = await db.query<{ monitor: boolean; member: boolean }>(
    `SELECT $2 IN (${LIVE_TASKS}) AS monitor, $3::bigint IN (${MEMBER_MIDS}) AS member`,
    [ORDER_DAYS, bizOf(mid), mid],
  );
  if (row?.monitor) return 'monitor';
  if (row?.member) return 'member';
  return postedRecently ? 'active' : 'rest';
}
