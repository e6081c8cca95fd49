import type { MemberDb } from '../postgres/db';
import { debitSql, quotaMonth, refundSql, usedInMonth } from './monthly-quota';

export { quotaMonth };

/**
 * Members' minute-level monitoring orders (分钟级监测) and their monthly quota (PostgreSQL, migration 0104).
 * Each monitored article costs one count; a next-post task for all positions costs 8. The monthly allowance
 * comes from the member's level (members/membership.ts LEVELS.monitorPerMonth).
 */

export type MonitorKind = 'article' | 'next_post';

/** Cost in monitoring counts: one per monitored article (position 0 = all eight positions). */
export const monitorCost = (kind: MonitorKind, position: number) =>
  kind === 'next_post' && position === 0 ? 8 : 1;

export interface NewOrder {
  userId: number;
  taskId: string;
  kind: MonitorKind;
  biz: string;
  mid: number;
  msgid: number | null;
  idx: number | null;
  sn: string | null;
  position: number;
  freqMin: number;
  days: number;
  cost: number;
  createdAtMs: number;
}

export interface OrderRow {
  task_id: string;
  kind: MonitorKind;
  biz: string;
  mid: number;
  msgid: number | null;
  idx: number | null;
  sn: string | null;
  position: number;
  freq_min: number;
  days: number;
  cost: number;
  refunded: number;
  created_ms: number;
  cancelled_ms: number | null;
}

const ORDER_COLUMNS = `task_id, kind, biz, mid::float8 AS mid, msgid::float8 AS msgid, idx, sn, position, freq_min, days,
  cost, refunded, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
  (extract(epoch FROM cancelled_at) * 1000)::float8 AS cancelled_ms`;

const toOrder = (r: Record<string, unknown>): OrderRow => ({
  task_id: String(r.task_id),
  kind: r.kind as MonitorKind,
  biz: String(r.biz),
  mid: Number(r.mid),
  msgid: r.msgid === null ? null : Number(r.msgid),
  idx: r.idx === null ? null : Number(r.idx),
  sn: (r.sn as string | null) ?? null,
  position: Number(r.position),
  freq_min: Number(r.freq_min),
  days: Number(r.days),
  cost: Number(r.cost),
  refunded: Number(r.refunded),
  created_ms: Math.round(Number(r.created_ms)),
  cancelled_ms: r.cancelled_ms === null ? null : Math.round(Number(r.cancelled_ms)),
});

/** An order that may cover an article: who placed it, when, for how long, and whether it was cancelled. */
export interface ArticleOrder {
  user_id: number;
  task_id: string;
  kind: MonitorKind;
  days: number;
  created_ms: number;
  cancelled_ms: number | null;
}

export class MonitorOrders {
  constructor(private db: MemberDb) {}

  /**
   * Debits the order's cost from the member's month and records the order, in one statement: the upsert on
   * monitor_usage only adds when used + cost ≤ allowance (re-checked under the row lock, so concurrent orders
   * never overspend), and the order row is inserted only when the debit happened. Null when the quota is short.
   */
  async place(o: NewOrder, allowance: number): Promise<{ used: number } | null> {
    const month = quotaMonth(o.createdAtMs);
    const [r] = await this.db.query<{ used: number }>(
      `WITH u AS (
         ${debitSql('monitor_usage', { user: 1, month: 2, cost: 3, allowance: 4 })}
       ), o AS (
         INSERT INTO monitor_orders (user_id, task_id, kind, biz, mid, msgid, idx, sn, position, freq_min, days,
           cost, month, created_at)
         SELECT $1::bigint, $5::text, $6::text, $7::text, $8::bigint, $9::bigint, $10::smallint, $11::text,
           $12::smallint, $13::smallint, $14::smallint, $3::int, $2::text, to_timestamp($15::float8 / 1000) FROM u
         RETURNING id
       )
       SELECT u.used FROM u, o`,
      [
        o.userId,
        month,
        o.cost,
        allowance,
        o.taskId,
        o.kind,
        o.biz,
        o.mid,
        o.msgid,
        o.idx,
        o.sn,
        o.position,
        o.freqMin,
        o.days,
        o.createdAtMs,
      ],
    );
    return r ? { used: Number(r.used) } : null;
  }

  /**
   * Records an order paid from the API balance (the open API debits api_ledger itself): no monthly counts
   * are used, and `cost` is the calls charged.
   */
  async placePaidByApi(o: NewOrder): Promise<void> {
    await this.db.query(
      `INSERT INTO monitor_orders (user_id, task_id, kind, biz, mid, msgid, idx, sn, position, freq_min, days,
         cost, month, created_at, paid_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, to_timestamp($14::float8 / 1000), 'api')`,
      [
        o.userId,
        o.taskId,
        o.kind,
        o.biz,
        o.mid,
        o.msgid,
        o.idx,
        o.sn,
        o.position,
        o.freqMin,
        o.days,
        o.cost,
        quotaMonth(o.createdAtMs),
        o.createdAtMs,
      ],
    );
  }

