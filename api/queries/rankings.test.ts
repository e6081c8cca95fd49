import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../../clickhouse/chdb-store';
import { migrateClickHouse } from '../../clickhouse/migrate';
import { createLogger } from '../../core/log';
import { tempDir } from '../../e2e/harness';
import { rankingFilters } from './rankings';

let store: ChdbStore;
beforeAll(async () => {
  store = new ChdbStore(path.join(tempDir('rank-filters'), 'ch'));
  await migrateClickHouse(store, createLogger('silent'));
  // 科技 3 accounts; 财经 and 教育 2 each; areas: 北京 2, 上海 2 (a tie), 浙江 1; one account without either.
  const rows: [string, string][] = [
    ['科技', '北京'],
    ['科技', '上海'],
    ['科技', '浙江'],
    ['财经', '北京'],
    ['财经', ''],
    ['教育', '上海'],
    ['教育', ''],
    ['', ''],
  ];
  await store.insert(
    'account_stats',
    rows.map(([media, area], i) => ({ mid: 100 + i, media, area, owner: '', version: 1 })),
  );
});
afterAll(() => store?.close());

describe('rank/v1/filters', () => {
  it('lists industries and areas in pinyin order, names the largest of each and the last finished periods', async () => {
    // 2026-11-04 is a Wednesday.
    const f = await rankingFilters(store, Date.parse('2026-11-04T09:00:00+08:00'));
    expect(f).toEqual({
      media: ['财经', '教育', '科技'],
      area: ['北京', '上海', '浙江'],
      largest_media: '科技',
      // 北京 and 上海 both have two accounts: the first in pinyin order.
      largest_area: '北京',
      finished: { day: '2026-11-03', week: '2026-10-26', month: '2026-10-01' },
    });
    // Just after midnight Beijing time (still the 3rd in UTC) the finished day is the 3rd.
    const early = await rankingFilters(store, Date.parse('2026-11-04T00:30:00+08:00'));
    expect(early.finished.day).toBe('2026-11-03');
  });
});
