import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../../clickhouse/chdb-store';
import { backfillKeyword } from '../../clickhouse/keyword-hits';
import { migrateClickHouse } from '../../clickhouse/migrate';
import type { AnalyticsStore } from '../../clickhouse/store';
import { fixedClock } from '../../core/clock';
import { createLogger } from '../../core/log';
import { tempDir } from '../../e2e/harness';
import { AnalyticsProcessor } from '../analytics-processor';
import { refreshKeywordHits } from './keywords';

const log = createLogger('silent');
// 2026-11-01 21:30 Beijing: today is 2026-11-01; a 30-day history reaches back to 2026-10-03.
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const TODAY = '2026-11-01';
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);

interface Art {
  mid: number;
  msgid: number;
  idx: number;
  pub: string;
  title: string;
  digest?: string;
  content?: string;
  reads: number;
}

const ARTICLES: Art[] = [
  // 新能源 in the title.
  { mid: 1, msgid: 100, idx: 1, pub: '2026-11-01T08:00:00', title: '新能源汽车销量创新高', reads: 1000 },
  // 新能源 and OpenAI in the body only.
  {
    mid: 1,
    msgid: 100,
    idx: 2,
    pub: '2026-11-01T08:00:00',
    title: '今日要闻',
    content: '本周新能源板块上涨，OpenAI 发布新模型。',
    reads: 400,
  },
  // "openai" in the digest, in another case; "AI" in the title.
  {
    mid: 2,
    msgid: 200,
    idx: 1,
    pub: '2026-10-31T12:00:00',
    title: 'AI 芯片观察',
    digest: '关于openai的分析',
    content: '算力需求持续增长。',
    reads: 5000,
  },
  // 储能 in the title, 新能源 in the digest.
  {
    mid: 3,
    msgid: 300,
    idx: 1,
    pub: '2026-10-31T18:00:00',
    title: '储能行业周报',
    digest: '新能源配套',
    reads: 300,
  },
  // Older than 30 days: matched by a term active when it arrives, not by a later term's history.
  { mid: 3, msgid: 299, idx: 1, pub: '2026-09-01T18:00:00', title: '新能源与储能旧闻', reads: 200 },
];

const aid = (a: Art) => `${a.msgid}_${a.idx}`;
const articleRow = (a: Art, updatedAt = NOW) => ({
  mid: a.mid,
  aid: aid(a),
  msgid: a.msgid,
  idx: a.idx,
  title: a.title,
  digest: a.digest ?? '',
  content: a.content ?? '',
  pubtime: at(a.pub),
  updated_at: updatedAt,
});
const poll = (a: Art, reads: number, ts = at(a.pub) + 3600) => ({
  mid: a.mid,
  aid: aid(a),
  ts,
  reads,
  likes: 0,
  looking: 0,
  shares: 0,
  comments: 0,
});

async function openStore(name: string): Promise<AnalyticsStore> {
  const store = new ChdbStore(path.join(tempDir(name), 'ch'));
  await migrateClickHouse(store, log);
  return store;
}

/**
 * Windows of the dirty tables as the processor hands them out, without its 10-second overlap so each article is
 * matched against the terms active when its window is processed; versions strictly increase.
 */
function driver(store: AnalyticsStore) {
  let last = 0;
  const version = () => {
    last = Math.max(last + 1, Date.now());
    return last;
  };
  let watermark = 0;
  let lastWindow = { fromMs: 0, toMs: 0 };
  return {
    version,
    /** The last window again, as after a crash before the watermark moved. */
    again: () => refreshKeywordHits(store, lastWindow, version()),
    async tick() {
      const [now] = await store.query<{ ms: string }>('SELECT toUnixTimestamp64Milli(now64(3)) AS ms');
      const w = { fromMs: watermark, toMs: Number(now?.ms) };
      await refreshKeywordHits(store, w, version());
      watermark = w.toMs;
      lastWindow = w;
    },
    async term(keyword: string, active: boolean) {
      await store.insert('keyword_terms', [{ keyword, active: active ? 1 : 0, updated_at: version() }]);
    },
    async backfill(keyword: string) {
      await backfillKeyword(store, keyword, { sinceDays: 30, today: TODAY, version: version() });
    },
  };
}

const num = (rows: Record<string, unknown>[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]),
    ),
  );

