import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import type { AnalyticsStore } from '../clickhouse/store';
import { fixedClock } from '../core/clock';
import { COPYRIGHT_CODE } from '../core/copyright';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { wci } from './analytics/wci';
import { AnalyticsProcessor } from './analytics-processor';

const log = createLogger('silent');
// 2026-11-01 21:30 Beijing: "today" is 2026-11-01, a Sunday; its week starts Monday 2026-10-26.
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);

interface Art {
  mid: number;
  msgid: number;
  idx: number;
  pub: string;
  reads: number;
  likes: number;
  looking: number;
  shares: number;
  original?: boolean;
}

// A: two pushes; B: one big headline, forwards unknown (0); C: small today, bigger yesterday.
const ACCOUNTS = [
  { mid: 1, name: '甲科技', media: '科技', area: '广东' },
  { mid: 2, name: '乙科技', media: '科技', area: '北京' },
  { mid: 3, name: '丙财经', media: '财经', area: '广东' },
];
const ARTICLES: Art[] = [
  {
    mid: 1,
    msgid: 100,
    idx: 1,
    pub: '2026-11-01T08:00:00',
    reads: 1000,
    likes: 50,
    looking: 20,
    shares: 10,
    original: true,
  },
  { mid: 1, msgid: 100, idx: 2, pub: '2026-11-01T08:00:00', reads: 400, likes: 10, looking: 4, shares: 2 },
  { mid: 1, msgid: 99, idx: 1, pub: '2026-10-31T08:00:00', reads: 800, likes: 40, looking: 16, shares: 8 },
  { mid: 2, msgid: 200, idx: 1, pub: '2026-11-01T12:00:00', reads: 5000, likes: 100, looking: 50, shares: 0 },
  { mid: 3, msgid: 300, idx: 1, pub: '2026-11-01T18:00:00', reads: 300, likes: 3, looking: 1, shares: 1 },
  { mid: 3, msgid: 299, idx: 1, pub: '2026-10-31T18:00:00', reads: 2000, likes: 30, looking: 10, shares: 5 },
];

const aid = (a: Art) => `${a.msgid}_${a.idx}`;

/** Loads the fixture as the stream writer would: accounts, articles, then two polls per article. */
async function load(store: AnalyticsStore, order: 'forward' | 'reverse', twice = false) {
  const arts = order === 'forward' ? ARTICLES : [...ARTICLES].reverse();
  const accounts = ACCOUNTS.map((a) => ({
    mid: a.mid,
    biz: `b${a.mid}`,
    name: a.name,
    media: a.media,
    area: a.area,
    owner: `${a.name}公司`,
    updated_at: NOW,
  }));
  const articles = arts.map((a) => ({
    mid: a.mid,
    aid: aid(a),
    msgid: a.msgid,
    idx: a.idx,
    title: `文章${aid(a)}`,
    pubtime: at(a.pub),
    copyright_stat: a.original ? COPYRIGHT_CODE.original : COPYRIGHT_CODE.unknown,
    updated_at: NOW,
  }));
  // An early poll with half the counts, and the final one: the latest must win in either order.
  const polls = arts.flatMap((a) => {
    const t = at(a.pub);
    const half = { reads: a.reads / 2, likes: a.likes / 2, looking: a.looking / 2, shares: a.shares / 2 };
    const early = { mid: a.mid, aid: aid(a), ts: t + 600, ...mapInt(half), comments: 0 };
    const late = {
      mid: a.mid,
      aid: aid(a),
      ts: t + 7200,
      reads: a.reads,
      likes: a.likes,
      looking: a.looking,
      shares: a.shares,
      comments: 0,
    };
    return order === 'forward' ? [early, late] : [late, early];
  });
  for (let i = 0; i < (twice ? 2 : 1); i++) {
    await store.insert('accounts', accounts);
    await store.insert('articles', articles);
    await store.insert('article_snapshots', polls);
  }
}
const mapInt = (o: Record<string, number>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.floor(v)])) as Record<string, number>;

async function openStore(name: string): Promise<AnalyticsStore> {
  const store = new ChdbStore(path.join(tempDir(name), 'ch'));
  await migrateClickHouse(store, log);
  return store;
}

const SETTINGS = { tickMs: 60_000, rankEveryMs: 60_000, rankPastEveryMs: 60_000 };

async function process(store: AnalyticsStore) {
  const p = new AnalyticsProcessor(store, fixedClock(NOW), log, SETTINGS);
  await p.runOnce(true);
  return p;
}

const num = (rows: Record<string, unknown>[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [
        k,
        typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v,
      ]),
    ),
  );

