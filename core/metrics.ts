import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import client from 'prom-client';

/**
 * Prometheus metrics of this process, served at GET /metrics by every role. One registry per process; the
 * components that own a figure (HTTP, upstream calls, monitor polls, inserts) count into it, and gauges that
 * depend on live objects (bus lag, credential states, monitor tasks) ask the sources registered below on scrape.
 */
/** One figure of the ClickHouse engine's own memory (clickhouse/engine-memory.ts reads them). */
export interface EngineMemoryRow {
  kind: string;
  bytes: number;
}

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'gzh_' });

const registers = [registry];

export const httpDuration = new client.Histogram({
  name: 'gzh_http_request_duration_seconds',
  help: 'HTTP requests by route pattern (not the raw path, so ids do not explode the series), method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
  registers,
});

export const upstreamRequests = new client.Counter({
  name: 'gzh_upstream_requests_total',
  help: 'Upstream (WeChat or the simulator) requests by source and outcome (ok or the error kind).',
  labelNames: ['source', 'outcome'] as const,
  registers,
});

export const upstreamErrors = new client.Counter({
  name: 'gzh_upstream_errors_total',
  help: 'Upstream errors by source, kind and code (WeChat ret/errCode, else the HTTP status, else none).',
  labelNames: ['source', 'kind', 'code'] as const,
  registers,
});

export const monitorPolls = new client.Counter({
  name: 'gzh_collector_monitor_polls_total',
  help: 'Minute-level monitor polls by outcome (ok, error).',
  labelNames: ['outcome'] as const,
  registers,
});

export const insertedRows = new client.Counter({
  name: 'gzh_clickhouse_inserted_rows_total',
  help: 'Rows inserted into ClickHouse by table (rate() gives the insert rate).',
  labelNames: ['table'] as const,
  registers,
});

export const publishedMessages = new client.Counter({
  name: 'gzh_bus_published_messages_total',
  help: 'Messages published on the bus by topic.',
  labelNames: ['topic'] as const,
  registers,
});

export const sourceServed = new client.Counter({
  name: 'gzh_source_served_total',
  help: 'Requests of each capability (lists, counts, search, pages, videos) by the source of its chain that served it, or fell through (outcome: the error kind).',
  labelNames: ['capability', 'source', 'outcome'] as const,
  registers,
});

export const discoveryLatency = new client.Histogram({
  name: 'gzh_source_discovery_latency_seconds',
  help: 'From a post being published to the collector finding it, by scheduling tier (monitor, member, active, rest).',
  labelNames: ['tier'] as const,
  buckets: [60, 300, 600, 1800, 3600, 7200, 14_400, 28_800, 43_200, 86_400, 172_800],
  registers,
});

export const tierStaleness = new client.Gauge({
  name: 'gzh_source_tier_stale_seconds',
  help: 'How far each tier falls behind its target freshness with today’s budgets (0: on target).',
  labelNames: ['tier'] as const,
  registers,
});

export const tierAccounts = new client.Gauge({
  name: 'gzh_source_tier_accounts',
  help: 'Accounts per scheduling tier.',
  labelNames: ['tier'] as const,
  registers,
});

export interface LagRow {
  topic: string;
  group: string;
  lag: number;
}
export interface CredentialStateRow {
  source: string;
  state: string;
  count: number;
}

type Source<T> = () => Promise<T[]>;
const lagSources = new Set<Source<LagRow>>();
const credentialSources = new Set<Source<CredentialStateRow>>();
const engineSources = new Set<Source<EngineMemoryRow>>();
const taskSources = new Set<() => { state: string; count: number }[]>();

/** Registers a source of a scrape-time gauge; returns the function that removes it (on shutdown). */
export function addLagSource(s: Source<LagRow>): () => void {
  lagSources.add(s);
  return () => lagSources.delete(s);
}
export function addEngineMemorySource(s: Source<EngineMemoryRow>): () => void {
  engineSources.add(s);
  return () => engineSources.delete(s);
}
export function addCredentialSource(s: Source<CredentialStateRow>): () => void {
  credentialSources.add(s);
  return () => credentialSources.delete(s);
}
export function addMonitorTaskSource(s: () => { state: string; count: number }[]): () => void {
  taskSources.add(s);
  return () => taskSources.delete(s);
}

/** A scrape must answer even when Kafka or PostgreSQL is slow: a source that takes longer is skipped. */
const SCRAPE_SOURCE_TIMEOUT_MS = 2000;
async function gather<T>(sources: Set<Source<T>>): Promise<T[]> {
  const all = await Promise.all(
    [...sources].map((s) =>
      Promise.race([
        s().catch(() => [] as T[]),
        new Promise<T[]>((r) => setTimeout(() => r([]), SCRAPE_SOURCE_TIMEOUT_MS).unref()),
      ]),
    ),
  );
  return all.flat();
}

new client.Gauge({
  name: 'gzh_bus_consumer_lag_messages',
  help: "Messages published but not yet committed, per topic and consumer group, for this process's consumers.",
  labelNames: ['topic', 'group'] as const,
  registers,
  async collect() {
    this.reset();
    for (const r of await gather(lagSources)) this.inc({ topic: r.topic, group: r.group }, r.lag);
  },
});

new client.Gauge({
  name: 'gzh_clickhouse_memory_bytes',
  help: "The analytics engine's memory by kind: MemoryTracking (all it tracks) and each non-empty cache's bytes (system.metrics).",
  labelNames: ['kind'] as const,
  registers,
  async collect() {
    this.reset();
    for (const r of await gather(engineSources)) this.set({ kind: r.kind }, r.bytes);
  },
});

new client.Gauge({
  name: 'gzh_upstream_credentials',
  help: 'Upstream credentials by source and state (active, cooling, expired, disabled).',
  labelNames: ['source', 'state'] as const,
  registers,
  async collect() {
    this.reset();
    // Several collectors in one process read the same table: take each (source, state) once.
    const seen = new Map<string, CredentialStateRow>();
    for (const r of await gather(credentialSources)) seen.set(`${r.source}\u0000${r.state}`, r);
    for (const r of seen.values()) this.set({ source: r.source, state: r.state }, r.count);
  },
});

new client.Gauge({
  name: 'gzh_collector_monitor_tasks',
  help: "Monitor tasks this process's collectors hold, by state.",
  labelNames: ['state'] as const,
  registers,
  collect() {
    this.reset();
    for (const s of taskSources) for (const r of s()) this.inc({ state: r.state }, r.count);
  },
});

/**
 * GET /metrics: the text exposition of every metric of this process. With METRICS_TOKEN only a scraper that sends
 * `Authorization: Bearer <token>` reads it (the api's port is public); without it, it is open (demo mode, or a role
 * whose port only the deployment reaches).
 */
export function metricsRoute(token: string | null | undefined) {
  const expected = token ? createHash('sha256').update(`Bearer ${token}`).digest() : null;
  return async (c: Context): Promise<Response> => {
    if (expected) {
      const got = createHash('sha256')
        .update(c.req.header('authorization') ?? '')
        .digest();
      // Equal-length digests: the comparison takes the same time whatever the header holds.
      if (!timingSafeEqual(got, expected)) {
        c.header('www-authenticate', 'Bearer realm="metrics"');
        return c.json(
          { error_code: 40003, msg: '访问 /metrics 需要令牌：请求头 Authorization: Bearer <METRICS_TOKEN>' },
          401,
        );
      }
    }
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType });
  };
}
