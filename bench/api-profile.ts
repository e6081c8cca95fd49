import path from 'node:path';
import { createApp } from '../api/app';
import { ChdbStore } from '../clickhouse/chdb-store';
import type { AnalyticsStore } from '../clickhouse/store';
import { fixedClock } from '../core/clock';
import { loadConfig } from '../core/config';
import { createLogger } from '../core/log';
import { createMembers } from '../members/index';
import { openMemberDb } from '../postgres/db';
import { benchCalls, benchDataset, pickParameters, topMember } from './api-world';

/**
 * `tsx bench/api-profile.ts [call…]`: each benchmark call served in this process (no load), its ClickHouse and
 * PostgreSQL statements timed one by one: where a slow call spends its time.
 */
const d = await benchDataset();
const picks = await pickParameters(d);
// Members on PGlite in DATA_DIR: the profile times each statement, not the member store's round trips.
const token = await topMember(d, undefined);
const log = createLogger('silent');
const raw = new ChdbStore(path.join(d.dataDir, 'clickhouse'));
let spent: { what: string; ms: number }[] = [];
const timed = <T extends object>(target: T, methods: string[], label: string): T =>
  new Proxy(target, {
    get(t, k, r) {
      const v = Reflect.get(t, k, r);
      if (typeof v !== 'function' || !methods.includes(String(k)))
        return typeof v === 'function' ? v.bind(t) : v;
      return async (sql: string, ...rest: unknown[]) => {
        const t0 = performance.now();
        try {
          return await v.call(t, sql, ...rest);
        } finally {
          spent.push({
            what: `${label} ${sql.replace(/\s+/g, ' ').slice(0, 140)}`,
            ms: performance.now() - t0,
          });
        }
      };
    },
  });
const store = timed(raw as AnalyticsStore, ['query'], 'CH');
const pgRaw = await openMemberDb({ dataDir: path.join(d.dataDir, 'postgres') });
const db = timed(pgRaw, ['query'], 'PG');
const config = loadConfig({ DATA_DIR: d.dataDir, ROLE: 'api', LOG_LEVEL: 'silent' });
const members = await createMembers(db, config, log);
const app = createApp({
  store,
  db,
  members,
  clock: fixedClock(d.nowMs),
  log,
  demo: true,
  lists: { burstMinReads: 5000, burstMinRatio: 5, burstMaxFans: 50_000, hotMinReads: 1000 },
  imageHosts: [],
  dashboardDir: '/nonexistent',
  readiness: async () => ({ ready: true, checks: {} }),
});
const only = process.argv.slice(2);
for (const c of benchCalls(picks).filter((c) => !only.length || only.includes(c.name))) {
  const times: number[] = [];
  for (let i = 0; i < 4; i++) {
    spent = [];
    const t0 = performance.now();
    const res = await app.request(c.path, {
      method: c.method,
      headers: {
        accessToken: token,
        ...(c.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: c.body ? new URLSearchParams(c.body).toString() : undefined,
    });
    await res.text();
    times.push(performance.now() - t0);
  }
  console.log(`\n${c.name}: ${times.map((t) => t.toFixed(0)).join(' ')} ms`);
  for (const s of spent.sort((a, b) => b.ms - a.ms))
    console.log(`  ${s.ms.toFixed(1).padStart(7)} ${s.what}`);
}
await raw.close();
await pgRaw.close();
