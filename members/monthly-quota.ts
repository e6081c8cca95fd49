import type { MemberDb } from '../postgres/db';

/**
 * Monthly counts a member spends on orders (minute-level monitoring, history back-collection). Each kind keeps
 * its own usage table of the same shape, (user_id, month, used) with the primary key (user_id, month); the
 * allowance per month comes from the member's level (members/membership.ts LEVELS). The debit and the refund are
 * SQL pieces the order modules put into their own single statements, so an order row exists exactly when its
 * cost was debited, and concurrent orders never overspend.
 */

export type UsageTable = 'monitor_usage' | 'history_crawl_usage';

/** The quota month (yyyy-mm, Asia/Shanghai) of a time. */
export const quotaMonth = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 7);

/**
 * A data-modifying statement for a CTE that adds `cost` to the member's month only when used + cost ≤ allowance
 * (re-checked under the row lock on conflict) and returns `used`; no row when the quota is short. The numbers
 * are the positions of the bound parameters: user id (bigint), month (text), cost (int), allowance (int).
 */
export function debitSql(
  table: UsageTable,
  p: { user: number; month: number; cost: number; allowance: number },
): string {
  const cost = `$${p.cost}::int`;
  const allowance = `$${p.allowance}::int`;
  return `INSERT INTO ${table} (user_id, month, used)
         SELECT $${p.user}::bigint, $${p.month}::text, ${cost} WHERE ${cost} <= ${allowance}
         ON CONFLICT (user_id, month) DO UPDATE SET used = ${table}.used + EXCLUDED.used
           WHERE ${table}.used + EXCLUDED.used <= ${allowance}
         RETURNING used`;
}

/**
 * A data-modifying statement for a CTE that gives back `refunded` to the month it was debited from, reading the
 * CTE named `from` (columns user_id, month, refunded); rows with nothing to refund are left alone.
 */
export function refundSql(table: UsageTable, from: string): string {
  return `UPDATE ${table} m SET used = greatest(0, m.used - ${from}.refunded)
         FROM ${from} WHERE ${from}.refunded > 0 AND m.user_id = ${from}.user_id AND m.month = ${from}.month
         RETURNING m.used`;
}

/** Counts a member used in the month of `nowMs`. */
export async function usedInMonth(
  db: MemberDb,
  table: UsageTable,
  userId: number,
  nowMs: number,
): Promise<number> {
  const [r] = await db.query<{ used: number }>(
    `SELECT used FROM ${table} WHERE user_id = $1 AND month = $2`,
    [userId, quotaMonth(nowMs)],
  );
  return Number(r?.used ?? 0);
}
