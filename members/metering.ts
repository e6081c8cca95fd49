import type { MemberDb } from '../postgres/db';

export interface LedgerRow {
  id: number;
  kind: 'call' | 'refund' | 'recharge' | 'trial' | 'forfeit';
  endpoint: string;
  amount: number;
  balance_after: number;
  ref: string;
  created_at: string;
}

/**
 * Metered API calls. A debit is one SQL statement: the conditional UPDATE (balance >= cost) and the
 * ledger insert in one CTE, so concurrent calls can never overdraw and every debit has its record.
 */
export class Metering {
  constructor(private db: MemberDb) {}

  /** Returns the ledger id and the balance left, or null when the balance does not cover the cost. */
  async debit(
    userId: number,
    endpoint: string,
    cost: number,
    ref: string,
  ): Promise<{ id: number; balance: number } | null> {
    const [r] = await this.db.query<{ id: number; balance_after: number }>(
      `WITH u AS (
         UPDATE users SET api_balance = api_balance - $2 WHERE id = $1 AND api_balance >= $2 RETURNING id, api_balance
       )
       INSERT INTO api_ledger (user_id, kind, endpoint, amount, balance_after, ref)
       SELECT id, 'call', $3, -$2::bigint, api_balance, $4 FROM u
       RETURNING id, balance_after`,
      [userId, cost, endpoint, ref.slice(0, 200)],
    );
    return r ? { id: Number(r.id), balance: Number(r.balance_after) } : null;
  }

  /** Gives a debit back when the call found nothing to return (callers pay for results only). */
  async refund(userId: number, endpoint: string, cost: number, ledgerId: number): Promise<void> {
    // A repeated refund of the same debit hits api_ledger_one_refund and changes nothing.
    await this.db
      .query(
        `WITH u AS (UPDATE users SET api_balance = api_balance + $2 WHERE id = $1 RETURNING id, api_balance)
       INSERT INTO api_ledger (user_id, kind, endpoint, amount, balance_after, ref)
       SELECT id, 'refund', $3, $2, api_balance, $4 FROM u`,
        [userId, cost, endpoint, `退还 #${ledgerId}`],
      )
      .catch((e: unknown) => {
        if ((e as { code?: string }).code !== '23505') throw e;
      });
  }

  async balance(userId: number): Promise<{ balance: number; trial: number }> {
    const [r] = await this.db.query<{ api_balance: number; api_trial_granted: number }>(
      'SELECT api_balance, api_trial_granted FROM users WHERE id = $1',
      [userId],
    );
    return { balance: Number(r?.api_balance ?? 0), trial: Number(r?.api_trial_granted ?? 0) };
  }

  async records(
    userId: number,
    kinds: LedgerRow['kind'][],
    opts: { page: number; num: number; start?: string; end?: string },
  ): Promise<{ total: number; rows: LedgerRow[] }> {
    const where = `user_id = $1 AND kind = ANY($2)
      AND ($3::date IS NULL OR created_at >= ($3::date::timestamp AT TIME ZONE 'Asia/Shanghai'))
      AND ($4::date IS NULL OR created_at < (($4::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'))`;
    const params = [userId, kinds, opts.start ?? null, opts.end ?? null];
    const [t] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM api_ledger WHERE ${where}`,
      params,
    );
    const rows = await this.db.query<LedgerRow>(
      `SELECT id, kind, endpoint, amount::int AS amount, balance_after::int AS balance_after, ref,
              to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
       FROM api_ledger WHERE ${where} ORDER BY id DESC LIMIT $5 OFFSET $6`,
      [...params, opts.num, (opts.page - 1) * opts.num],
    );
    // The PostgreSQL server hands a bigint back as text, PGlite as a number: the answer has a number either way.
    return { total: t?.n ?? 0, rows: rows.map((r) => ({ ...r, id: Number(r.id) })) };
  }

  /** Charged calls (refunded ones netted out) per day and endpoint over the last `days` days (api_usage). */
  async usage(userId: number, days: number) {
    return this.db.query<{ day: string; endpoint: string; calls: number; cost: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, endpoint,
              (count(*) FILTER (WHERE kind = 'call') - count(*) FILTER (WHERE kind = 'refund'))::int AS calls,
              (-sum(amount))::int AS cost
       FROM api_ledger WHERE user_id = $1 AND kind IN ('call', 'refund') AND created_at > now() - make_interval(days => $2)
       GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
      [userId, days],
    );
  }

  /** Calls ever recharged, and the last charged call's time (Beijing, '' before the first). */
  async ledgerSummary(userId: number): Promise<{ recharged: number; last_call: string }> {
    const [r] = await this.db.query<{ recharged: number; last_call: string | null }>(
      `SELECT coalesce(sum(amount) FILTER (WHERE kind = 'recharge'), 0)::int AS recharged,
              to_char(max(created_at) FILTER (WHERE kind = 'call') AT TIME ZONE 'Asia/Shanghai',
                      'YYYY-MM-DD HH24:MI:SS') AS last_call
       FROM api_ledger WHERE user_id = $1`,
      [userId],
    );
    return { recharged: Number(r?.recharged ?? 0), last_call: r?.last_call ?? '' };
  }
}
