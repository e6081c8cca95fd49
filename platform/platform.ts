import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from '../api/app';
import { cachedReads } from '../api/cached-reads';
import type { ApiDeps, Readiness } from '../api/deps';
import { analyticsWatermark, firstRoundLandedMs, storeNowMs } from '../api/queries/accounts';
import type { Bus } from '../bus/bus';
import { openBus } from '../bus/open';
import { engineMemory } from '../clickhouse/engine-memory';
import { openAnalyticsStore } from '../clickhouse/open';
import type { AnalyticsStore } from '../clickhouse/store';
import type { Crawler } from '../collectors/crawler';
import type { MonitorScheduler } from '../collectors/monitor';
import type { CrawlRequestHandler } from '../collectors/requests';
import { startCollectors } from '../collectors/start';
import { fixedClock, realClock } from '../core/clock';
import type { Config } from '../core/config';
import { demoMode, standInNames } from '../core/demo-mode';
import type { Logger } from '../core/log';
import { addEngineMemorySource, addLagSource, metricsRoute } from '../core/metrics';
import { openRateLimiter, type RateLimiter } from '../core/rate-limiter';
import { createMembers, type Members } from '../members/index';
import { type MemberDb, openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { startSimulatorThread } from '../simulator/thread';
import { AnalyticsProcessor } from '../stream/analytics-processor';
import { StreamWriter } from '../stream/writer';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

export interface Platform {
  /** Base URL of the HTTP server (the API, or the health endpoints of the other roles). */
  url: string | null;
  simulator: RunningSimulator | null;
  crawler: Crawler | null;
  bus: Bus | null;
  /** Minute-level monitoring and on-demand crawl work (collector role). */
  monitor?: MonitorScheduler | null;
  requests?: CrawlRequestHandler | null;
  stop(): Promise<void>;
}

export class StartupError extends Error {}

/** The site's own QR codes that are configured (common/v1 qrcode_images). */
const siteQrcodes = (config: Config) => [
  ...(config.SITE_SERVICE_QR
    ? [{ kind: 'service' as const, title: '联系客服', text: config.SITE_SERVICE_QR }]
    : []),
  ...(config.SITE_GROUP_QR
    ? [{ kind: 'group' as const, title: '用户交流群', text: config.SITE_GROUP_QR }]
    : []),
];

function listen(fetch: (req: Request) => Response | Promise<Response>, host: string, port: number) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch, hostname: host, port }, (info: AddressInfo) =>
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

/** Health endpoints for roles without the API, so every process answers its probes. */
function healthApp(readiness: () => Promise<Readiness>, metricsToken: string | undefined): Hono {
  const app = new Hono();
  app.get('/livez', (c) => c.json({ status: 'alive' }));
  app.get('/metrics', metricsRoute(metricsToken));
  app.get('/health', async (c) => {
    const r = await readiness();
    return c.json({ status: r.ready ? 'ready' : 'starting', checks: r.checks }, r.ready ? 200 : 503);
  });
  return app;
}

/**
 * Starts the components of the configured roles. `all` runs simulator, collector, stream and api in
 * one process on the embedded engines (chDB, PGlite, the in-process bus); with KAFKA_BROKERS,
 * CLICKHOUSE_URL and DATABASE_URL each role can run in its own processes.
 */
