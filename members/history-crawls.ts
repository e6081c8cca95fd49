import { CRAWL_STATES, type CrawlState } from '../contract/shapes/history-crawl';
import type { MemberDb } from '../postgres/db';
import { debitSql, quotaMonth, refundSql, usedInMonth } from './monthly-quota';

/**
 * Members' history back-collection orders (历史回采, PostgreSQL migration 0105) and their monthly counts. An order
 * costs backfillCost(days) counts from the month's allowance (members/membership.ts backfillAllowance); the
 * collectors' reports (ClickHouse crawl_progress) move it from queued to running, done or failed, and a failed
 * or cancelled order gets its counts back.
 */

export { CRAWL_STATES, type CrawlState };
/** States in which an order still waits for, or is in, the collector's hands. */
export const LIVE_STATES: readonly CrawlState[] = ['queued', 'running'];

export interface NewCrawl {
  userId: number;
  requestId: string;
  mid: number;
  biz: string;
  name: string;
  days: number;
  position: number;
  fromMs: number;
  toMs: number;
  cost: number;
  createdAtMs: number;
}

export interface CrawlRow {
  request_id: string;
  mid: number;
  biz: string;
  name: string;
  days: number;
  position: number;
  from_ms: number;
  to_ms: number;
  cost: number;
  refunded: number;
  state: CrawlState;
  created_ms: number;
  finished_ms: number | null;
  cancelled_ms: number | null;
}

const ms = (col: string) => `(extract(epoch FROM ${col}) * 1000)::float8`;
const COLUMNS = `request_id, mid::float8 AS mid, biz, name, days, position, ${ms('window_from')} AS from_ms,
  ${ms('window_to')} AS to_ms, cost, refunded, state, ${ms('created_at')} AS created_ms,
  ${ms('finished_at')} AS finished_ms, ${ms('cancelled_at')} AS cancelled_ms`;

const msOrNull = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));
const toRow = (r: Record<string, unknown>): CrawlRow => ({
  request_id: String(r.request_id),
  mid: Number(r.mid),
  biz: String(r.biz),
  name: String(r.name),
  days: Number(r.days),
  position: Number(r.position),
  from_ms: Math.round(Number(r.from_ms)),
  to_ms: Math.round(Number(r.to_ms)),
  cost: Number(r.cost),
  refunded: Number(r.refunded),
  state: r.state as CrawlState,
  created_ms: Math.round(Number(r.created_ms)),
  finished_ms: msOrNull(r.finished_ms),
  cancelled_ms: msOrNull(r.cancelled_ms),
});

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

export class HistoryCrawls {
  constructor(private db: MemberDb) {}

  /**
   * Debits the order's cost and records it, in one statement (the order row exists exactly when the debit
   * happened). 'quota' when the month's counts are short; 'running' when the member already has a live order on
   * the account (the unique index refuses the second of two simultaneous orders, and the debit rolls back with it).
   */
  async place(o: NewCrawl, allowance: number): Promise<{ used: number } | 'quota' | 'running'> {
    try {
      const [r] = await this.db.query<{ used: number }>(
        `WITH u AS (
           ${debitSql('history_crawl_usage', { user: 1, month: 2, cost: 3, allowance: 4 })}
         ), o AS (
           INSERT INTO history_crawls (user_id, request_id, mid, biz, name, days, position, window_from, window_to,
             cost, month, created_at)
           SELECT $1::bigint, $5::text, $6::bigint, $7::text, $8::text, $9::smallint, $10::smallint,
             to_timestamp($11::float8 / 1000), to_timestamp($12::float8 / 1000), $3::int, $2::text,
             to_timestamp($13::float8 / 1000) FROM u
           RETURNING id
         )
         SELECT u.used FROM u, o`,
        [
          o.userId,
          quotaMonth(o.createdAtMs),
          o.cost,
          allowance,
          o.requestId,
          o.mid,
          o.biz,
          o.name,
          o.days,
          o.position,
          o.fromMs,
          o.toMs,
          o.createdAtMs,
        ],
      );
      return r ? { used: Number(r.used) } : 'quota';
    } catch (err) {
      if (isUniqueViolation(err)) return 'running';
      throw err;
    }
  }

