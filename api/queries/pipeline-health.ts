import type { PgCredentialStore } from '../../collectors/credentials';
import type { AdminHealth } from '../../contract/shapes/admin';
import { registry } from '../../core/metrics';
import type { ApiDeps } from '../deps';

/** The current values of one of this process's Prometheus metrics (running its scrape-time collect), as rows. */
async function metricRows(name: string): Promise<{ labels: Record<string, string>; value: number }[]> {
  const metric = registry.getSingleMetric(name);
  if (!metric) return [];
  const { values } = await metric.get();
  return values.map((v) => ({
    labels: Object.fromEntries(Object.entries(v.labels).map(([k, x]) => [k, String(x)])),
    value: Number(v.value),
  }));
}

/** A part that cannot answer (e.g. ClickHouse still opening) reports its error instead of failing the page. */
async function part<T>(f: () => Promise<T>): Promise<{ ok: true; data: T } | { ok: false; error: string }> {
  try {
    return { ok: true, data: await f() };
  } catch (e) {
    return { ok: false, error: (e as Error).message.slice(0, 300) };
  }
}

/**
 * What this process knows about the pipeline, for the admin health page (admin/v1/health). It reuses the figures
 * /metrics serves (bus lag, credential states, monitor tasks, upstream requests) and reads the shared state every
 * role writes: collector heartbeats and monitor leases (PostgreSQL), crawl rounds (ClickHouse).
 */
export async function pipelineHealth(deps: ApiDeps, credentials: PgCredentialStore): Promise<AdminHealth> {
  const now = deps.clock.now();
  const [readiness, lag, processCredentials, heldTasks, upstream, collectors, rounds, tasks, dbCredentials] =
    await Promise.all([
      deps.readiness(),
      metricRows('gzh_bus_consumer_lag_messages'),
      metricRows('gzh_upstream_credentials'),
      metricRows('gzh_collector_monitor_tasks'),
      metricRows('gzh_upstream_requests_total'),
      part(() =>
        deps.db.query<{ name: string; heartbeat_at: string; age_s: number }>(
          `SELECT name, to_char(heartbeat_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS heartbeat_at,
                    extract(epoch FROM now() - heartbeat_at)::int AS age_s
             FROM collector_members ORDER BY name`,
        ),
      ),
      part(() =>
        deps.store.query<{
          collector: string;
          rounds: number;
          round: number;
          last_started_at: string;
          last_finished_at: string;
          accounts: number;
          articles: number;
          snapshots: number;
          errors: number;
        }>(
          `SELECT collector, count() AS rounds, max(round) AS round,
                    toString(argMax(started_at, finished_at)) AS last_started_at,
                    toString(max(finished_at)) AS last_finished_at,
                    argMax(accounts, finished_at) AS accounts, argMax(articles, finished_at) AS articles,
                    argMax(snapshots, finished_at) AS snapshots, argMax(errors, finished_at) AS errors
             FROM crawl_rounds FINAL GROUP BY collector ORDER BY collector`,
        ),
      ),
      part(() =>
        deps.db.query<{ state: string; owner: string; count: number }>(
          `SELECT state, coalesce(owner, '') AS owner, count(*)::int AS count FROM monitor_tasks
             WHERE state IN ('waiting', 'monitoring') GROUP BY state, owner ORDER BY state, owner`,
        ),
      ),
      part(() => credentials.states(now)),
    ]);
  return {
    now: new Date(now).toISOString(),
    roles: deps.roles ?? [],
    demo: deps.demo,
    readiness,
    bus: {
      kind: deps.bus?.kind ?? 'none',
      lag: lag.map((r) => ({ topic: r.labels.topic ?? '', group: r.labels.group ?? '', lag: r.value })),
    },
    collectors,
    crawl_rounds: rounds,
    monitor_tasks: {
      held_here: heldTasks.map((r) => ({ state: r.labels.state ?? '', count: r.value })),
      all: tasks,
    },
    credentials: {
      in_use_here: processCredentials.map((r) => ({
        source: r.labels.source ?? '',
        state: r.labels.state ?? '',
        count: r.value,
      })),
      database: dbCredentials,
    },
    upstream_requests: upstream.map((r) => ({
      source: r.labels.source ?? '',
      outcome: r.labels.outcome ?? '',
      count: r.value,
    })),
  };
}
