import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../../clickhouse/chdb-store';
import { migrateClickHouse } from '../../clickhouse/migrate';
import { fixedClock } from '../../core/clock';
import { createLogger } from '../../core/log';
import { tempDir } from '../../e2e/harness';
import { AnalyticsProcessor } from '../../stream/analytics-processor';
import { fakeReport } from './fake-report';
import { rankingPage } from './rankings';

/**
 * 刷量占比 on the 刷量榜 (estimated fake reads ÷ 总阅读) never exceeds 100 %. The detector judges an article on its
 * polls' highest reads (a counter never goes down), while 总阅读 sums each article's latest poll: when a later
 * poll reports fewer reads (a lagging source, a cached page), the estimate must not count more fake reads than the
 * reads the ranking counts for that article. The article's report likewise charts the highest count so far.
 */
const log = createLogger('silent');
const NOW = Date.parse('2026-11-03T12:00:00+08:00');
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);
const MID = 9;

let store: ChdbStore;
beforeAll(async () => {
  store = new ChdbStore(path.join(tempDir('rank-fake-share'), 'ch'));
  await migrateClickHouse(store, log);
  // Six settled articles of 600 reads and 10 engagements each: the account's baseline.
  const settled = [25, 24, 23, 22, 21, 20].map((d, i) => ({
    aid: `${100 + i}_1`,
    pub: at(`2026-10-${d}T09:00:00`),
  }));
  const pub = at('2026-11-02T08:00:00');
  await store.insert('accounts', [
    { mid: MID, biz: 'OQ==', name: '占比号', wxid: 'share_wx', owner: '测试公司', updated_at: NOW },
  ]);
  await store.insert(
    'articles',
    [
      ...settled.map((a) => ({ aid: a.aid, msgid: Number(a.aid.split('_')[0]), pubtime: a.pub })),
      { aid: '200_1', msgid: 200, pubtime: pub },
    ].map((a) => ({ mid: MID, idx: 1, title: '文章', updated_at: NOW, ...a })),
  );
  // The flagged article: 3 organic reads a minute with engagement, and 1,500 reads without any from minute 200
  // (switched on within one poll). Its last poll comes from a source that lags: it still shows the reads from
  // before the burst, the latest counters the ranking sums.
  const polls = [];
  for (let m = 10; m <= 480; m += 10) {
    const organic = 3 * m;
    polls.push({
      ts: pub + m * 60,
      reads: organic + (m >= 200 ? 1500 : 0),
      likes: Math.floor(organic / 40),
      looking: Math.floor(organic / 120),
    });
  }
  polls.push({ ts: pub + 545 * 60, reads: 570, likes: 14, looking: 4 });
  await store.insert('article_snapshots', [
    ...settled.map((a) => ({
      mid: MID,
      aid: a.aid,
      ts: a.pub + 3 * 86_400,
      reads: 600,
      likes: 7,
      looking: 3,
    })),
    ...polls.map((p) => ({ mid: MID, aid: '200_1', ...p })),
  ]);
  const p = new AnalyticsProcessor(store, fixedClock(NOW), log, {
    tickMs: 60_000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 60_000,
  });
  await p.runOnce(true);
});
afterAll(() => store?.close());

describe('刷量占比 on the fake ranking', () => {
  it('counts no more fake reads than the reads it ranks the account on', async () => {
    const [report] = await store.query<{ status: number; forecast_fake: number }>(
      `SELECT status, forecast_fake FROM fake_reports FINAL WHERE mid = ${MID} AND aid = '200_1'`,
    );
    // The detector flags the article (the precondition of the ranking row).
    expect(report?.status).toBe(1);
    const page = await rankingPage(store, {
      type: 'fake',
      period: 'day',
      date: '2026-11-02',
      media: null,
      area: null,
      scope: 'all',
      page: 1,
      size: 20,
      nowMs: NOW,
    });
    const row = page.list.find((r) => r.mid === MID);
    expect(row).toBeDefined();
    expect(row?.reads).toBe(570);
    expect(row?.fake_reads).toBeLessThanOrEqual(row?.reads ?? 0);
    // The report's share of its own reads (1,500 of 2,940), applied to the reads the ranking counts.
    expect(row?.fake_reads).toBe(Math.round((1500 * 570) / 2940));
  });
});

describe('the report of an article with a lagging poll', () => {
  it('charts and tabulates the highest count so far: no hour adds a negative count', async () => {
    const r = await fakeReport(store, MID, '200_1');
    expect(r).not.toBeNull();
    const table = r?.table ?? [];
    // The lagging poll (570 at 17:05) has an hour of its own: it keeps the highest count so far, 2,940.
    expect(table.at(-1)).toMatchObject({ date: '2026-11-02 17:00', read: 2940, read_add: 0 });
    for (const row of table.slice(1)) expect(row.read_add).toBeGreaterThanOrEqual(0);
    const reads = r?.charts.read ?? [];
    expect(reads.at(-1)).toBe(2940);
    expect(reads.every((v, i) => i === 0 || v >= (reads[i - 1] as number))).toBe(true);
  });
});
