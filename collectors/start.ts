import PQueue from 'p-queue';
import type { Bus } from '../bus/bus';
import type { Clock } from '../core/clock';
import type { Config } from '../core/config';
import type { Logger } from '../core/log';
import { addCredentialSource, addMonitorTaskSource } from '../core/metrics';
import { CAPABILITIES } from '../core/source-chains';
import type { MemberDb } from '../postgres/db';
import { memberTiers } from './account-tiers';
import { BudgetLedger } from './budget-ledger';
import { CrawlPriorities, countsLeftToday } from './crawl-priorities';
import { Crawler, type Shard } from './crawler';
import { type CredentialStore, PgCredentialStore, StaticCredentialStore } from './credentials';
import { publishShowcase } from './demo-showcase';
import { CollectorMembership } from './membership';
import { MonitorScheduler } from './monitor';
import { PgMonitorTaskStore } from './monitor-store';
import { PgAccountRegistry } from './registry';
import { CrawlRequestHandler } from './requests';
import { PgSourceChainStore } from './source-chain';
import { chainsInForce, wireSources } from './source-wiring';
import { PgTierReports } from './tier-reports';
import { realTimers } from './timer-clock';

export interface RunningCollectors {
  crawler: Crawler;
  monitor: MonitorScheduler;
  requests: CrawlRequestHandler;
  /** The crawl's tiers when requests are budgeted (null without budgets): staleness and discovery latency. */
  priorities: CrawlPriorities | null;
  /** The demo showcase being published (collectors/demo-showcase.ts); null when there is none. Never rejects. */
  showcase: Promise<void> | null;
  /** Stops in order: requests, monitoring, crawling, then the last usage counts are written. */
  stop(): Promise<void>;
}

/**
 * The collector role: upstream sources behind credential pools, the regular crawl, minute-level
 * monitoring and on-demand crawl requests, all publishing to `bus`.
 */
