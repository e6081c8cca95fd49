import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../core/log';
import { registry } from '../core/metrics';
import { tempDir } from '../e2e/harness';
import { throwawayDatabase } from '../e2e/postgres';
import { runSourcesDay } from '../e2e/sources-day';
import { type MemberDb, openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { BudgetLedger } from './budget-ledger';
import { CredentialPool, globalQueue } from './credential-pool';
import { PgCredentialStore } from './credentials';
import { UpstreamError } from './http';
import { VirtualClock } from './timer-clock';

/** Collecting within the upstreams' rules (issue 26): the simulator in real-rules mode, budgets in PostgreSQL. */
const log = createLogger('silent');
const START = Date.parse('2026-11-02T09:00:00+08:00');

describe('a day on the real rules', () => {
  let db: MemberDb;
  let sim: RunningSimulator;
  const clock = new VirtualClock(START);
  beforeAll(async () => {
    db = await openMemberDb({ dataDir: tempDir('sources-pg') });
    await migrateMemberDb(db, log);
    sim = await startSimulator(
      { seed: 26, accounts: 500, historyDays: 3, now: () => clock.now(), host: '127.0.0.1', port: 0 },
      log,
    );
  });
  afterAll(async () => {
    await sim?.close();
    await db?.close();
  });

  it('stays within every budget, polls monitors on time, falls through 200013 and retires a banned account', async () => {
    const r = await runSourcesDay(sim, db, clock, {
      readingAccounts: 3,
      readingPerDay: 50,
      ipPerDay: 300,
      countsCredentials: 2,
      countsPerDay: 400,
      paidPerDay: 400,
      paidMonthlyCapFen: 10_000,
      tiers: { monitor: 20, member: 60, active: 120, rest: 300 },
      monitorFreqMin: 60,
      countsKeyHours: 20,
      hours: 24,
      tickMin: 15,
      banAtHour: 8,
    });
    // Not one request beyond a budget, as the upstream counts them and as the ledger does.
    expect(r.violations).toBe(0);
    expect(r.ledgerOver).toBe(0);
    expect(r.readingRequestsMax).toBeLessThanOrEqual(50);
    // Every monitor task polled at its frequency, on time (counts fall from expired client keys to the paid API).
    expect(r.stats.countsMissed).toBe(0);
    expect(r.stats.countsLate).toBe(0);
    expect(r.stats.countPolls).toBeGreaterThanOrEqual(r.expectedCountPolls);
    expect(r.servedBy['counts:client']).toBeGreaterThan(0);
    expect(r.servedBy['counts:paid']).toBeGreaterThan(0);
    // The back office answered 200013 and the lists went on through WeChat Reading.
    expect(r.mpFreqLimited).toBeGreaterThan(0);
    expect(r.servedBy['lists:mp'] ?? 0).toBe(0);
    expect(r.servedBy['lists:weread']).toBeGreaterThan(100);
    // The banned reading account is retired; the others carried on with its share.
    expect(r.wereadStates.filter((s) => s === 'banned')).toHaveLength(1);
    // Discovery latency per tier: the monitor tier on target, the tiers the budget cannot hold said to be stale.
    const monitor = r.tiers.find((t) => t.tier === 'monitor');
    // The monitor tier is served first: found within 3 h and a tick (target 2 h; a reading account is lost at 8 h), before the rest.
    expect(typeof monitor?.staleByS).toBe('number');
    expect(monitor?.discovered).toBeGreaterThan(0);
    expect(monitor?.p95S).toBeLessThanOrEqual(3 * 3600 + 15 * 60);
    const rest = r.tiers.find((t) => t.tier === 'rest');
    expect(monitor?.p50S ?? Number.POSITIVE_INFINITY).toBeLessThan(rest?.p50S ?? Number.POSITIVE_INFINITY);
    // The tiers the budget cannot hold are said to be stale (null: no budget left for them at all).
    expect(rest?.staleByS === null || (rest?.staleByS ?? 0) > 0).toBe(true);
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/gzh_source_discovery_latency_seconds_count\{tier="monitor"\} [1-9]/);
    expect(metrics).toMatch(/gzh_source_tier_stale_seconds\{tier="rest"\} [1-9]/);
  }, 240_000);
});

describe('budgets shared by two collectors on the PostgreSQL server', () => {
  let drop: (() => Promise<void>) | null = null;
  const dbs: MemberDb[] = [];
  afterAll(async () => {
    for (const d of dbs) await d.close();
    await drop?.();
  });

  it('neither resets nor double-spends a budget when one collector dies mid-day', async () => {
    const t = await throwawayDatabase();
    drop = t.drop;
    const open = async () => {
      const d = await openMemberDb({ databaseUrl: t.url, dataDir: tempDir('unused') });
      dbs.push(d);
      return d;
    };
    const a = await open();
    await migrateMemberDb(a, log);
    const b = await open();
    const store = new PgCredentialStore(a);
    const id = await store.add({
      source: 'weread',
      label: 'r1',
      secret: { cookie: 'wr_vid=1' },
      dailyBudget: 50,
    });
    const clock = { now: () => START };
    const sent: number[] = [];
    const poolOn = (db: MemberDb) =>
      new CredentialPool({
        source: 'weread',
        store: new PgCredentialStore(db),
        clock,
        log,
        global: globalQueue(16),
        ledger: new BudgetLedger(db),
        egressBudgets: { '': 80 },
      });
    const pa = poolOn(a);
    const pb = poolOn(b);
    // Both collectors race for the same credential: 40 requests each, 50 units between them.
    const race = (p: CredentialPool, who: number) =>
      Promise.allSettled(
        Array.from({ length: 40 }, () =>
          p.run(async () => {
            sent.push(who);
          }),
        ),
      );
    const [ra, rb] = await Promise.all([race(pa, 1), race(pb, 2)]);
    expect(sent).toHaveLength(50);
    const refused = [...ra, ...rb].filter((x) => x.status === 'rejected');
    expect(refused).toHaveLength(30);
    expect(refused.every((x) => (x as PromiseRejectedResult).reason instanceof UpstreamError)).toBe(true);
    expect((refused[0] as PromiseRejectedResult).reason.kind).toBe('budget');
    // Collector A dies (its connection goes); a restarted one finds the day's count where it was.
    await a.close();
    dbs.splice(dbs.indexOf(a), 1);
    const a2 = await open();
    const ledger = new BudgetLedger(a2);
    expect(await ledger.used('credential', String(id), START)).toBe(50);
    expect(await ledger.used('egress', 'weread:default', START)).toBe(50);
    const restarted = poolOn(a2);
    await expect(restarted.run(async () => sent.push(3))).rejects.toMatchObject({ kind: 'budget' });
    expect(sent).toHaveLength(50);
    // The next Beijing day starts afresh.
    const tomorrow = new BudgetLedger(a2);
    expect(await tomorrow.take([{ scope: 'credential', key: String(id), cap: 50 }], START + 86_400_000)).toBe(
      true,
    );
    const raw = new pg.Client({ connectionString: t.url });
    await raw.connect();
    const rows = (await raw.query('SELECT used, cap FROM source_budget_days WHERE used > cap')).rows;
    await raw.end();
    expect(rows).toEqual([]);
  });
});
