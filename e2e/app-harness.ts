import path from 'node:path';
import type { Hono } from 'hono';
import { createApp } from '../api/app';
import type { ApiDeps } from '../api/deps';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import { fixedClock } from '../core/clock';
import { loadConfig } from '../core/config';
import { createLogger, type Logger } from '../core/log';
import { createMembers } from '../members/index';
import { type MemberDb, openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { tempDir } from './harness';
import { seedMemberDataDir } from './pglite-template';

/**
 * The real Hono app over a fresh chDB and PGlite in temp directories, for API tests through app.request:
 * fixtures go straight into ClickHouse, no collector or bus runs. `extra` sets the upstream (a simulator's URL, for
 * the link tools) or the site's QR codes; `env` reaches the member configuration (e.g. ADMIN_PHONES).
 */
export async function openTestApp(
  name: string,
  nowMs: number,
  extra: Partial<
    Pick<
      ApiDeps,
      'upstream' | 'imageHosts' | 'siteQrcodes' | 'openApiLimit' | 'http' | 'dashboardDir' | 'sources'
    >
  > = {},
  env: Record<string, string> = {},
  log: Logger = createLogger('silent'),
): Promise<{ app: Hono; store: ChdbStore; db: MemberDb; close: () => Promise<void> }> {
  const dir = tempDir(name);
  const store = new ChdbStore(path.join(dir, 'ch'));
  await migrateClickHouse(store, log);
  // env.DATABASE_URL runs the same tests on a PostgreSQL server (e.g. a throwawayDatabase) instead of PGlite.
  if (!env.DATABASE_URL) seedMemberDataDir(path.join(dir, 'postgres'));
  const db = await openMemberDb({ databaseUrl: env.DATABASE_URL, dataDir: path.join(dir, 'postgres') });
  await migrateMemberDb(db, log);
  const config = loadConfig({ DATA_DIR: dir, ROLE: 'api', LOG_LEVEL: 'silent', ...env });
  const members = await createMembers(db, config, log);
  const app = createApp({
    store,
    db,
    members,
    clock: fixedClock(nowMs),
    log,
    demo: true,
    lists: { burstMinReads: 5000, burstMinRatio: 5, burstMaxFans: 50_000, hotMinReads: 1000 },
    imageHosts: [],
    dashboardDir: path.join(dir, 'dist'),
    readiness: async () => ({ ready: true, checks: {} }),
    ...extra,
  });
  return {
    app,
    store,
    db,
    close: async () => {
      await store.close();
      await db.close();
    },
  };
}

/** A GET or form POST through the app; answers status and parsed JSON. */
// biome-ignore lint/suspicious/noExplicitAny: tests assert on the JSON answers' shape themselves.
export async function call<T = any>(
  app: Hono,
  url: string,
  form?: Record<string, string>,
): Promise<{ status: number; body: T }> {
  const res = await app.request(
    url,
    form
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }
      : {},
  );
  return { status: res.status, body: (await res.json()) as T };
}
