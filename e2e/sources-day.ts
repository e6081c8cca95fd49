import { BudgetLedger } from '../collectors/budget-ledger';
import { BudgetScheduler, type CountsTask, type Tier, type TierReport } from '../collectors/budget-scheduler';
import { PgCredentialStore } from '../collectors/credentials';
import { wireSources } from '../collectors/source-wiring';
import type { VirtualClock } from '../collectors/timer-clock';
import { addReadingAccount, pollReadingLogin, startReadingLogin } from '../collectors/weread-login';
import { createLogger } from '../core/log';
import { type Chains, REAL_CHAINS } from '../core/source-chains';
import type { MemberDb } from '../postgres/db';
import type { RunningSimulator } from '../simulator/server';

/** A deployment's budgets for one simulated day (docs/collectors.md). */
export interface DayPlan {
  readingAccounts: number;
  readingPerDay: number;
  ipPerDay: number;
  countsCredentials: number;
  countsPerDay: number;
  paidPerDay: number;
  paidMonthlyCapFen: number;
  tiers: Record<Tier, number>;
  monitorFreqMin: number;
  /** Hours a counts key lives after its first use. */
  countsKeyHours: number;
  hours: number;
  tickMin: number;
  /** The hour at which one reading account gets banned (null: none). */
  banAtHour: number | null;
  chains?: Chains;
}

export interface DayResult {
  tiers: TierReport[];
  stats: BudgetScheduler['stats'];
  expectedCountPolls: number;
  /** Requests the simulator answered beyond one of its budgets. */
  violations: number;
  /** Ledger rows whose used count passed their cap (must be none). */
  ledgerOver: number;
  wereadStates: string[];
  mpFreqLimited: number;
  servedBy: Record<string, number>;
  paidSpentFen: number;
  readingRequestsMax: number;
}

/**
 * Runs a simulated day against the simulator in real-rules mode: reading accounts added by QR, counts keys, a paid
 * key, the chains, and the budget scheduler ticking on a virtual clock. Shared by the Done-when test and the bench.
 */
export async function runSourcesDay(
  sim: RunningSimulator,
  db: MemberDb,
  clock: VirtualClock,
  plan: DayPlan,
  log = createLogger('silent'),
): Promise<DayResult> {
  const post = (path: string, body: unknown) =>
    fetch(new URL(path, sim.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('/__sim/rules', {
    rules: {
      enabled: true,
      wereadPerAccount: plan.readingPerDay,
      wereadPerIp: plan.ipPerDay,
      clientKeyTtlMs: plan.countsKeyHours * 3_600_000,
    },
    paidKeys: { 'JZL-test-key': 1_000_000 },
  });
  const store = new PgCredentialStore(db);
  const ledger = new BudgetLedger(db);
  // Reading accounts the way an admin adds them: a QR, the phone scans, the login lands in the pool.
  const vids: string[] = [];
  for (let i = 0; i < plan.readingAccounts; i++) {
    const qr = await startReadingLogin(sim.url);
    if ((await pollReadingLogin(sim.url, qr.uid)) !== null) throw new Error('logged in before the scan');
    await post(`/__sim/weread/scan?uid=${qr.uid}`, {});
    const login = await pollReadingLogin(sim.url, qr.uid);
    if (!login) throw new Error('no login after the scan');
    vids.push(login.vid);
    await addReadingAccount(store, login, { dailyBudget: plan.readingPerDay, egress: '' });
  }
  await store.add({
    source: 'mp',
    label: 'back office',
    secret: { token: 't', cookie: 'slave_sid=x' },
    dailyBudget: 30,
  });
  for (let i = 0; i < plan.countsCredentials; i++)
    await store.add({
      source: 'client',
      label: `phone ${i + 1}`,
      secret: { key: `ck${i}`, uin: `u${i}` },
      dailyBudget: plan.countsPerDay,
    });
  await store.add({
    source: 'paid',
    label: '极致了',
    secret: { key: 'JZL-test-key' },
    dailyBudget: plan.paidPerDay,
    costFen: 10,
    monthlyCapFen: plan.paidMonthlyCapFen,
    chargesFailures: true,
  });
  const wired = wireSources({
    upstream: sim.url,
    store,
    ledger,
    egressBudgets: { '': plan.ipPerDay },
    chains: plan.chains ?? { ...REAL_CHAINS, lists: ['mp', 'weread', 'paid'] },
    clock,
    log,
    cooldownMs: 15 * 60_000,
  });
  const tickMs = plan.tickMin * 60_000;
  const scheduler: BudgetScheduler = new BudgetScheduler({
    source: wired.chain,
    capacity: () => wired.listCapacity(scheduler.countsLeftToday()),
    clock,
    log,
    tickMs,
  });
  // Tiers: the first accounts carry monitor tasks, then members', recently active, the rest.
  const accounts = sim.world.accounts;
  const order: Tier[] = ['monitor', 'member', 'active', 'rest'];
  const list: { biz: string; tier: Tier }[] = [];
  let i = 0;
  for (const tier of order)
    for (let n = 0; n < plan.tiers[tier] && i < accounts.length; n++)
      list.push({ biz: (accounts[i++] as { biz: string }).biz, tier });
  scheduler.setAccounts(list);
  const tasks: CountsTask[] = [];
  for (const a of list.filter((x) => x.tier === 'monitor')) {
    const acc = sim.world.account(a.biz);
    const art = acc ? sim.world.pushes(acc)[0]?.articles[0] : undefined;
    if (art) tasks.push({ taskId: `t-${a.biz}`, article: art, freqMin: plan.monitorFreqMin });
  }
  scheduler.setTasks(tasks);
  const expectedCountPolls = tasks.length * Math.floor((plan.hours * 60) / plan.monitorFreqMin);
  const end = clock.now() + plan.hours * 3_600_000;
  let banned = false;
  const started = clock.now();
  while (clock.now() < end) {
    if (!banned && plan.banAtHour !== null && clock.now() - started >= plan.banAtHour * 3_600_000) {
      banned = true;
      await post('/__sim/rules', { ban: vids[0] });
    }
    await scheduler.tick();
    for (const p of Object.values(wired.pools)) await p.flush();
    await clock.advanceBy(tickMs);
  }
  const report = (await (await fetch(new URL('/__sim/rules', sim.url))).json()) as {
    violations: number;
    daily: Record<string, number>;
    paid: Record<string, { spentFen: number }>;
  };
  const over = await db.query<{ n: string }>('SELECT count(*) AS n FROM source_budget_days WHERE used > cap');
  const creds = await store.list(clock.now());
  const served = await import('../core/metrics').then((m) => m.sourceServed.get());
  const servedBy: Record<string, number> = {};
  for (const v of (await served).values)
    if (v.labels.outcome === 'ok') servedBy[`${v.labels.capability}:${v.labels.source}`] = v.value;
  return {
    tiers: scheduler.report(),
    stats: { ...scheduler.stats },
    expectedCountPolls,
    violations: report.violations,
    ledgerOver: Number(over[0]?.n ?? 0),
    wereadStates: creds.filter((c) => c.source === 'weread').map((c) => c.state),
    mpFreqLimited: creds.filter((c) => c.source === 'mp').reduce((n, c) => n + c.freqLimited, 0),
    servedBy,
    paidSpentFen: report.paid['JZL-test-key']?.spentFen ?? 0,
    readingRequestsMax: Math.max(
      0,
      ...Object.entries(report.daily)
        .filter(([k]) => k.startsWith('weread/'))
        .map(([, v]) => v),
    ),
  };
}
