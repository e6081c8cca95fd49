import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../e2e/harness';
import { ChdbPoolStore } from './chdb-pool-store';

/** What the pool adds to the store contract (store.test.ts): parallel reads, ordered writes, streams beside reads. */
describe('chDB connection pool', () => {
  let store: ChdbPoolStore;

  beforeAll(() => {
    store = new ChdbPoolStore(path.join(tempDir('chdb-pool'), 'ch'), { readConnections: 3 });
  });
  afterAll(async () => {
    await store.close();
  });

  it('runs a read while another is still running', async () => {
    const marker = `pool_marker_${process.pid}_${Date.now()}`;
    // About 2 s of engine time on one read connection.
    let slowDone = false;
    const slow = store
      .query(`SELECT count() AS n FROM numbers(40) WHERE sleepEachRow(0.05) = 0 AND '${marker}' != ''`)
      .finally(() => {
        slowDone = true;
      });
    // Reads on the other connections see it in the engine's process list while it runs. On one connection they
    // would run only after it, and never see it.
    let seen = 0;
    while (!slowDone && seen === 0) {
      const [r] = await store.query<{ n: number }>(
        `SELECT count() AS n FROM system.processes WHERE query LIKE {m:String} AND query NOT LIKE '%system.processes%'`,
        { m: `%${marker}%` },
      );
      seen = Number(r?.n);
    }
    expect(seen).toBe(1);
    expect(await slow).toEqual([{ n: 40 }]);
  });

  it('binds each concurrent read its own parameters', async () => {
    const calls = Array.from({ length: 120 }, (_, i) =>
      store.query<{ v: number; s: string; n: number }>(
        'SELECT {v:UInt64} AS v, {s:String} AS s, count() AS n FROM numbers({k:UInt32})',
        { v: i, s: `it's ${i}`, k: 1000 + i },
      ),
    );
    const rows = await Promise.all(calls);
    rows.forEach((r, i) => {
      expect(r).toEqual([{ v: i, s: `it's ${i}`, n: 1000 + i }]);
    });
  });

  it('runs writes in call order, without the caller awaiting each', async () => {
    const writes = [
      store.exec('CREATE TABLE ordered (k UInt32) ENGINE = MergeTree ORDER BY k'),
      store.insert('ordered', [{ k: 1 }, { k: 2 }]),
      store.exec('ALTER TABLE ordered ADD COLUMN v String'),
      store.insert('ordered', [{ k: 3, v: 'c' }]),
      store.exec('INSERT INTO ordered SELECT k + 10, {v:String} FROM ordered WHERE k < {k:UInt32}', {
        v: 'x',
        k: 3,
      }),
    ];
    await Promise.all(writes);
    expect(await store.query('SELECT k, v FROM ordered ORDER BY k')).toEqual([
      { k: 1, v: '' },
      { k: 2, v: '' },
      { k: 3, v: 'c' },
      { k: 11, v: 'x' },
      { k: 12, v: 'x' },
    ]);
  });

  it('reads and writes while the caller consumes a stream, and a failed write does not stop the next', async () => {
    await store.exec('CREATE TABLE streamed (k UInt32) ENGINE = MergeTree ORDER BY k');
    let n = 0;
    for await (const r of store.stream<{ k: string }>('SELECT number AS k FROM numbers({n:UInt32})', {
      n: 5,
    })) {
      await store.insert('streamed', [{ k: Number(r.k) }]);
      const [c] = await store.query<{ c: string }>('SELECT count() AS c FROM streamed');
      n++;
      expect(Number(c?.c)).toBe(n);
    }
    expect(n).toBe(5);
    await expect(store.exec('INSERT INTO no_such_table VALUES (1)')).rejects.toThrow(/no_such_table/);
    await store.exec('INSERT INTO streamed VALUES (99)');
    expect(await store.query('SELECT max(k) AS m FROM streamed')).toEqual([{ m: 99 }]);
  });

  it('refuses work after close, and closes once the reads it waits for are done', async () => {
    // One data path per process: the shared store goes first.
    await store.close();
    const own = new ChdbPoolStore(path.join(tempDir('chdb-pool'), 'ch'), { readConnections: 1 });
    const reading = own.query('SELECT count() AS n FROM numbers(20) WHERE sleepEachRow(0.01) = 0');
    await own.close();
    expect(await reading).toEqual([{ n: 20 }]);
    await expect(own.query('SELECT 1')).rejects.toThrow(/closed/);
    await expect(own.exec('SELECT 1')).rejects.toThrow(/closed/);
  });
});
