import { VirtualClock } from '../collectors/timer-clock';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { type DayPlan, type DayResult, runSourcesDay } from '../e2e/sources-day';
import { openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { startSimulator } from '../simulator/server';

/**
 * `npm run bench -- sources`: a simulated day on the real rules (simulator real-rules mode, budgets in PostgreSQL
 * via PGlite) for a given budget: discovery latency p50/p95 per tier, how many accounts each tier can hold at a
 * given freshness, and requests sent beyond any budget (must be 0). Baseline, measured in the same run: the same
 * budget spent without tiers (every account in one tier), its discovery p50 against the tiered monitor tier's.
 * Budget: BENCH_READING (3 reading accounts), BENCH_COUNTS (2 counts keys), BENCH_ACCOUNTS (500), BENCH_HOURS (24).
 */
export async function run(): Promise<void> {
  const reading = Number(process.env.BENCH_READING ?? 3);
  const counts = Number(process.env.BENCH_COUNTS ?? 2);
  const accounts = Number(process.env.BENCH_ACCOUNTS ?? 500);
  const hours = Number(process.env.BENCH_HOURS ?? 24);
  const monitor = 20;
  const member = Math.round(accounts * 0.12);
  const active = Math.round(accounts * 0.24);
  const plan = (tiers: DayPlan['tiers']): DayPlan => ({
    readingAccounts: reading,
    readingPerDay: 50,
    ipPerDay: 300,
    countsCredentials: counts,
    countsPerDay: 400,
    paidPerDay: 400,
    paidMonthlyCapFen: 10_000,
    tiers,
    monitorFreqMin: 60,
    countsKeyHours: 20,
    hours,
    tickMin: 15,
    banAtHour: null,
  });
  const day = async (tiers: DayPlan['tiers']): Promise<{ r: DayResult; ms: number }> => {
    const clock = new VirtualClock(Date.parse('2026-11-02T09:00:00+08:00'));
    const log = createLogger('silent');
    const db = await openMemberDb({ dataDir: tempDir('bench-sources') });
    await migrateMemberDb(db, log);
    const sim = await startSimulator(
      { seed: 26, accounts, historyDays: 3, now: () => clock.now(), host: '127.0.0.1', port: 0 },
      log,
    );
    const t0 = performance.now();
    try {
      return { r: await runSourcesDay(sim, db, clock, plan(tiers)), ms: performance.now() - t0 };
    } finally {
      await sim.close();
      await db.close();
    }
  };
  console.log(
    `budget: ${reading} reading accounts × 50/day, 1 IP × 300/day, ${counts} counts keys × 400/day, 1 paid key × 400/day (¥0.10/call, cap ¥100/month); ${accounts} accounts, ${monitor} monitor tasks at 60 min; ${hours} h simulated`,
  );
  const tiered = await day({ monitor, member, active, rest: accounts - monitor - member - active });
  const flat = await day({ monitor: 0, member: 0, active: 0, rest: accounts });
  const h = (s: number | null) => (s === null ? '—' : `${(s / 3600).toFixed(2)} h`);
  console.log('tier       accounts  target    affords   stale by  found  p50       p95');
  for (const t of tiered.r.tiers)
    console.log(
      `${t.tier.padEnd(10)} ${String(t.accounts).padStart(8)}  ${h(t.targetS).padEnd(9)} ${h(t.plannedS).padEnd(9)} ${h(t.staleByS).padEnd(9)} ${String(t.discovered).padStart(5)}  ${h(t.p50S).padEnd(9)} ${h(t.p95S)}`,
    );
  const lists = tiered.r.stats.listPolls;
  const perHour = lists / hours;
  console.log(
    `post-list polls: ${lists} (${perHour.toFixed(1)}/h); counter polls: ${tiered.r.stats.countPolls} of ${tiered.r.expectedCountPolls} due, late ${tiered.r.stats.countsLate}, missed ${tiered.r.stats.countsMissed}`,
  );
  console.log(
    `served: ${JSON.stringify(tiered.r.servedBy)}; paid spend ¥${(tiered.r.paidSpentFen / 100).toFixed(2)}`,
  );
  const hold = (freshH: number) => Math.floor(perHour * freshH);
  console.log(
    `accounts one tier can hold with this budget: ${[1, 2, 6, 12, 24].map((f) => `${hold(f)} at ${f} h`).join(', ')}`,
  );
  const monitorP50 = tiered.r.tiers.find((t) => t.tier === 'monitor')?.p50S ?? null;
  const flatP50 = flat.r.tiers.find((t) => t.tier === 'rest')?.p50S ?? null;
  const ratio = monitorP50 && flatP50 ? flatP50 / monitorP50 : null;
  console.log(
    `baseline (no tiers, same budget): discovery p50 ${h(flatP50)}; tiered monitor tier p50 ${h(monitorP50)} → ${ratio === null ? '—' : `${ratio.toFixed(1)}×`} fresher`,
  );
  const over = tiered.r.violations + tiered.r.ledgerOver + flat.r.violations + flat.r.ledgerOver;
  console.log(
    `wall time: tiered ${(tiered.ms / 1000).toFixed(1)} s, baseline ${(flat.ms / 1000).toFixed(1)} s`,
  );
  const p = (tier: string, q: 'p50S' | 'p95S') => {
    const v = tiered.r.tiers.find((t) => t.tier === tier)?.[q];
    return v === null || v === undefined ? 'none' : String(v);
  };
  console.log(
    `RESULT sources over_budget=${over} monitor_p50_s=${p('monitor', 'p50S')} monitor_p95_s=${p('monitor', 'p95S')} member_p95_s=${p('member', 'p95S')} counts_late=${tiered.r.stats.countsLate} counts_missed=${tiered.r.stats.countsMissed} list_polls_per_h=${perHour.toFixed(1)} hold_6h=${hold(6)} vs_flat=${ratio === null ? 'none' : ratio.toFixed(1)}`,
  );
}
