import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { ADMIN_PHONE, Client, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';
import type { MemberDb } from '../postgres/db';

/** admin/v1/health reads the shared state every role writes: collector heartbeats, crawl rounds, monitor leases. */
const NOW = Date.parse('2026-11-01T12:00:00+08:00');
let base: string;
let db: MemberDb;
let store: ChdbStore;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ base, db, store, close } = await openServedApp('admin-health', NOW, { ADMIN_PHONES: ADMIN_PHONE }));
}, 60_000);
afterAll(() => close());

describe('admin health', () => {
  it('reports collectors, their last round, monitor tasks and credentials to admins only', async () => {
    await db.query(`INSERT INTO collector_members (name, heartbeat_at) VALUES ('collector-a', now())`);
    await db.query(
      `INSERT INTO monitor_tasks (task_id, biz, task, state, owner) VALUES ('t1', 'b', '{}', 'monitoring', 'collector-a'),
       ('t2', 'b', '{}', 'monitoring', 'collector-a'), ('t3', 'b', '{}', 'waiting', NULL), ('t4', 'b', '{}', 'done', 'x')`,
    );
    await db.query(
      `INSERT INTO upstream_credentials (source, secret, state) VALUES ('mp', '{"token":"x"}', 'disabled')`,
    );
    await store.insert('crawl_rounds', [
      {
        collector: 'collector-a',
        round: 1,
        started_at: NOW - 600_000,
        finished_at: NOW - 500_000,
        accounts: 10,
        articles: 40,
        snapshots: 90,
        errors: 0,
      },
      {
        collector: 'collector-a',
        round: 2,
        started_at: NOW - 300_000,
        finished_at: NOW - 200_000,
        accounts: 10,
        articles: 5,
        snapshots: 60,
        errors: 1,
      },
    ]);
    const admin = await signUp(base, ADMIN_PHONE);
    const r = await admin.get('/fbmain/admin/v1/health');
    expect(r.body.error_code).toBe(0);
    const h = r.body.data;
    expect(h.readiness).toEqual({ ready: true, checks: {} });
    expect(h.bus.kind).toBe('none');
    expect(h.collectors.data).toEqual([expect.objectContaining({ name: 'collector-a' })]);
    expect(h.collectors.data[0].age_s).toBeLessThan(60);
    expect(h.crawl_rounds.data).toEqual([
      expect.objectContaining({
        collector: 'collector-a',
        rounds: 2,
        round: 2,
        articles: 5,
        snapshots: 60,
        errors: 1,
      }),
    ]);
    expect(h.monitor_tasks.all.data).toEqual([
      { state: 'monitoring', owner: 'collector-a', count: 2 },
      { state: 'waiting', owner: '', count: 1 },
    ]);
    expect(h.credentials.database.data).toEqual([{ source: 'mp', state: 'disabled', count: 1 }]);

    const member = await signUp(base);
    expect(refusal(await member.get('/fbmain/admin/v1/health'))).toBe(40002);
    expect(refusal(await new Client(base).get('/fbmain/admin/v1/health'))).toBe(40001);
  });
});
