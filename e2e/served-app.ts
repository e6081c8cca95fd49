import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { createApp } from '../api/app';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import { createMembers } from '../members/index';
import { fixedClock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { createLogger, type Logger } from '../platform/log';
import { type MemberDb, openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { tempDir } from './harness';

/**
 * openTestApp served over loopback HTTP, for tests that need members: signUp and buy (members-harness) go through
 * the real register and sandbox-cashier routes. `env` reaches the member configuration (e.g. ADMIN_PHONES).
 * Fixtures go straight into ClickHouse; no collector or bus runs. `log` (silent by default) lets a test read what
 * the app logged, e.g. its 'unhandled error' lines.
 */
export async function openServedApp(
  name: string,
  nowMs: number,
  env: Record<string, string> = {},
  log: Logger = createLogger('silent'),
): Promise<{ base: string; store: ChdbStore; db: MemberDb; close: () => Promise<void> }> {
  const dir = tempDir(name);
  const store = new ChdbStore(path.join(dir, 'ch'));
  await migrateClickHouse(store, log);
  const db = await openMemberDb({ dataDir: path.join(dir, 'postgres') });
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
  });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    store,
    db,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await store.close();
      await db.close();
    },
  };
}
