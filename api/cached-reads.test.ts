import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../clickhouse/chdb-store';
import type { AnalyticsStore, QueryParams } from '../clickhouse/store';
import { tempDir, until } from '../e2e/harness';
import { cachedReads } from './cached-reads';

/** The API's read cache over a real chDB: what it keeps, for how long, and what drops it. */
describe('cached reads', () => {
  let raw: ChdbStore;
  // Counts the reads that reach the engine, to tell a cached answer from a fresh one.
  let reached = 0;
  let counted: AnalyticsStore;

  beforeAll(async () => {
    raw = new ChdbStore(path.join(tempDir('cached-reads'), 'ch'));
    await raw.exec('CREATE TABLE t (k UInt32, v String) ENGINE = MergeTree ORDER BY k');
    await raw.insert('t', [{ k: 1, v: 'a' }]);
    counted = {
      ...raw,
      kind: raw.kind,
      query: <T>(sql: string, params?: QueryParams) => {
        reached++;
        return raw.query<T>(sql, params);
      },
      exec: (sql: string, params?: QueryParams) => raw.exec(sql, params),
      insert: (table: string, rows: readonly Record<string, unknown>[]) => raw.insert(table, rows),
      stream: <T>(sql: string, params?: QueryParams) => raw.stream<T>(sql, params),
      close: () => raw.close(),
    };
  });
  afterAll(async () => {
    await raw.close();
  });

  const read = (s: AnalyticsStore, k = 1) =>
    s.query<{ v: string }>('SELECT v FROM t WHERE k = {k:UInt32} ORDER BY v', { k });

  it('answers a repeated read from the cache within the TTL, refreshes it behind the next reader, and never older than twice the TTL', async () => {
    const s = cachedReads(counted, 1000);
    reached = 0;
    expect(await read(s)).toEqual([{ v: 'a' }]);
    // Another process (the stream writer) writes behind the cache's back.
    await raw.insert('t', [{ k: 1, v: 'b' }]);
    expect(await read(s)).toEqual([{ v: 'a' }]);
    expect(reached).toBe(1);
    // Other parameters are another result.
    expect(await read(s, 2)).toEqual([]);
    expect(reached).toBe(2);
    // Past the TTL: the stale result once more, while one read refreshes it; then the fresh one.
    await new Promise((r) => setTimeout(r, 1050));
    expect(await Promise.all([read(s), read(s)])).toEqual([[{ v: 'a' }], [{ v: 'a' }]]);
    expect(reached).toBe(3);
    await until('the refresh', async () => (await read(s)).length === 2, 900);
    expect(reached).toBe(3);
    // Past twice the TTL nothing stale is answered: the reader waits for the engine.
    await raw.insert('t', [{ k: 1, v: 'c' }]);
    await new Promise((r) => setTimeout(r, 2050));
    expect(await read(s)).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'c' }]);
    expect(reached).toBe(4);
  });

  it('past twice the TTL, a reader waits for the refresh already queued instead of queueing the same read again', async () => {
    // The engine runs bound queries one at a time: under load a refresh can wait behind others past the stale window.
    let delayMs = 0;
    const slow: AnalyticsStore = {
      ...counted,
      kind: counted.kind,
      query: async <T>(sql: string, params?: QueryParams) => {
        const wait = delayMs;
        const rows = await counted.query<T>(sql, params);
        await new Promise((r) => setTimeout(r, wait));
        return rows;
      },
    };
    const s = cachedReads(slow, 200);
    reached = 0;
    expect(await read(s, 77)).toEqual([]);
    expect(reached).toBe(1);
    await raw.insert('t', [{ k: 77, v: 'late' }]);
    delayMs = 600;
    await new Promise((r) => setTimeout(r, 250));
    // Stale: answered at once, one refresh started (it takes 600 ms, past 2 × 200 ms).
    expect(await read(s, 77)).toEqual([]);
    expect(reached).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    // Past the stale window: both readers get the refresh's rows, and no other read reached the engine.
    expect(await Promise.all([read(s, 77), read(s, 77)])).toEqual([[{ v: 'late' }], [{ v: 'late' }]]);
    expect(reached).toBe(2);
  });

  it('drops every result when the API writes through it, so the API reads its own writes', async () => {
    const s = cachedReads(counted, 60_000);
    await read(s, 3);
    await s.insert('t', [{ k: 3, v: 'x' }]);
    expect(await read(s, 3)).toEqual([{ v: 'x' }]);
    await s.exec('ALTER TABLE t DELETE WHERE k = 3 SETTINGS mutations_sync = 1');
    expect(await read(s, 3)).toEqual([]);
    expect(s.cacheSize()).toBe(1);
  });

  it('keeps unrelated results when the API appends to an event table (page_views), and drops those reading it', async () => {
    const s = cachedReads(counted, 60_000);
    await raw.exec('CREATE TABLE page_views (path String) ENGINE = MergeTree ORDER BY path');
    const views = () => s.query<{ n: number }>('SELECT toUInt32(count()) AS n FROM page_views');
    await read(s, 1);
    expect(await views()).toEqual([{ n: 0 }]);
    reached = 0;
    await s.insert('page_views', [{ path: '/rank' }]);
    await read(s, 1);
    expect(reached).toBe(0);
    expect(await views()).toEqual([{ n: 1 }]);
    expect(reached).toBe(1);
  });

  it('shares one query among concurrent identical reads, and gives each caller its own rows', async () => {
    const s = cachedReads(counted, 60_000);
    reached = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => read(s, 1)));
    expect(reached).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    (answers[0]?.[0] as { v: string }).v = 'changed by a caller';
    expect((await read(s, 1))[0]?.v).toBe('a');
  });

  it('does not keep a failed read, nor results over the row bound', async () => {
    const s = cachedReads(counted, 60_000, { maxRows: 1 });
    await expect(s.query('SELECT * FROM later')).rejects.toThrow();
    await raw.exec('CREATE TABLE later (k UInt32) ENGINE = MergeTree ORDER BY k');
    await raw.insert('later', [{ k: 7 }]);
    expect(await s.query('SELECT * FROM later')).toEqual([{ k: 7 }]);
    reached = 0;
    await s.query('SELECT number FROM numbers(5)');
    await s.query('SELECT number FROM numbers(5)');
    expect(reached).toBe(2);
  });

  it('keeps at most maxEntries results, dropping the oldest', async () => {
    const s = cachedReads(counted, 60_000, { maxEntries: 3 });
    for (let k = 10; k < 15; k++) await read(s, k);
    expect(s.cacheSize()).toBe(3);
    reached = 0;
    await read(s, 14);
    await read(s, 10);
    expect(reached).toBe(1);
  });
});