  /** Counts a member used in the month of `nowMs`. */
  used(userId: number, nowMs: number): Promise<number> {
    return usedInMonth(this.db, 'history_crawl_usage', userId, nowMs);
  }

  /** The member's own order; null for another member's or an unknown one. */
  async get(userId: number, requestId: string): Promise<CrawlRow | null> {
    const [r] = await this.db.query(
      `SELECT ${COLUMNS} FROM history_crawls WHERE user_id = $1 AND request_id = $2`,
      [userId, requestId],
    );
    return r ? toRow(r) : null;
  }

  /** The member's orders still queued or running (on one account when `mid` is given). */
  async live(userId: number, mid?: number): Promise<CrawlRow[]> {
    const rows = await this.db.query(
      `SELECT ${COLUMNS} FROM history_crawls
       WHERE user_id = $1 AND state IN ('queued', 'running') AND ($2::bigint IS NULL OR mid = $2)
       ORDER BY created_at DESC, id DESC`,
      [userId, mid ?? null],
    );
    return rows.map(toRow);
  }

  /** The member's orders, newest first, optionally in some states and on accounts whose name contains `keyword`. */
  async list(
    userId: number,
    filter: { states?: CrawlState[]; keyword?: string },
    page: number,
    pagesize: number,
  ): Promise<{ total: number; rows: CrawlRow[] }> {
    const where = `user_id = $1 AND ($2::text[] IS NULL OR state = ANY($2::text[]))
      AND ($3::text IS NULL OR strpos(lower(name), lower($3::text)) > 0)`;
    const params = [userId, filter.states ?? null, filter.keyword ?? null];
    const [t] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM history_crawls WHERE ${where}`,
      params,
    );
    const rows = await this.db.query(
      `SELECT ${COLUMNS} FROM history_crawls WHERE ${where}
       ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [...params, pagesize, (page - 1) * pagesize],
    );
    return { total: Number(t?.n ?? 0), rows: rows.map(toRow) };
  }

  /**
   * Moves a live order to the state its collector reported; a failed one gets its counts back (once: only a live
   * order moves). False when the order was not live or already in that state.
   */
  async settle(requestId: string, state: 'running' | 'done' | 'failed', atMs: number): Promise<boolean> {
    const [r] = await this.db.query<{ n: number }>(
      `WITH o AS (
         UPDATE history_crawls SET state = $2::text,
           finished_at = CASE WHEN $2::text = 'running' THEN NULL ELSE to_timestamp($3::float8 / 1000) END,
           refunded = CASE WHEN $2::text = 'failed' THEN cost ELSE refunded END
         WHERE request_id = $1 AND state IN ('queued', 'running') AND state <> $2::text
         RETURNING user_id, month, refunded
       ), u AS (
         ${refundSql('history_crawl_usage', 'o')}
       )
       SELECT count(*)::int AS n FROM o`,
      [requestId, state, atMs],
    );
    return Number(r?.n ?? 0) > 0;
  }

  /** Cancels the member's live order and gives its counts back, in one statement; null when it is not live. */
  async cancel(userId: number, requestId: string, nowMs: number): Promise<{ refunded: number } | null> {
    const [r] = await this.db.query<{ refunded: number }>(
      `WITH o AS (
         UPDATE history_crawls SET state = 'cancelled', cancelled_at = to_timestamp($3::float8 / 1000),
           refunded = cost
         WHERE user_id = $1 AND request_id = $2 AND state IN ('queued', 'running')
         RETURNING user_id, month, refunded
       ), u AS (
         ${refundSql('history_crawl_usage', 'o')}
       )
       SELECT o.refunded FROM o`,
      [userId, requestId, nowMs],
    );
    return r ? { refunded: Number(r.refunded) } : null;
  }
}