export async function startCollectors(opts: {
  config: Config;
  upstream: string;
  bus: Bus;
  db: MemberDb;
  clock: Clock;
  log: Logger;
}): Promise<RunningCollectors> {
  const { config, upstream, bus, db, clock, log } = opts;
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse())
      await s().catch((err) => log.error({ err }, 'error stopping collectors'));
  };
  // The built-in simulator needs no login; real upstreams take credentials from PostgreSQL.
  const credentials: CredentialStore =
    config.UPSTREAM_CREDENTIALS === 'db' ? new PgCredentialStore(db) : StaticCredentialStore.anonymous();
  const chainStore = new PgSourceChainStore(db);
  // Daily budgets live in PostgreSQL only for real credentials; the demo's anonymous one has no budget to keep.
  const ledger = config.UPSTREAM_CREDENTIALS === 'db' ? new BudgetLedger(db) : null;
  const wired = wireSources({
    upstream,
    wereadUpstream: config.WEREAD_URL,
    paidUpstream: config.PAID_API_URL,
    store: credentials,
    ledger,
    egressBudgets: config.WEREAD_IP_DAILY_BUDGET > 0 ? { '*': config.WEREAD_IP_DAILY_BUDGET } : undefined,
    chains: await chainsInForce(config, chainStore),
    clock,
    log,
    concurrency: config.CRAWL_CONCURRENCY * 4,
    perCredential:
      config.UPSTREAM_RATE_PER_CREDENTIAL > 0
        ? { cap: config.UPSTREAM_RATE_PER_CREDENTIAL, intervalMs: 60_000 }
        : null,
    cooldownMs: config.UPSTREAM_COOLDOWN_S * 1000,
    timeoutMs: config.UPSTREAM_TIMEOUT_S * 1000,
    mp: {
      listApi: config.UPSTREAM_LIST_API === 'list_ex' ? 'list_ex' : 'publish',
      countsVia: config.UPSTREAM_COUNTS,
    },
  });
  const { pools, chain: source } = wired;
  log.info({ chains: source.current() }, 'source chains');
  const removeCredentials = addCredentialSource(() => credentials.states(clock.now()));
  stops.push(async () => removeCredentials());
  const flushUsage = setInterval(() => {
    for (const p of Object.values(pools)) void p.flush().catch(() => {});
  }, 10_000);
  flushUsage.unref();
  stops.push(async () => {
    clearInterval(flushUsage);
    for (const p of Object.values(pools)) await p.flush().catch(() => {});
  });
  // An admin's change to a chain (admin page, table source_chains) reaches every collector within a minute.
  const reloadChains = setInterval(
    () =>
      void chainsInForce(config, chainStore)
        .then((chains) => {
          for (const cap of CAPABILITIES)
            if (chains[cap].join(',') !== source.current()[cap].join(',')) {
              source.setChain(cap, chains[cap]);
              log.info({ capability: cap, chain: chains[cap] }, 'source chain changed');
            }
        })
        .catch((err) => log.warn({ err: (err as Error).message }, 'could not reload source chains')),
    60_000,
  );
  reloadChains.unref();
  stops.push(async () => clearInterval(reloadChains));
  const registry = new PgAccountRegistry(db);
  let shard: Shard | (() => Promise<Shard>) = config.shard === 'auto' ? { index: 0, count: 1 } : config.shard;
  if (config.shard === 'auto') {
    // Live collectors share the crawl; a member whose heartbeat is older than the monitor lease counts as gone.
    const ttlMs = config.MONITOR_LEASE_S * 1000;
    const members = new CollectorMembership(db, config.COLLECTOR_NAME, ttlMs);
    await members.heartbeat();
    const beat = setInterval(
      () =>
        void members
          .heartbeat()
          .catch((err) => log.warn({ err: (err as Error).message }, 'membership heartbeat failed')),
      ttlMs / 3,
    );
    beat.unref();
    stops.push(async () => {
      clearInterval(beat);
      await members.leave().catch(() => {});
    });
    shard = () => members.shard();
  }
  const queue = new PQueue({ concurrency: config.CRAWL_CONCURRENCY });
  const monitor = new MonitorScheduler(source, bus, log.child({ part: 'monitor' }), {
    clock: realTimers(clock),
    name: config.COLLECTOR_NAME,
    store: new PgMonitorTaskStore(db),
    leaseMs: config.MONITOR_LEASE_S * 1000,
  });
  // Budgeted requests (credentials in PostgreSQL) are spent by priority, keeping what monitor tasks still need.
  const priorities = ledger
    ? new CrawlPriorities({
        capacity: () => wired.listCapacity(countsLeftToday(monitor.tasks(), clock.now())),
        tiers: () => memberTiers(db),
        roundMs: config.CRAWL_INTERVAL_S * 1000,
        clock,
      })
    : null;
  const crawler = new Crawler(source, bus, log, {
    priorities,
    crawlDays: config.CRAWL_DAYS,
    intervalS: config.CRAWL_INTERVAL_S,
    concurrency: config.CRAWL_CONCURRENCY,
    clock,
    registry,
    shard: shard,
    inactiveEvery: config.CRAWL_INACTIVE_EVERY,
    pageDays: config.CRAWL_PAGES ? (config.CRAWL_PAGE_DAYS ?? config.CRAWL_DAYS) : 0,
    queue,
    name: config.COLLECTOR_NAME,
  });
  stops.push(() => crawler.stop());
  if (priorities) {
    // The tiers go to PostgreSQL for the admin's sources page, whichever process serves it.
    const reports = new PgTierReports(db);
    const save = () =>
      reports
        .save(config.COLLECTOR_NAME, priorities.report(), clock.now())
        .catch((err) => log.warn({ err: (err as Error).message }, 'crawl tiers not reported'));
    const every = setInterval(() => void save(), 60_000);
    every.unref();
    stops.push(async () => {
      clearInterval(every);
      await save();
    });
  }
  const requests = new CrawlRequestHandler(
    source,
    bus,
    registry,
    log.child({ part: 'requests' }),
    clock,
    queue,
    { pages: config.CRAWL_PAGES },
  );
  try {
    await monitor.start();
    stops.push(() => monitor.stop());
    const removeTasks = addMonitorTaskSource(() => {
      const n = new Map<string, number>();
      for (const t of monitor.tasks()) n.set(t.state, (n.get(t.state) ?? 0) + 1);
      return [...n].map(([state, count]) => ({ state, count }));
    });
    stops.push(async () => removeTasks());
    await requests.start();
    stops.push(() => requests.stop());
  } catch (e) {
    await stop();
    throw e;
  }
  crawler.start();
  // A fresh demo shows its monitoring features at once: the last days' series, published beside the first round.
  let showcase: Promise<void> | null = null;
  if (config.components.has('simulator') && config.DEMO_SHOWCASE > 0) {
    const started = Date.now();
    showcase = publishShowcase({ upstream, bus, log, limit: config.DEMO_SHOWCASE })
      .then((n) => log.info({ ...n, ms: Date.now() - started }, 'demo showcase published'))
      .catch((err) => log.warn({ err: (err as Error).message }, 'demo showcase not published'));
  }
  return { crawler, monitor, requests, priorities, showcase, stop };
}