describe('analytics processor', () => {
  let store: AnalyticsStore;
  beforeAll(async () => {
    store = await openStore('analytics');
    await load(store, 'forward');
    await process(store);
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await store.close();
  });

  it('sums each account and publish day from the latest counters (account_daily)', async () => {
    const rows = num(
      await store.query(
        `SELECT toString(day) AS day, articles, posts, originals, reads, likes, looking, shares, head_articles,
                head_reads, max_reads, original_reads
         FROM account_daily FINAL WHERE mid = 1 ORDER BY day`,
      ),
    );
    expect(rows).toEqual([
      {
        day: '2026-10-31',
        articles: 1,
        posts: 1,
        originals: 0,
        reads: 800,
        likes: 40,
        looking: 16,
        shares: 8,
        head_articles: 1,
        head_reads: 800,
        max_reads: 800,
        original_reads: 0,
      },
      {
        day: '2026-11-01',
        articles: 2,
        posts: 1,
        originals: 1,
        reads: 1400,
        likes: 60,
        looking: 24,
        shares: 12,
        head_articles: 1,
        head_reads: 1000,
        max_reads: 1000,
        original_reads: 1000,
      },
    ]);
  });

  it('keeps per-account figures: 7/30-day counts, headline averages, median-based fans, WCI and index', async () => {
    const [a] = num(
      await store.query(
        `SELECT media, area, articles_7d, articles_30d, posts_7d, head_avg_reads, head_avg_likes, median_reads,
                median_head_reads, fans, avg_reads, wci, account_index, originals_30d
         FROM account_stats FINAL WHERE mid = 1`,
      ),
    );
    // Headline reads 1000 and 800: average 900, median 900, fans 900 ÷ 5% = 18,000.
    // All reads 1000, 400, 800: median 800, average 733.33.
    const w = wci(
      ARTICLES.filter((x) => x.mid === 1).map((x) => ({ ...x, forwards: x.shares, position: x.idx })),
      30,
    );
    expect(a).toMatchObject({
      media: '科技',
      area: '广东',
      articles_7d: 3,
      articles_30d: 3,
      posts_7d: 2,
      head_avg_reads: 900,
      head_avg_likes: 45,
      median_reads: 800,
      median_head_reads: 900,
      fans: 18_000,
      originals_30d: 1,
    });
    expect(a?.avg_reads).toBeCloseTo(2200 / 3, 6);
    expect(a?.wci).toBeCloseTo(Math.round(w * 100) / 100, 6);
    expect(a?.account_index).toBeCloseTo(Math.round(((w * 100) / 3 / 100) * 100) / 100, 6);
  });

  it('ranks by WCI overall, by industry and by area, with the change against the previous day', async () => {
    const day = num(
      await store.query(
        `SELECT mid, rank, media_rank, area_rank, prev_rank, score FROM rankings FINAL
         WHERE rank_type = 'common' AND period = 'day' AND period_start = '2026-11-01' ORDER BY rank`,
      ),
    );
    const todays = (mid: number) => ARTICLES.filter((x) => x.mid === mid && x.pub.startsWith('2026-11-01'));
    const ref = (mid: number) =>
      wci(
        todays(mid).map((x) => ({ ...x, forwards: mid === 2 ? null : x.shares, position: x.idx })),
        1,
      );
    // B (5000 reads) > A (1400) > C (300); yesterday C (2000) was ahead of A (800): C fell from 1 to 3.
    expect(day.map((r) => r.mid)).toEqual([2, 1, 3]);
    for (const r of day) expect(r.score).toBeCloseTo(ref(r.mid as number), 9);
    expect(day).toMatchObject([
      { mid: 2, rank: 1, media_rank: 1, area_rank: 1, prev_rank: 0 },
      { mid: 1, rank: 2, media_rank: 2, area_rank: 1, prev_rank: 2 },
      { mid: 3, rank: 3, media_rank: 1, area_rank: 2, prev_rank: 1 },
    ]);
    const original = num(
      await store.query(
        `SELECT mid, rank FROM rankings FINAL
         WHERE rank_type = 'original' AND period = 'week' AND period_start = '2026-10-26' ORDER BY mid`,
      ),
    );
    expect(original).toEqual([
      { mid: 1, rank: 1 },
      { mid: 2, rank: 0 },
      { mid: 3, rank: 0 },
    ]);
  });

  it('gives identical rankings and lists when the same input is replayed twice in another order', async () => {
    const snapshot = async (s: AnalyticsStore) =>
      JSON.stringify([
        await s.query(
          `SELECT * EXCEPT generation FROM rankings FINAL ORDER BY rank_type, period, period_start, mid`,
        ),
        await s.query(`SELECT * EXCEPT version FROM account_stats FINAL ORDER BY mid`),
        await s.query(`SELECT * EXCEPT version FROM article_metrics FINAL ORDER BY day, mid, aid`),
        await s.query(`SELECT * EXCEPT version FROM account_daily FINAL ORDER BY mid, day`),
      ]);
    const first = await snapshot(store);
    expect(first).toContain('"rank_type":"new_fake"');
    // chDB holds one data path per process: close the first store before opening the replay's.
    await store.close();
    closed = true;
    const other = await openStore('analytics-replay');
    try {
      await load(other, 'reverse', true);
      await process(other);
      expect(await snapshot(other)).toBe(first);
    } finally {
      await other.close();
    }
  });
});
