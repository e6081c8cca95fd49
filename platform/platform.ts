import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import PQueue from 'p-queue';
import { crawlRoundsLanded } from '../api/accounts-query';
import { createApp } from '../api/app';
import type { Bus } from '../bus/bus';
import { MemoryBus } from '../bus/memory-bus';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import type { AnalyticsStore } from '../clickhouse/store';
import { withPostLists } from '../collectors/compose';
import { Crawler } from '../collectors/crawler';
import { type CredentialStore, PgCredentialStore, StaticCredentialStore } from '../collectors/credentials';
import { MonitorScheduler } from '../collectors/monitor';
import { PgMonitorTaskStore } from '../collectors/monitor-store';
import { MpSource, upstreamPools } from '../collectors/mp-source';
import { PgAccountRegistry } from '../collectors/registry';
import { CrawlRequestHandler } from '../collectors/requests';
import { realTimers } from '../collectors/timer-clock';
import { WereadSource } from '../collectors/weread-source';
import { type MemberDb, openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { StreamWriter } from '../stream/writer';
import { fixedClock, realClock } from './clock';
import { type Config, ConfigError } from './config';
import type { Logger } from './log';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

export interface Platform {
  /** Base URL of the HTTP API (api and all roles). */
  url: string | null;
  simulator: RunningSimulator | null;
  crawler: Crawler | null;
  /** Minute-level monitoring and on-demand crawl work (all role). */
  monitor?: MonitorScheduler | null;
  requests?: CrawlRequestHandler | null;
  /** The in-process bus of the all role (tests publish monitor tasks and crawl requests on it). */
  bus?: Bus | null;
  stop(): Promise<void>;
}

export class StartupError extends Error {}

function listen(app: { fetch: (req: Request) => Response | Promise<Response> }, host: string, port: number) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    );
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new StartupError(`端口 ${port} 已被占用 (PORT/SIMULATOR_PORT)：请换一个端口或停止占用它的程序`)
          : e,
      ),
    );
  });
}

/**
 * Starts the components of a role on the configured engines. `all` runs simulator, collector,
 * stream and api in one process on the embedded engines (chDB, PGlite, the in-process bus).
 */
