import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import { tempDir } from '../e2e/harness';
import { createLogger } from '../platform/log';
import { StreamWriter } from './writer';

const log = createLogger('silent');

describe('stream writer: task status and crawl progress', () => {
  const store = new ChdbStore(path.join(tempDir('writer'), 'ch'));
  const bus = new MemoryBus(log);
  const writer = new StreamWriter(bus, store, log);
  beforeAll(async () => {
    await migrateClickHouse(store, log);
    await writer.start();
  });
  afterAll(async () => {
    await writer.stop();
    await bus.close();
    await store.close();
  });

  it('keeps the newest report of each monitor task and crawl request', async () => {
    const status = (state: 'waiting' | 'monitoring' | 'done', at: number, polls: number) => ({
      key: 'biz1',
      value: {
        task_id: 't1',
        state,
        biz: 'biz1',
        aids: state === 'waiting' ? [] : ['5_1'],
        start_ts: state === 'waiting' ? null : 1_700_000_000,
        end_ts: state === 'done' ? 1_700_086_400 : null,
        polls,
        at,
      },
    });
    // Published out of order: the newest `at` must win, not the last delivered.
    await bus.publish('monitor.status', [
      status('waiting', 1_700_000_000_000, 0),
      status('done', 1_700_086_400_500, 1440),
      status('monitoring', 1_700_000_060_000, 1),
    ]);
    await bus.publish('crawl.progress', [
      {
        key: 'r1',
        value: {
          request_id: 'r1',
          kind: 'include',
          state: 'done',
          biz: 'biz1',
          pages: 1,
          articles: 3,
          snapshots: 3,
          covered_from: null,
          percent: 100,
          message: '收录成功',
          result: { code: 1, tip: '', is_success: true, data: [], data2: [] },
          at: 1_700_000_100_000,
        },
      },
    ]);
    await bus.drain();
    const [t] = await store.query<{ state: string; polls: number; aids: string[]; end_ts: string }>(
      'SELECT state, polls, aids, toUnixTimestamp(end_ts) AS end_ts FROM monitor_status FINAL',
    );
    expect(t).toEqual({ state: 'done', polls: 1440, aids: ['5_1'], end_ts: 1_700_086_400 });
    const [p] = await store.query<{ percent: number; result: string; message: string }>(
      'SELECT percent, result, message FROM crawl_progress FINAL',
    );
    expect(p?.percent).toBe(100);
    expect(p?.message).toBe('收录成功');
    expect(JSON.parse(p?.result ?? '{}')).toMatchObject({ code: 1, is_success: true });
  });
});