  /** Counts used by a member in the month of `nowMs`. */
  async used(userId: number, nowMs: number): Promise<number> {
    return usedInMonth(this.db, 'monitor_usage', userId, nowMs);
  }

  /** The member's own order; null for another member's or an unknown task. */
  async get(userId: number, taskId: string): Promise<OrderRow | null> {
    const [r] = await this.db.query(
      `SELECT ${ORDER_COLUMNS} FROM monitor_orders WHERE user_id = $1 AND task_id = $2`,
      [userId, taskId],
    );
    return r ? toOrder(r) : null;
  }

  /**
   * Marks the member's order cancelled (once) and, with `refund`, gives its cost back to the month it was
   * debited from, in one statement (orders paid through the API give no counts back: they never took any).
   * Null when there is no such live order of this member.
   */
  async cancel(
    userId: number,
    taskId: string,
    nowMs: number,
    refund: boolean,
  ): Promise<{ refunded: number } | null> {
    const [r] = await this.db.query<{ refunded: number }>(
      `WITH o AS (
         UPDATE monitor_orders SET cancelled_at = to_timestamp($3::float8 / 1000),
           refunded = CASE WHEN $4::boolean AND paid_by = 'quota' THEN cost ELSE 0 END
         WHERE user_id = $1 AND task_id = $2 AND cancelled_at IS NULL
         RETURNING user_id, month, refunded
       ), u AS (
         ${refundSql('monitor_usage', 'o')}
       )
       SELECT o.refunded, (SELECT count(*) FROM u) AS n FROM o`,
      [userId, taskId, nowMs, refund],
    );
    return r ? { refunded: Number(r.refunded) } : null;
  }

  /** A member's orders of one kind, newest first. */
  async list(
    userId: number,
    kind: MonitorKind,
    page: number,
    pagesize: number,
  ): Promise<{ total: number; rows: OrderRow[] }> {
    const [t] = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM monitor_orders WHERE user_id = $1 AND kind = $2',
      [userId, kind],
    );
    const rows = await this.db.query(
      `SELECT ${ORDER_COLUMNS} FROM monitor_orders WHERE user_id = $1 AND kind = $2
       ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [userId, kind, pagesize, (page - 1) * pagesize],
    );
    return { total: Number(t?.n ?? 0), rows: rows.map(toOrder) };
  }

  /** All of a member's orders, newest first (at most `limit`), optionally on one account. */
  async all(userId: number, opts: { mid?: number; limit?: number } = {}): Promise<OrderRow[]> {
    const rows = await this.db.query(
      `SELECT ${ORDER_COLUMNS} FROM monitor_orders WHERE user_id = $1 AND ($2::bigint IS NULL OR mid = $2)
       ORDER BY created_at DESC, id DESC LIMIT $3`,
      [userId, opts.mid ?? null, opts.limit ?? 5000],
    );
    return rows.map(toOrder);
  }

  /** How many orders a member placed on one account (cancelled ones excluded). */
  async countOnAccount(userId: number, mid: number): Promise<number> {
    const [r] = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM monitor_orders WHERE user_id = $1 AND mid = $2 AND cancelled_at IS NULL',
      [userId, mid],
    );
    return Number(r?.n ?? 0);
  }

  /**
   * The orders that may cover an article of account `mid`: every next-post order on the account, and the article
   * orders on the article itself when `article` names one (msgid as a decimal string: it may exceed 2^53).
   */
  async onArticle(mid: number, article: { msgid: string; idx: number } | null): Promise<ArticleOrder[]> {
    const rows = await this.db.query<{
      user_id: string | number;
      task_id: string;
      kind: MonitorKind;
      days: number;
      created_ms: number;
      cancelled_ms: number | null;
    }>(
      `SELECT user_id, task_id, kind, days, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
         (extract(epoch FROM cancelled_at) * 1000)::float8 AS cancelled_ms
       FROM monitor_orders
       WHERE mid = $1 AND (kind = 'next_post' OR ($2::boolean AND kind = 'article' AND msgid = $3::bigint AND idx = $4))`,
      [mid, article !== null, article?.msgid ?? '0', article?.idx ?? 0],
    );
    return rows.map((r) => ({
      user_id: Number(r.user_id),
      task_id: r.task_id,
      kind: r.kind,
      days: Number(r.days),
      created_ms: Math.round(Number(r.created_ms)),
      cancelled_ms: r.cancelled_ms === null ? null : Math.round(Number(r.cancelled_ms)),
    }));
  }
}
