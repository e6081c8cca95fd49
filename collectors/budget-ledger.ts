import { beijingDay } from '../core/periods';
import type { MemberDb } from '../postgres/db';

/** One budget a request spends from: a credential's or an egress IP's requests per Beijing day. */
export interface BudgetScope {
  scope: 'credential' | 'egress';
  key: string;
  /** Requests allowed that day. */
  cap: number;
}

export interface BudgetUse {
  scope: string;
  key: string;
  day: string;
  used: number;
  cap: number;
}

/** The Beijing month of `ms` as its first day (YYYY-MM-01). */
export const beijingMonth = (ms: number): string => `${beijingDay(ms).slice(0, 7)}-01`;

/**
 * Daily request budgets and paid-API spend in PostgreSQL (migration 0119), shared by every collector. A request
 * takes one unit from each of its budgets in one transaction: each row is raised only while under its cap
 * (UPDATE … WHERE used < cap RETURNING), so two collectors never spend the same unit, and a restart finds the
 * day's count where it was. Units are taken before the request is sent and never given back: a request that went
 * out was spent, whatever the answer.
 */
export class BudgetLedger {
  constructor(private db: Pick<MemberDb, 'query' | 'transaction'>) {}

  /** Takes one unit from every scope, or none if any is spent; true when taken. */
  async take(scopes: BudgetScope[], nowMs: number): Promise<boolean> {
    if (scopes.length === 0) return true;
    const day = beijingDay(nowMs);
    // Fixed lock order, so two collectors taking overlapping scopes cannot deadlock.
    const sorted = [...scopes].sort((a, b) => `${a.scope}/${a.key}`.localeCompare(`${b.scope}/${b.key}`));
    try {
      return await this.db.transaction(async (tx) => {
        for (const s of sorted) {
          const rows = await tx.query<{ used: number }>(
            `INSERT INTO source_budget_days (scope, key, day, used, cap) VALUES ($1, $2, $3, 1, $4)
             ON CONFLICT (scope, key, day) DO UPDATE SET used = source_budget_days.used + 1, cap = $4
               WHERE source_budget_days.used < $4
             RETURNING used`,
            [s.scope, s.key, day, s.cap],
          );
          // The cap itself may be 0 (a key with no budget today): the fresh row must not count as taken.
          if (rows.length === 0 || (rows[0]?.used ?? 0) > s.cap) throw new Spent();
        }
        return true;
      });
    } catch (e) {
      if (e instanceof Spent) return false;
      throw e;
    }
  }

  /** What each budget has used today (for the scheduler's capacity and the admin view). */
  async today(nowMs: number): Promise<BudgetUse[]> {
    const rows = await this.db.query<{ scope: string; key: string; day: string; used: number; cap: number }>(
      `SELECT scope, key, to_char(day, 'YYYY-MM-DD') AS day, used, cap FROM source_budget_days WHERE day = $1
       ORDER BY scope, key`,
      [beijingDay(nowMs)],
    );
    return rows;
  }

  /** Requests a scope has used on the Beijing day of `nowMs`. */
  async used(scope: BudgetScope['scope'], key: string, nowMs: number): Promise<number> {
    const [r] = await this.db.query<{ used: number }>(
      'SELECT used FROM source_budget_days WHERE scope = $1 AND key = $2 AND day = $3',
      [scope, key, beijingDay(nowMs)],
    );
    return r?.used ?? 0;
  }

  /**
   * Reserves one paid call's price against the key's monthly cap; false (nothing reserved) when the call would
   * pass the cap. The price is charged when reserved: a provider that does not charge a failed call gets it back
   * through refund().
   */
  async charge(
    credentialId: number,
    costFen: number,
    capFen: number | null,
    nowMs: number,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO paid_spend_months AS p (credential_id, month, spent_fen, calls)
       SELECT $1, $2::date, $3, 1 WHERE $4::bigint IS NULL OR $3 <= $4
       ON CONFLICT (credential_id, month) DO UPDATE SET spent_fen = p.spent_fen + $3, calls = p.calls + 1
         WHERE $4::bigint IS NULL OR p.spent_fen + $3 <= $4
       RETURNING spent_fen`,
      [credentialId, beijingMonth(nowMs), costFen, capFen],
    );
    return rows.length > 0;
  }

  /** A failed call: refunded when the provider does not charge failures, else counted as a charged failure. */
  async failedCall(credentialId: number, costFen: number, charged: boolean, nowMs: number): Promise<void> {
    await this.db.query(
      charged
        ? `UPDATE paid_spend_months SET charged_failures = charged_failures + 1
           WHERE credential_id = $1 AND month = $2::date AND $3::int >= 0`
        : `UPDATE paid_spend_months SET spent_fen = spent_fen - $3, calls = calls - 1
           WHERE credential_id = $1 AND month = $2::date`,
      [credentialId, beijingMonth(nowMs), costFen],
    );
  }

  /** This month's spend per paid key (分), its calls and charged failures. */
  async month(
    nowMs: number,
  ): Promise<{ credentialId: number; spentFen: number; calls: number; chargedFailures: number }[]> {
    const rows = await this.db.query<{
      credential_id: string;
      spent_fen: string;
      calls: number;
      charged_failures: number;
    }>(
      'SELECT credential_id, spent_fen, calls, charged_failures FROM paid_spend_months WHERE month = $1::date ORDER BY 1',
      [beijingMonth(nowMs)],
    );
    return rows.map((r) => ({
      credentialId: Number(r.credential_id),
      spentFen: Number(r.spent_fen),
      calls: r.calls,
      chargedFailures: r.charged_failures,
    }));
  }
}

class Spent extends Error {}