export async function startPlatform(
  config: Config,
  log: Logger,
  /** simulatorThread: the simulator in a worker thread (`npm start`); its world is then not in `simulator`. */
  opts: { simulatorThread?: boolean } = {},
): Promise<Platform> {
  const has = (c: 'simulator' | 'collector' | 'stream' | 'api') => config.components.has(c);
  const clock = config.clockFixedMs === null ? realClock : fixedClock(config.clockFixedMs);
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
  const checks: Record<string, boolean> = {};
  // First, before anything opens: a production-looking configuration with a stand-in left refuses to start.
  const demo = demoMode(config);
  if (demo.on)
    log.warn(
      { demoMode: config.DEMO_MODE, standIns: standInNames(demo) },
      '演示模式 (demo mode)：演示替身在运行，不要用于生产；配置真实服务后自动关闭 (DEMO_MODE)',
    );

  try {
    let simulator: RunningSimulator | null = null;
    let simulatorUrl: string | null = null;
    if (has('simulator')) {
      const world = {
        seed: config.SIM_SEED,
        accounts: config.SIM_ACCOUNTS,
        historyDays: config.SIM_HISTORY_DAYS,
        listFloor: config.SIM_LIST_FLOOR,
        host: config.SIMULATOR_HOST,
        port: config.SIMULATOR_PORT,
      };
      if (!opts.simulatorThread)
        simulator = await startSimulator(
          { ...world, now: () => clock.now() },
          log.child({ component: 'simulator' }),
        );
      const running =
        simulator ??
        (await startSimulatorThread({
          opts: world,
          fixedMs: config.clockFixedMs,
          logLevel: config.LOG_LEVEL,
          logBase: { role: config.ROLE.join(','), component: 'simulator' },
        }));
      simulatorUrl = running.url;
      stops.push(() => running.close());
      if (config.components.size === 1)
        return { url: running.url, simulator, crawler: null, bus: null, stop: stopAll };
    }

    let store: AnalyticsStore | null = null;
    if (has('stream') || has('api')) {
      const opened = await openAnalyticsStore(config, log.child({ component: 'clickhouse' }));
      store = opened;
      const removeEngineMemory = addEngineMemorySource(() => engineMemory(opened));
      stops.push(async () => {
        removeEngineMemory();
        checks.clickhouse = false;
        await opened.close();
      });
      checks.clickhouse = true;
    }

    // Members (api) and the collectors' credentials, registry and monitor leases live in PostgreSQL.
    let db: MemberDb | null = null;
    let members: Members | null = null;
    if (has('api') || has('collector')) {
      const opened = await openMemberDb({
        databaseUrl: config.DATABASE_URL,
        dataDir: path.join(config.dataDir, 'postgres'),
      });
      db = opened;
      stops.push(async () => {
        checks.postgres = false;
        await opened.close();
      });
      await migrateMemberDb(opened, log.child({ component: 'postgres' }));
      checks.postgres = true;
      if (has('api'))
        members = await createMembers(opened, config, log.child({ component: 'members' }), demo);
    }

    let bus: Bus | null = null;
    // The demo showcase (collectors/demo-showcase.ts) is part of what a fresh demo shows when it says ready.
    let showcaseDone = true;
    let showcaseLandedMs = 0;
    let crawler: Crawler | null = null;
    let monitor: MonitorScheduler | null = null;
    let requests: CrawlRequestHandler | null = null;
    const upstream = config.SIMULATOR_URL ?? simulatorUrl;
    // The api publishes members' monitoring orders on monitor.tasks: over Kafka from its own process,
    // or on the in-process bus when a collector runs here.
    if (has('collector') || has('stream') || (has('api') && config.KAFKA_BROKERS)) {
      const opened = await openBus(config, log.child({ component: 'bus' }));
      bus = opened;
      checks.bus = true;
      const removeLag = addLagSource(() => opened.lags());
      stops.push(async () => removeLag());
      // Shutdown order (reversed): collector stops, the bus drains into ClickHouse, the writer stops.
      stops.push(async () => {
        checks.bus = false;
        await opened.close();
      });
      if (has('stream') && store) {
        // With several stream processes (Kafka), one elected process runs the analytics; the others stand by.
        // Joined before the writer starts consuming, so the election's group join does not delay the writer.
        const lead = await opened.leadership('analytics');
        stops.push(() => lead.stop());
        const analytics = new AnalyticsProcessor(store, clock, log.child({ component: 'analytics' }), {
          leading: () => lead.isLeader(),
          tickMs: config.ANALYTICS_TICK_MS,
          rankEveryMs: config.RANK_EVERY_S * 1000,
          rankPastEveryMs: config.RANK_PAST_EVERY_S * 1000,
          fakeEveryMs: config.FAKE_EVERY_S * 1000,
        });
        // A finished crawl round is processed at once, not at the next tick: a fresh start is ready sooner.
        const writer = new StreamWriter(opened, store, log.child({ component: 'stream' }), () =>
          analytics.nudge(),
        );
        await writer.start();
        stops.push(() => writer.stop());
        // Stops before the writer: its watermark is in ClickHouse, so the next start resumes there.
        await analytics.start();
        stops.push(() => analytics.stop());
      }
      stops.push(() => opened.drain());
      if (has('collector') && upstream) {
        const c = await startCollectors({
          config,
          upstream,
          bus: opened,
          db: db as MemberDb,
          clock,
          log: log.child({ component: 'collector' }),
        });
        ({ crawler, monitor, requests } = c);
        if (c.showcase) {
          showcaseDone = false;
          void c.showcase.finally(async () => {
            // Its rows are in (published, then drained): the watermarks must pass this too.
            showcaseLandedMs = store ? await storeNowMs(store).catch(() => Date.now()) : 0;
            showcaseDone = true;
          });
        }
        stops.push(() => c.stop());
      }
    }

    // Ready once the first crawl round (and a demo's showcase) has landed and the analytics processor (here or in
    // another process on the same ClickHouse) has processed everything that arrived until then, verdicts included,
    // so the first page shows its figures.
    let firstCrawlLanded = false;
    let landedAtMs = 0;
    let analyticsCaughtUp = false;
    const readiness = async (): Promise<Readiness> => {
      if (has('api') && store && checks.clickhouse) {
        const landed = !firstCrawlLanded && showcaseDone ? await firstRoundLandedMs(store) : null;
        if (landed !== null) {
          landedAtMs = Math.max(landed, showcaseLandedMs);
          firstCrawlLanded = true;
        }
        if (firstCrawlLanded && !analyticsCaughtUp)
          analyticsCaughtUp = (await analyticsWatermark(store)) >= landedAtMs;
      }
      const all = has('api')
        ? { ...checks, first_crawl: firstCrawlLanded, analytics: analyticsCaughtUp }
        : { ...checks };
      return { ready: Object.values(all).every(Boolean), checks: all };
    };
    let openApiLimit: ApiDeps['openApiLimit'];
    if (has('api')) {
      let limiter: RateLimiter;
      try {
        limiter = await openRateLimiter(config.REDIS_URL, log.child({ component: 'rate-limit' }));
      } catch (e) {
        throw new StartupError((e as Error).message);
      }
      stops.push(() => limiter.close());
      openApiLimit = { limiter, perMinute: config.API_KEY_RATE_PER_MIN };
    }
    const app =
      has('api') && store && db && members
        ? createApp({
            limiter: openApiLimit?.limiter,
            openApiLimit,
            inclusionDailyCap: config.INCLUSION_DAILY_CAP,
            http: {
              corsOrigins: config.CORS_ORIGINS,
              https: config.PUBLIC_URL?.startsWith('https:') ?? false,
            },
            roles: config.ROLE,
            store: config.API_CACHE_MS > 0 ? cachedReads(store, config.API_CACHE_MS) : store,
            db,
            members,
            // An in-process bus without a collector would lose orders; the monitor calls then answer 503.
            bus: bus && (bus.kind === 'kafka' || has('collector')) ? bus : null,
            clock,
            log: log.child({ component: 'api' }),
            demo: demo.simulatorUpstream,
            metricsToken: config.METRICS_TOKEN,
            lists: {
              burstMinReads: config.BURST_MIN_READS,
              burstMinRatio: config.BURST_MIN_RATIO,
              burstMaxFans: config.BURST_MAX_FANS,
              hotMinReads: config.HOT_MIN_READS,
            },
            // WeChat's image CDNs always (an api process without a collector has no upstream of its own); the
            // upstream's host too, for its avatar path (api/image-source.ts).
            imageHosts: [
              'mmbiz.qpic.cn',
              'wx.qlogo.cn',
              'mmbiz.qlogo.cn',
              ...(upstream ? [new URL(upstream).host] : []),
            ],
            upstream: upstream ?? 'https://mp.weixin.qq.com',
            sources: {
              UPSTREAM_CREDENTIALS: config.UPSTREAM_CREDENTIALS,
              UPSTREAM_LIST_API: config.UPSTREAM_LIST_API,
              SOURCE_CHAINS: config.SOURCE_CHAINS,
              wereadUrl: config.WEREAD_URL ?? upstream ?? null,
            },
            siteQrcodes: siteQrcodes(config),
            dashboardDir: path.join(REPO_ROOT, 'dashboard', 'dist'),
            readiness,
          })
        : healthApp(readiness, config.METRICS_TOKEN);
    const { server, port } = await listen(app.fetch, config.HOST, config.PORT);
    // First thing to stop: no new requests while the rest shuts down.
    stops.push(
      () =>
        new Promise<void>((r) => {
          server.close(() => r());
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        }),
    );
    const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
    log.info(
      {
        url: has('api') ? `${url}/main/` : url,
        role: config.ROLE.join(','),
        upstream,
        dataDir: config.dataDir,
        bus: bus?.kind,
        store: store?.kind,
      },
      'platform listening',
    );
    // One line when the platform is ready to use (the first crawl and its figures have landed), with its address:
    // what someone who ran `npm start` waits for. Checked each second until then, never after.
    const announce = setInterval(
      () =>
        void readiness()
          .then((r) => {
            if (!r.ready) return;
            clearInterval(announce);
            log.info(
              { url: has('api') ? `${url}/main/` : url, seconds: Math.round(process.uptime()) },
              'platform ready',
            );
          })
          .catch(() => {}),
      1000,
    );
    announce.unref();
    stops.push(async () => clearInterval(announce));
    return { url, simulator, crawler, monitor, requests, bus, stop: stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
