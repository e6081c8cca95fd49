import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeReport } from '../../api/queries/fake-report';
import { ChdbStore } from '../../clickhouse/chdb-store';
import { migrateClickHouse } from '../../clickhouse/migrate';
import type { AnalyticsStore } from '../../clickhouse/store';
import { parsePost } from '../../contract/shapes/article-reports';
import { fixedClock } from '../../core/clock';
import { createLogger } from '../../core/log';
import { tempDir } from '../../e2e/harness';
import { AnalyticsProcessor } from '../analytics-processor';

/**
 * fake_reports kept by the analytics processor from real ClickHouse rows: the account baseline from its settled
 * articles, the verdict of each recent article, the daily fake sums, the report a member reads, and replay.
 */
const log = createLogger('silent');
const NOW = Date.parse('2026-11-03T12:00:00+08:00');
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);
const MID = 7;

/** Six settled articles of 600 reads and 10 engagements each (reads per engagement 600 / 11 = 54.5). */
const SETTLED = [25, 24, 23, 22, 21, 20].map((d, i) => ({
  aid: `${100 + i}_1`,
  pub: at(`2026-10-${d}T09:00:00`),
  reads: 600,
  likes: 7,
  looking: 3,
}));

/** Organic: 3 reads a minute, one like per 40 reads, one 在看 per 120 reads (10-minute polls, 8 hours). */
function polls(aid: string, pub: number, jumpAt: number | null) {
  const out = [];
  for (let m = 10; m <= 480; m += 10) {
    const organic = 3 * m;
    out.push({
      mid: MID,
      aid,
      ts: pub + m * 60,
      reads: organic + (jumpAt !== null && m >= jumpAt ? 1500 : 0),
      likes: Math.floor(organic / 40),
      looking: Math.floor(organic / 120),
    });
  }
  return out;
}

async function load(store: AnalyticsStore, reverse: boolean) {
  const pubFake = at('2026-11-02T08:00:00');
  const pubHonest = at('2026-11-02T09:00:00');
  const articles = [
    ...SETTLED.map((a) => ({
      mid: MID,
      aid: a.aid,
      msgid: Number(a.aid.split('_')[0]),
      idx: 1,
      pubtime: a.pub,
    })),
    { mid: MID, aid: '200_1', msgid: 200, idx: 1, pubtime: pubFake, title: '刷量文章' },
    { mid: MID, aid: '201_1', msgid: 201, idx: 1, pubtime: pubHonest, title: '正常文章' },
    { mid: MID, aid: '202_1', msgid: 202, idx: 1, pubtime: pubHonest, title: '新文章' },
  ].map((a) => ({ title: '文章', ...a, updated_at: NOW }));
  const snaps = [
    ...SETTLED.map((a) => ({
      mid: MID,
      aid: a.aid,
      ts: a.pub + 3 * 86_400,
      reads: 600,
      likes: 7,
      looking: 3,
    })),
    ...polls('200_1', pubFake, 200),
    ...polls('201_1', pubHonest, null),
    // Three polls (and one of them delivered twice): too few to judge.
    ...polls('202_1', pubHonest, null).slice(0, 3),
    ...polls('202_1', pubHonest, null).slice(0, 1),
  ];
  await store.insert('accounts', [
    { mid: MID, biz: 'Nw==', name: '测试号', wxid: 'test_wx', owner: '测试公司', updated_at: NOW },
  ]);
  await store.insert('articles', reverse ? [...articles].reverse() : articles);
  await store.insert('article_snapshots', reverse ? [...snaps].reverse() : snaps);
}

async function openLoaded(name: string, reverse: boolean): Promise<AnalyticsStore> {
  const store = new ChdbStore(path.join(tempDir(name), 'ch'));
  await migrateClickHouse(store, log);
  await load(store, reverse);
  const p = new AnalyticsProcessor(store, fixedClock(NOW), log, {
    tickMs: 60_000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 60_000,
  });
  await p.runOnce(true);
  return store;
}

const reports = (store: AnalyticsStore) =>
  store.query<Record<string, unknown>>(
    `SELECT aid, status, verdict, round(confidence, 3) AS confidence, forecast_fake, round(forecast_fake_per, 3) AS per,
       reads, points, signals
     FROM fake_reports FINAL WHERE mid = ${MID} ORDER BY aid`,
  );