export async function startPlatform(config: Config, log: Logger): Promise<Platform> {
  const role = config.ROLE;
  const clock = config.clockFixedMs === null ? realClock : fixedClock(config.clockFixedMs);
  if (role === 'collector' || role === 'stream') {
    throw new ConfigError(
      `配置错误 (configuration error): ROLE=${role} 需要一个跨进程的消息总线 (Kafka)，而内置总线只在 ROLE=all 的单进程中可用`,
    );
  }
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) {
      try {
        await s();
      } catch (err) {
        log.error({ err }, 'error during shutdown');
      }
    }
  };

  try {
    let simulator: RunningSimulator | null = null;
    if (role === 'simulator' || (role === 'all' && !config.SIMULATOR_URL)) {
      simulator = await startSimulator(
        {
          seed: config.SIM_SEED,
          accounts: config.SIM_ACCOUNTS,
          historyDays: config.SIM_HISTORY_DAYS,
          now: () => clock.now(),
          host: config.SIMULATOR_HOST,
          port: config.SIMULATOR_PORT,
        },
        log.child({ component: 'simulator' }),
      );
      stops.push(() => (simulator as RunningSimulator).close());
    }
    if (role === 'simulator') return { url: null, simulator, crawler: null, stop: stopAll };

    let storeOpen = false;
    let dbOpen = false;
    const store: AnalyticsStore = new ChdbStore(path.join(config.dataDir, 'clickhouse'));
    stops.push(async () => {
      storeOpen = false;
      await store.close();
    });
    await migrateClickHouse(store, log.child({ component: 'clickhouse' }));
    storeOpen = true;

    const db: MemberDb = await openMemberDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: path.join(config.dataDir, 'postgres'),
    });
    stops.push(async () => {
      dbOpen = false;
      await db.close();
    });
    await migrateMemberDb(db, log.child({ component: 'postgres' }));
    dbOpen = true;

    let crawler: Crawler | null = null;
    let monitor: MonitorScheduler | null = null;
    let platformBus: Bus | null = null;
    let requests: CrawlRequestHandler | null = null;
    const upstream = config.SIMULATOR_URL ?? simulator?.url ?? null;
    if (role === 'all' && upstream) {
      const bus: Bus = new MemoryBus(log.child({ component: 'bus' }));
      platformBus = bus;
      const writer = new StreamWriter(bus, store, log.child({ component: 'stream' }));
      await writer.start();
      // Shutdown order (reversed): collector stops, the bus drains into ClickHouse, then the writer stops.
      stops.push(async () => {
        await writer.stop();
        await bus.close();
      });
      stops.push(() => bus.drain());
      const clog = log.child({ component: 'collector' });
      // The built-in simulator needs no login; real upstreams take credentials from PostgreSQL.
      const credentials: CredentialStore =
        config.UPSTREAM_CREDENTIALS === 'db' ? new PgCredentialStore(db) : StaticCredentialStore.anonymous();
      const pools = upstreamPools({
        store: credentials,
        clock,
        log: clog,
        concurrency: config.CRAWL_CONCURRENCY * 4,
        perCredential:
          config.UPSTREAM_RATE_PER_CREDENTIAL > 0
            ? { cap: config.UPSTREAM_RATE_PER_CREDENTIAL, intervalMs: 60_000 }
            : null,
        cooldownMs: config.UPSTREAM_COOLDOWN_S * 1000,
      });
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
      const queue = new PQueue({ concurrency: config.CRAWL_CONCURRENCY });
      crawler = new Crawler(source, bus, clog, {
        crawlDays: config.CRAWL_DAYS,
        intervalS: config.CRAWL_INTERVAL_S,
        concurrency: config.CRAWL_CONCURRENCY,
        clock,
        registry,
        shard: config.shard,
        inactiveEvery: config.CRAWL_INACTIVE_EVERY,
        queue,
        name: config.COLLECTOR_NAME,
      });
      stops.push(() => (crawler as Crawler).stop());
      monitor = new MonitorScheduler(source, bus, clog.child({ part: 'monitor' }), {
        clock: realTimers(clock),
        name: config.COLLECTOR_NAME,
        store: new PgMonitorTaskStore(db),
        leaseMs: config.MONITOR_LEASE_S * 1000,
      });
      requests = new CrawlRequestHandler(
        source,
        bus,
        registry,
        clog.child({ part: 'requests' }),
        clock,
        queue,
      );
      await monitor.start();
      stops.push(() => (monitor as MonitorScheduler).stop());
      await requests.start();
      stops.push(() => (requests as CrawlRequestHandler).stop());
      crawler.start();
    }

    let firstCrawlLanded = false;
    const app = createApp({
      store,
      db,
      log: log.child({ component: 'api' }),
      demo: simulator !== null,
      imageHosts: upstream ? [new URL(upstream).host, 'mmbiz.qpic.cn', 'wx.qlogo.cn', 'mmbiz.qlogo.cn'] : [],
      dashboardDir: path.join(REPO_ROOT, 'dashboard', 'dist'),
      readiness: async () => {
        if (!firstCrawlLanded && storeOpen) firstCrawlLanded = (await crawlRoundsLanded(store)) > 0;
        const checks = { clickhouse: storeOpen, postgres: dbOpen, first_crawl: firstCrawlLanded };
        return { ready: Object.values(checks).every(Boolean), checks };
      },
    });
    const { server, port } = await listen(app, config.HOST, config.PORT);
    // First thing to stop: no new requests while the rest shuts down.
    stops.push(
      () =>
        new Promise<void>((r) => {
          server.close(() => r());
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        }),
    );
    const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
    log.info({ url: `${url}/main/`, role, upstream, dataDir: config.dataDir }, 'platform listening');
    return { url, simulator, crawler, monitor, requests, bus: platformBus, stop: stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
