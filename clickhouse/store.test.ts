import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { ChdbPoolStore } from './chdb-pool-store';
import { ChdbStore } from './chdb-store';
import { migrateClickHouse } from './migrate';
import { ServerStore } from './server-store';
import type { AnalyticsStore } from './store';

/**
 * One contract for both analytics-store clients: chDB always, a ClickHouse server when
 * CLICKHOUSE_TEST_URL is set (e.g. http://default:@127.0.0.1:8123/default); none runs on this machine.
 */
const log = createLogger('silent');
const serverUrl = process.env.CLICKHOUSE_TEST_URL;
if (!serverUrl) console.warn('[ClickHouse server tests] skipped: CLICKHOUSE_TEST_URL is not set');

async function serverStore(): Promise<AnalyticsStore> {
  const base = new ServerStore(serverUrl as string);
  const db = `gzh_test_${process.pid}_${Date.now()}`;
  await base.exec(`CREATE DATABASE ${db}`);
  await base.close();
  const u = new URL(serverUrl as string);
  u.pathname = `/${db}`;
  return new ServerStore(u.toString());
}

const engines: [string, boolean, () => Promise<AnalyticsStore>][] = [
  ['chDB', true, async () => new ChdbStore(path.join(tempDir('store-contract'), 'ch'))],
  ['chDB connection pool', true, async () => new ChdbPoolStore(path.join(tempDir('store-contract'), 'ch'))],
  ['ClickHouse server', Boolean(serverUrl), serverStore],
];

describe.each(engines)('analytics store on %s', (_name, enabled, open) => {
  it.runIf(enabled)(
    'migrates, inserts in batches, binds parameters and deduplicates redelivered rows',
    async () => {
      const store = await open();
      try {
        await migrateClickHouse(store, log);
        const snap = (aid: string, ts: number, reads: number) => ({
          mid: 7,
          aid,
          ts,
          reads,
          likes: 1,
          looking: 2,
          shares: 3,
          comments: 4,
        });
        const batch = [
          snap('1_1', 1_700_000_000, 10),
          snap('1_1', 1_700_000_060, 25),
          snap('1_2', 1_700_000_000, 5),
        ];
        await store.insert('article_snapshots', batch);
        await store.insert('article_snapshots', batch); // a redelivered batch
        const [final] = await store.query<{ n: string; s: string }>(
          'SELECT count() AS n, sum(reads) AS s FROM article_snapshots FINAL WHERE mid = {mid:UInt64}',
          { mid: 7 },
        );
        expect(Number(final?.n)).toBe(3);
        expect(Number(final?.s)).toBe(40);
        const latest = await store.query<{ aid: string; r: number }>(
          'SELECT aid, argMaxMerge(reads) AS r FROM article_latest WHERE mid = {mid:UInt64} GROUP BY aid ORDER BY aid',
          { mid: 7 },
        );
        expect(latest.map((l) => [l.aid, Number(l.r)])).toEqual([
          ['1_1', 25],
          ['1_2', 5],
        ]);
        // A parameter is a value, never SQL.
        const evil = "x' OR 1=1 --";
        await store.insert('accounts', [{ mid: 8, name: evil, updated_at: 1_700_000_000_000 }]);
        const rows = await store.query<{ name: string }>(
          'SELECT name FROM accounts FINAL WHERE name = {n:String}',
          { n: evil },
        );
        expect(rows).toEqual([{ name: evil }]);
        expect(
          await store.query('SELECT name FROM accounts FINAL WHERE name = {n:String}', { n: 'x' }),
        ).toEqual([]);
      } finally {
        await store.close();
      }
    },
  );

  it.runIf(enabled)('streams a large result row by row with bounded memory', async () => {
    const store = await open();
    try {
      let n = 0;
      let sum = 0;
      const before = process.memoryUsage().heapUsed;
      for await (const r of store.stream<{ n: string }>('SELECT number AS n FROM numbers({k:UInt32})', {
        k: 2_000_000,
      })) {
        n++;
        sum += Number(r.n);
      }
      expect(n).toBe(2_000_000);
      expect(sum).toBe((1_999_999 * 2_000_000) / 2);
      // Two million rows held as objects would take well over 100 MB; a stream holds one chunk at a time.
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(96 * 1024 * 1024);
    } finally {
      await store.close();
    }
  });
});