const daily = async (store: AnalyticsStore, keyword: string) =>
  num(
    await store.query(
      `SELECT toString(day) AS day, articles, accounts, reads, title_hits FROM keyword_daily
       WHERE keyword = {keyword:String} ORDER BY day`,
      { keyword },
    ),
  );

const hits = async (store: AnalyticsStore, keyword: string) =>
  num(
    await store.query(
      `SELECT aid, in_title, in_body, reads FROM keyword_hits FINAL WHERE keyword = {keyword:String}
       ORDER BY day, mid, aid`,
      { keyword },
    ),
  );

/**
 * The whole story: two terms subscribed before any article, the articles and their counters arrive, two more
 * terms are subscribed later (history matched once), one is unsubscribed, later articles, polls and an edit.
 */
async function story(store: AnalyticsStore, order: 'forward' | 'reverse', twice = false) {
  const d = driver(store);
  const arts = order === 'forward' ? ARTICLES : [...ARTICLES].reverse();
  await d.term('新能源', true);
  await d.term('OpenAI', true);
  for (let i = 0; i < (twice ? 2 : 1); i++) {
    await store.insert(
      'articles',
      arts.map((a) => articleRow(a)),
    );
    await store.insert(
      'article_snapshots',
      arts.map((a) => poll(a, a.reads)),
    );
  }
  await d.tick();
  // Subscribed after the articles arrived.
  for (const t of order === 'forward' ? ['AI', '储能'] : ['储能', 'AI']) {
    await d.term(t, true);
    await d.backfill(t);
  }
  // Nobody subscribes OpenAI any more.
  await d.term('OpenAI', false);
  await d.tick();
  return d;
}

const LATE: Art = {
  mid: 2,
  msgid: 201,
  idx: 1,
  pub: '2026-11-01T20:00:00',
  title: '储能电站投运',
  content: 'OpenAI 与新能源无关的一段话。',
  reads: 50,
};

