import PQueue from 'p-queue';
import type { Bus } from '../bus/bus';
import type { Clock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Logger } from '../platform/log';
import { addCredentialSource, addMonitorTaskSource } from '../platform/metrics';
import type { MemberDb } from '../postgres/db';
import { withPostLists } from './compose';
import { Crawler, type Shard } from './crawler';
import { type CredentialStore, PgCredentialStore, StaticCredentialStore } from './credentials';
import { CollectorMembership } from './membership';
import { MonitorScheduler } from './monitor';
import { PgMonitorTaskStore } from './monitor-store';
import { MpSource, upstreamPools } from './mp-source';
import { PgAccountRegistry } from './registry';
import { CrawlRequestHandler } from './requests';
import { realTimers } from './timer-clock';
import { WereadSource } from './weread-source';

export interface RunningCollectors {
  crawler: Crawler;
  monitor: MonitorScheduler;
  requests: CrawlRequestHandler;
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
  const pools = upstreamPools({
    store: credentials,
    clock,
    log,
    concurrency: config.CRAWL_CONCURRENCY * 4,
    perCredential:
      config.UPSTREAM_RATE_PER_CREDENTIAL > 0
        ? { cap: config.UPSTREAM_RATE_PER_CREDENTIAL, intervalMs: 60_000 }
        : null,
    cooldownMs: config.UPSTREAM_COOLDOWN_S * 1000,
  });
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
  const mp = new MpSource(upstream, {
    mp: pools.mp,
    client: pools.client,
    finder: pools.finder,
    listApi: config.UPSTREAM_LIST_API === 'list_ex' ? 'list_ex' : 'publish',
    countsVia: config.UPSTREAM_COUNTS,
    http: { timeoutMs: config.UPSTREAM_TIMEOUT_S * 1000 },
  });
  const source =
    config.UPSTREAM_LIST_API === 'weread'
      ? withPostLists(
          mp,
          new WereadSource(upstream, pools.weread, { timeoutMs: config.UPSTREAM_TIMEOUT_S * 1000 }),
        )
      : mp;
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
  const crawler = new Crawler(source, bus, log, {
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
  const monitor = new MonitorScheduler(source, bus, log.child({ part: 'monitor' }), {
    clock: realTimers(clock),
    name: config.COLLECTOR_NAME,
    store: new PgMonitorTaskStore(db),
    leaseMs: config.MONITOR_LEASE_S * 1000,
  });
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
  return { crawler, monitor, requests, stop };
}
