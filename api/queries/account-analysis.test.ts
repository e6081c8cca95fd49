import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../../clickhouse/chdb-store';
import { migrateClickHouse } from '../../clickhouse/migrate';
import { fixedClock } from '../../core/clock';
import { createLogger } from '../../core/log';
import { tempDir } from '../../e2e/harness';
import { wci } from '../../stream/analytics/wci';
import { AnalyticsProcessor } from '../../stream/analytics-processor';
import { accountAnalysis } from './account-analysis';

const NOW = Date.parse('2026-11-01T12:00:00+08:00') / 1000;
const D = 86_400;
// [pushed at, [reads, likes] by position]
const PUSHES: [number, [number, number][]][] = [
  [
    NOW - D,
    [
      [1000, 20],
      [400, 8],
      [100, 1],
    ],
  ], // 12:00
  [
    NOW - 3 * D - 4 * 3600,
    [
      [800, 10],
      [200, 4],
    ],
  ], // 08:00
  [NOW - 10 * D + 9 * 3600, [[600, 6]]], // 21:00
  [NOW - 40 * D + 9 * 3600, [[600, 6]]], // 21:00, outside 30 days
  [NOW - 100 * D, [[5000, 50]]], // outside 90 days
];

let store: ChdbStore;
beforeAll(async () => {
  store = new ChdbStore(path.join(tempDir('analysis'), 'ch'));
  await migrateClickHouse(store, createLogger('silent'));
  const articles: Record<string, unknown>[] = [];
  const snaps: Record<string, unknown>[] = [];
  PUSHES.forEach(([at, arts], p) => {
    arts.forEach(([reads, likes], i) => {
      const aid = `${1000 + p}_${i + 1}`;
      articles.push({
        mid: 42,
        aid,
        biz: 'NDI=',
        msgid: 1000 + p,
        idx: i + 1,
        title: aid,
        pubtime: at,
        updated_at: 1,
      });
      // An earlier, lower poll: only the latest counts may be used.
      snaps.push({
        mid: 42,
        aid,
        ts: at + 600,
        reads: Math.floor(reads / 2),
        likes: 0,
        looking: 0,
        shares: 0,
      });
      snaps.push({ mid: 42, aid, ts: at + 7200, reads, likes, looking: 1, shares: 2 });
    });
  });
  await store.insert('articles', articles);
  await store.insert('article_snapshots', snaps);
  // Fans, WCI and the index come from the stream's account_stats: run the processor as the stream would.
  const p = new AnalyticsProcessor(store, fixedClock(NOW * 1000), createLogger('silent'), {
    tickMs: 60_000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 60_000,
  });
  await p.runOnce(true);
});
afterAll(async () => {
  await store.close();
});

describe('account analysis (hand-computed)', () => {
  it('counts, averages, overview, fans, hours and index', async () => {
    const a = await accountAnalysis(store, 42, NOW);
    expect(a.articles7d).toBe(5);
    // Last 3 pushes: headlines 1000, 800, 600; seconds 400, 200; others 100.
    expect(a.avgTopRead).toBe(800);
    expect(a.avgSecondRead).toBe(300);
    expect(a.avgOtherRead).toBe(100);
    expect(a.readOverview).toEqual([
      { position: 1, article_num: 3, avg_read: 800, read_max: 1000, avg_praise: 12, praise_max: 20 },
      { position: 2, article_num: 2, avg_read: 300, read_max: 400, avg_praise: 6, praise_max: 8 },
      { position: 3, article_num: 1, avg_read: 100, read_max: 100, avg_praise: 1, praise_max: 1 },
    ]);
    // Median headline reads of 30 days (1000, 800, 600) = 800 ÷ 5%.
    expect(a.fans).toBe(16_000);
    expect(a.hours).toMatchObject({ '8': 1, '12': 1, '21': 2, '0': 0 });
    expect(Object.values(a.hours).reduce((x, y) => x + y, 0)).toBe(4);
    expect(a.monthlyPosts).toBe(6);
    const last30 = [
      [1000, 20, 1],
      [400, 8, 2],
      [100, 1, 3],
      [800, 10, 1],
      [200, 4, 2],
      [600, 6, 1],
    ].map(([reads, likes, position]) => ({ reads, likes, position, looking: 1, forwards: 2 }) as const);
    const w = wci(last30 as never, 30);
    expect(a.wci).toBeCloseTo(w, 2);
    expect(a.index).toBeCloseTo(w / 6, 2);
  });

  it('is all zeros for an account without articles', async () => {
    const a = await accountAnalysis(store, 7, NOW);
    expect(a).toMatchObject({ articles7d: 0, avgTopRead: 0, fans: 0, readOverview: [], wci: 0, index: 0 });
  });
});