describe('keyword hits', () => {
  let store: AnalyticsStore;
  let d: ReturnType<typeof driver>;
  let closed = false;
  beforeAll(async () => {
    store = await openStore('keywords');
    d = await story(store, 'forward');
  });
  afterAll(async () => {
    if (!closed) await store.close();
  });

  it('matches title, digest and body, and counts per publish day', async () => {
    expect(await hits(store, '新能源')).toEqual([
      { aid: '299_1', in_title: 1, in_body: 0, reads: 200 },
      { aid: '300_1', in_title: 0, in_body: 1, reads: 300 },
      { aid: '100_1', in_title: 1, in_body: 0, reads: 1000 },
      { aid: '100_2', in_title: 0, in_body: 1, reads: 400 },
    ]);
    expect(await daily(store, '新能源')).toEqual([
      { day: '2026-09-01', articles: 1, accounts: 1, reads: 200, title_hits: 1 },
      { day: '2026-10-31', articles: 1, accounts: 1, reads: 300, title_hits: 0 },
      { day: '2026-11-01', articles: 2, accounts: 1, reads: 1400, title_hits: 1 },
    ]);
  });

  it('ignores case for latin terms', async () => {
    // "openai" (digest) and "OpenAI" (body) both match the term OpenAI.
    expect(await hits(store, 'OpenAI')).toEqual([
      { aid: '200_1', in_title: 0, in_body: 1, reads: 5000 },
      { aid: '100_2', in_title: 0, in_body: 1, reads: 400 },
    ]);
    // "AI" matches the title "AI 芯片观察", and inside "OpenAI"/"openai".
    expect(await hits(store, 'AI')).toEqual([
      { aid: '200_1', in_title: 1, in_body: 1, reads: 5000 },
      { aid: '100_2', in_title: 0, in_body: 1, reads: 400 },
    ]);
  });

  it('matches a term subscribed after the articles against the last 30 days only', async () => {
    // 储能 is also in "新能源与储能旧闻" of 2026-09-01, older than the 30 days matched at subscription.
    expect(await hits(store, '储能')).toEqual([{ aid: '300_1', in_title: 1, in_body: 0, reads: 300 }]);
    expect(await daily(store, '储能')).toEqual([
      { day: '2026-10-31', articles: 1, accounts: 1, reads: 300, title_hits: 1 },
    ]);
  });

  it('matches new articles against active terms only, refreshes counters, and follows edits', async () => {
    await store.insert('articles', [articleRow(LATE)]);
    await store.insert('article_snapshots', [poll(LATE, 50)]);
    // A later poll of an older hit: only its counters change.
    await store.insert('article_snapshots', [poll(ARTICLES[0] as Art, 1500, at('2026-11-01T20:00:00'))]);
    await d.tick();
    expect(await hits(store, '储能')).toEqual([
      { aid: '300_1', in_title: 1, in_body: 0, reads: 300 },
      { aid: '201_1', in_title: 1, in_body: 0, reads: 50 },
    ]);
    // OpenAI was unsubscribed: the late article is not matched, its earlier hits stay as they were.
    expect((await hits(store, 'OpenAI')).map((h) => h.aid)).toEqual(['200_1', '100_2']);
    expect(await daily(store, '新能源')).toContainEqual({
      day: '2026-11-01',
      articles: 3,
      accounts: 2,
      reads: 1500 + 400 + 50,
      title_hits: 1,
    });

    // The body of 100_2 is edited and no longer mentions 新能源 (nor AI).
    const edited = { ...(ARTICLES[1] as Art), content: '本周板块上涨。' };
    await store.insert('articles', [articleRow(edited, NOW + 60_000)]);
    await d.tick();
    expect(await daily(store, '新能源')).toContainEqual({
      day: '2026-11-01',
      articles: 2,
      accounts: 2,
      reads: 1550,
      title_hits: 1,
    });
    // AI: the late article's "OpenAI" still matches; 100_2 no longer does.
    expect((await hits(store, 'AI')).map((h) => h.aid)).toEqual(['200_1', '201_1']);
    // Running the last window and a backfill again changes nothing.
    const before = await store.query('SELECT * EXCEPT version FROM keyword_hits FINAL ORDER BY ALL');
    await d.again();
    await d.backfill('储能');
    expect(await store.query('SELECT * EXCEPT version FROM keyword_hits FINAL ORDER BY ALL')).toEqual(before);
  });

  it('gives identical rows when the same input is replayed twice in another order', async () => {
    const snapshot = async (s: AnalyticsStore) =>
      JSON.stringify([
        await s.query('SELECT * EXCEPT version FROM keyword_hits FINAL ORDER BY keyword, day, mid, aid'),
        await s.query('SELECT * FROM keyword_daily ORDER BY keyword, day'),
      ]);
    const fresh = await openStoreAfterClosing('keywords-forward', store);
    let first = '';
    try {
      await story(fresh, 'forward');
      first = await snapshot(fresh);
    } finally {
      await fresh.close();
    }
    expect(first).toContain('"keyword":"储能"');
    const other = await openStore('keywords-replay');
    try {
      await story(other, 'reverse', true);
      expect(await snapshot(other)).toBe(first);
    } finally {
      await other.close();
    }
  });

  it('runs inside the processor tick, on its windows (with their overlap)', async () => {
    const s = await openStore('keywords-tick');
    try {
      const p = new AnalyticsProcessor(s, fixedClock(NOW), log, {
        tickMs: 60_000,
        rankEveryMs: 60_000,
        rankPastEveryMs: 60_000,
      });
      // What the wiring line does in AnalyticsProcessor.tick(), with the tick's window and version.
      const tick = async () => {
        const t = await p.tick();
        if (t.accounts > 0) await refreshKeywordHits(s, t.window, Date.now());
      };
      await s.insert('keyword_terms', [{ keyword: '新能源', active: 1, updated_at: Date.now() }]);
      await s.insert(
        'articles',
        ARTICLES.map((a) => articleRow(a)),
      );
      await s.insert(
        'article_snapshots',
        ARTICLES.map((a) => poll(a, a.reads)),
      );
      await tick();
      await s.insert('article_snapshots', [poll(ARTICLES[1] as Art, 450, at('2026-11-01T21:00:00'))]);
      await tick();
      await tick();
      expect(await daily(s, '新能源')).toEqual([
        { day: '2026-09-01', articles: 1, accounts: 1, reads: 200, title_hits: 1 },
        { day: '2026-10-31', articles: 1, accounts: 1, reads: 300, title_hits: 0 },
        { day: '2026-11-01', articles: 2, accounts: 1, reads: 1450, title_hits: 1 },
      ]);
    } finally {
      await s.close();
    }
  });

  // chDB holds one data path per process: the replay stores open after the first is closed.
  async function openStoreAfterClosing(name: string, s: AnalyticsStore) {
    await s.close();
    closed = true;
    return openStore(name);
  }
});