describe('fake reports', () => {
  let store: AnalyticsStore;
  let closed = false;
  beforeAll(async () => {
    store = await openLoaded('fake-reports', false);
  });
  afterAll(async () => {
    if (!closed) await store.close();
  });

  it('judges recent articles against the account baseline and leaves settled ones alone', async () => {
    const rows = await reports(store);
    // Articles older than 8 days are not judged, nor one with three polls; the other two of 11-02 are.
    expect(rows.map((r) => r.aid)).toEqual(['200_1', '201_1']);
    const [fake, honest] = rows as [Record<string, unknown>, Record<string, unknown>];
    // Honest: 1,440 reads, E = 36 + 12 = 48, engagement in step all day long: a clean bill.
    expect(honest).toMatchObject({ status: 0, verdict: 'clean', forecast_fake: 0, reads: 1440, points: 48 });
    // Fake: 1,500 reads between 11:10 and 11:20 (one poll interval) where the neighbours add 30: switched on
    // and off within 10 minutes (switch, 1,500 between the switches), and the hour's reads bring no engagement
    // against the rest of the article's (dilution). The estimate: 1,500 (51%).
    expect(fake).toMatchObject({
      status: 1,
      verdict: 'fake',
      forecast_fake: 1500,
      per: 0.51,
      reads: 2940,
      points: 48,
    });
    expect(Number(fake.confidence)).toBeGreaterThan(0.99);
    const signals = JSON.parse(String(fake.signals)) as { code: string; fake: number }[];
    expect(signals.find((x) => x.code === 'switch')?.fake).toBe(1500);
  });

  it('counts fake articles and reads into the account day (account_daily, fake rankings)', async () => {
    const [day] = await store.query<{ fake_articles: number; fake_reads: string }>(
      `SELECT fake_articles, fake_reads FROM account_daily FINAL WHERE mid = ${MID} AND day = '2026-11-02'`,
    );
    expect({ ...day, fake_reads: Number(day?.fake_reads) }).toEqual({ fake_articles: 1, fake_reads: 1500 });
    const [rank] = await store.query<{ rank: number; fake_reads: string }>(
      `SELECT rank, fake_reads FROM rankings FINAL
       WHERE rank_type = 'fake' AND period = 'day' AND period_start = '2026-11-02' AND mid = ${MID}`,
    );
    expect(rank?.rank).toBe(1);
    expect(Number(rank?.fake_reads)).toBe(1500);
  });

  it('reads the report a member sees: profile, verdict, chart and hourly table', async () => {
    expect(parsePost(`${MID}_200_1`)).toEqual({ mid: MID, aid: '200_1' });
    expect(parsePost("7_200_1' OR 1=1")).toBeNull();
    const r = await fakeReport(store, MID, '200_1');
    expect(r?.profile).toMatchObject({
      title: '刷量文章',
      mpname: '测试号',
      wx: 'test_wx',
      mp_owner: '测试公司',
      owner_count: 1,
      position: 1,
      pubtime: '2026-11-02 08:00:00',
      start_ts: '2026-11-02 08:10:00',
      end_ts: '2026-11-02 16:00:00',
      last_poll: '2026-11-02 16:00:00',
      monitoring: 0,
    });
    // The first hour has no earlier poll: what it added is unknown, not the total since publication.
    expect(r?.table[0]).toMatchObject({ date: '2026-11-02 08:00', read_add: null, praise_add: null });
    expect(r).toMatchObject({ status: 1, verdict: 'fake', forecast_fake: 1500, forecast_fake_per: 0.51 });
    expect(r?.confidence).toBeGreaterThan(0.99);
    expect(r?.summary).toMatch(/^判定为刷量：.*开关式增长：11-02 11:\d\d 阅读速度在 20 分钟内突然升高/);
    expect(r?.summary).toMatch(/（置信度 100%）$/);
    expect(r?.charts.read).toHaveLength(48);
    expect(r?.charts.read.slice(18, 21)).toEqual([570, 2100, 2130]);
    // Hour 11:00: the last poll (11:50) has 3 × 230 + 1,500 = 2,190 reads; 10:50 had 510 → 1,680 added.
    const h11 = r?.table.find((t) => t.date === '2026-11-02 11:00');
    expect(h11).toEqual({
      date: '2026-11-02 11:00',
      read: 2190,
      read_add: 1680,
      praise: 17,
      praise_add: 5,
      looking: 5,
    });
    // A monitoring order placed at 11:00 (Beijing) for 1 day: 监测开始 is its first poll, 监测结束 the order's end;
    // the chart and table keep the earlier polls (the verdict's evidence).
    const ordered = Date.parse('2026-11-02T03:00:00Z');
    const monitored = await fakeReport(store, MID, '200_1', {
      startMs: ordered,
      endMs: ordered + 86_400_000,
      running: true,
    });
    expect(monitored?.profile).toMatchObject({
      start_ts: '2026-11-02 11:00:00',
      end_ts: '2026-11-03 11:00:00',
      last_poll: '2026-11-02 16:00:00',
      monitoring: 1,
    });
    expect(monitored?.charts).toEqual(r?.charts);
    expect(monitored?.table).toEqual(r?.table);
    expect(await fakeReport(store, MID, '999_1')).toBeNull();
    const young = await fakeReport(store, MID, '202_1');
    expect(young).toMatchObject({ status: 0, verdict: '', confidence: 0, forecast_fake: 0, signals: [] });
    const honest = await fakeReport(store, MID, '201_1');
    expect(honest).toMatchObject({ status: 0, verdict: 'clean', judged: true });
    expect(honest?.summary).toMatch(/^未发现刷量迹象：1,440 次阅读带来 48 次点赞\/在看/);
    expect(young?.summary).toBe('监测数据不足（已采集 3 次），至少需要 6 次、跨度 2 小时的数据才能判定');
  });

  it('gives identical reports when the same input arrives in the reverse order', async () => {
    // chDB holds one data directory per process: close this one before opening the replay's.
    const first = await reports(store);
    await store.close();
    closed = true;
    const other = await openLoaded('fake-reports-reverse', true);
    try {
      expect(await reports(other)).toEqual(first);
    } finally {
      await other.close();
    }
  });
});
