import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedReads } from '../api/cached-reads';
import { tempDir } from '../e2e/harness';
import { ChdbStore } from './chdb-store';
import { keyedBatches } from './keyed-reads';
import type { AnalyticsStore, QueryParams } from './store';

/** Point reads batched by key, over a real chDB: which reads reach the engine and what each caller gets. */
describe('keyed reads', () => {
  let raw: ChdbStore;
  const sent: QueryParams[] = [];
  let failNext = false;
  const counting = () =>
    keyedBatches(async (sql, params) => {
      sent.push(params);
      if (failNext) {
        failNext = false;
        throw new Error('engine down');
      }
      return raw.query(sql, params);
    });
  const SQL = 'SELECT k AS key, v FROM t WHERE k IN {keys:Array(UInt32)} AND v != {not:String} ORDER BY k, v';

  beforeAll(async () => {
    raw = new ChdbStore(path.join(tempDir('keyed-reads'), 'ch'));
    await raw.exec('CREATE TABLE t (k UInt32, v String) ENGINE = MergeTree ORDER BY k');
    await raw.insert('t', [
      { k: 1, v: 'a' },
      { k: 1, v: 'b' },
      { k: 2, v: 'c' },
      { k: 3, v: 'd' },
    ]);
  });
  afterAll(async () => {
    await raw.close();
  });

  it('answers the calls of one turn with one read, each caller its own key’s rows (none for a missing key)', async () => {
    const byKey = counting();
    sent.length = 0;
    const got = await Promise.all([1, 2, 9, 1].map((k) => byKey<{ v: string }>(SQL, k, { not: '' })));
    expect(got).toEqual([[{ v: 'a' }, { v: 'b' }], [{ v: 'c' }], [], [{ v: 'a' }, { v: 'b' }]]);
    // One read, the repeated key asked once; the key column is not handed back.
    expect(sent).toEqual([{ not: '', keys: [1, 2, 9] }]);
    // Each caller owns its rows.
    got[0]?.[0] && Object.assign(got[0][0], { v: 'changed' });
    expect(got[3]?.[0]).toEqual({ v: 'a' });
  });

  it('sends calls arriving while a read runs in the next read, and other parameters in a read of their own', async () => {
    const byKey = counting();
    sent.length = 0;
    const first = byKey(SQL, 1, { not: '' });
    // The first read is under way: these wait for it, then go together.
    await new Promise((r) => setImmediate(r));
    const later = [byKey(SQL, 2, { not: '' }), byKey(SQL, 3, { not: '' }), byKey(SQL, 1, { not: 'a' })];
    expect(await first).toHaveLength(2);
    expect(await Promise.all(later)).toEqual([[{ v: 'c' }], [{ v: 'd' }], [{ v: 'b' }]]);
    expect(sent).toEqual([
      { not: '', keys: [1] },
      { not: 'a', keys: [1] },
      { not: '', keys: [2, 3] },
    ]);
  });

  it('fails every caller of a failed read, and the next read goes on', async () => {
    const byKey = counting();
    failNext = true;
    const results = await Promise.allSettled([byKey(SQL, 1, { not: '' }), byKey(SQL, 2, { not: '' })]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await byKey(SQL, 2, { not: '' })).toEqual([{ v: 'c' }]);
  });

  it('through the read cache: one cached result per key, misses of concurrent readers batched into one read', async () => {
    let reads = 0;
    const inner = keyedBatches(async (sql, params) => {
      reads++;
      return raw.query(sql, params);
    });
    const store: AnalyticsStore = {
      kind: raw.kind,
      query: (sql, params) => raw.query(sql, params),
      queryByKey: inner,
      exec: (sql, params) => raw.exec(sql, params),
      insert: (table, rows) => raw.insert(table, rows),
      stream: (sql, params) => raw.stream(sql, params),
      close: () => raw.close(),
    };
    const s = cachedReads(store, 60_000);
    expect(await Promise.all([1, 2, 3].map((k) => s.queryByKey(SQL, k, { not: '' })))).toEqual([
      [{ v: 'a' }, { v: 'b' }],
      [{ v: 'c' }],
      [{ v: 'd' }],
    ]);
    expect(reads).toBe(1);
    // Cached per key: a known key is answered without a read, a new one is read alone.
    expect(await s.queryByKey(SQL, 2, { not: '' })).toEqual([{ v: 'c' }]);
    expect(reads).toBe(1);
    expect(await s.queryByKey(SQL, 9, { not: '' })).toEqual([]);
    expect(reads).toBe(2);
    // A write through the cache drops the keyed results too.
    await s.insert('t', [{ k: 2, v: 'e' }]);
    expect(await s.queryByKey(SQL, 2, { not: '' })).toEqual([{ v: 'c' }, { v: 'e' }]);
    expect(reads).toBe(3);
  });
});
