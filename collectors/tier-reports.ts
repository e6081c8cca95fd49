import type { MemberDb } from '../postgres/db';
import type { Tier, TierReport } from './tier-plan';

export interface StoredTierReport extends TierReport {
  collector: string;
  /** ms */
  reportedAt: number;
}

/**
 * The crawl tiers each collector reports (table collector_tiers, migration 0120), so the admin's page shows them
 * whichever process serves it.
 */
export class PgTierReports {
  constructor(private db: Pick<MemberDb, 'query'>) {}

  async save(collector: string, reports: TierReport[], nowMs: number): Promise<void> {
    for (const r of reports)
      await this.db.query(
        `INSERT INTO collector_tiers (collector, tier, accounts, target_s, planned_s, stale_by_s, discovered, p50_s,
           p95_s, reported_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10 / 1000.0))
         ON CONFLICT (collector, tier) DO UPDATE SET accounts = $3, target_s = $4, planned_s = $5, stale_by_s = $6,
           discovered = $7, p50_s = $8, p95_s = $9, reported_at = to_timestamp($10 / 1000.0)`,
        [
          collector,
          r.tier,
          r.accounts,
          r.targetS,
          r.plannedS,
          r.staleByS,
          r.discovered,
          r.p50S,
          r.p95S,
          nowMs,
        ],
      );
  }

  /** Every collector's latest report, newest first, tiers in priority order within one. */
  async latest(): Promise<StoredTierReport[]> {
    const rows = await this.db.query<{
      collector: string;
      tier: Tier;
      accounts: number;
      target_s: number;
      planned_s: number | null;
      stale_by_s: number | null;
      discovered: number;
      p50_s: number | null;
      p95_s: number | null;
      reported_ms: string;
    }>(
      `SELECT collector, tier, accounts, target_s, planned_s, stale_by_s, discovered, p50_s, p95_s,
         (extract(epoch FROM reported_at) * 1000)::bigint AS reported_ms
       FROM collector_tiers
       ORDER BY reported_at DESC, collector,
         array_position(ARRAY['monitor', 'member', 'active', 'rest'], tier)`,
    );
    return rows.map((r) => ({
      collector: r.collector,
      tier: r.tier,
      accounts: r.accounts,
      targetS: r.target_s,
      plannedS: r.planned_s,
      staleByS: r.stale_by_s,
      discovered: r.discovered,
      p50S: r.p50_s,
      p95S: r.p95_s,
      reportedAt: Number(r.reported_ms),
    }));
  }
}
