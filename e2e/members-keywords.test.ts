import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../api/app';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import type { AnalyticsStore } from '../clickhouse/store';
import { fixedClock } from '../core/clock';
import { loadConfig } from '../core/config';
import { createLogger } from '../core/log';
import { createMembers } from '../members/index';
import { type MemberDb, openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { refreshKeywordHits } from '../stream/analytics/keywords';
import { tempDir } from './harness';
import { Client, memberEngines, refusal, signUp } from './members-harness';
import { throwawayDatabase } from './postgres';

const log = createLogger('silent');
const S = '/fbmain/search/v1';
const MAIN = '/fbmain/main/v1';
// 2026-11-01 21:30 Beijing: a 7-day window is 2026-10-26 … 2026-11-01.
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);

const ACCOUNTS = [
  { mid: 11, name: '绿色出行', wxid: 'lvse' },
  { mid: 12, name: '科技早报', wxid: 'kjzb' },
];
const article = (mid: number, msgid: number, pub: string, title: string, content: string) => ({
  mid,
  aid: `${msgid}_1`,
  msgid,
  idx: 1,
  title,
  digest: '',
  content,
  href: `https://mp.weixin.qq.com/s/${mid}_${msgid}`,
  pubtime: at(pub),
  updated_at: NOW,
});
const poll = (a: { mid: number; aid: string; pubtime: number }, reads: number) => ({
  mid: a.mid,
  aid: a.aid,
  ts: a.pubtime + 3600,
  reads,
  likes: 1,
  looking: 0,
  shares: 0,
  comments: 0,
});

// Before anyone subscribes: two mentions of 新能源 (title; body), one of AI.
const EARLY = [
  article(11, 1, '2026-10-30T09:00:00', '新能源车下乡', '政策解读。'),
  article(12, 2, '2026-10-31T10:00:00', '芯片周报', `${'前文'.repeat(30)}本周新能源电池出货量上升。`),
  article(12, 3, '2026-10-31T11:00:00', 'AI 应用', '大模型落地。'),
];
// After the subscription: matched by the stream step.
const LATE = [article(11, 4, '2026-11-01T08:00:00', '今日简讯', '新能源汽车与<充电桩>')];

async function ingest(store: AnalyticsStore, arts: ReturnType<typeof article>[], reads: number[]) {
  await store.insert('articles', arts);
  await store.insert(
    'article_snapshots',
    arts.map((a, i) => poll(a, reads[i] as number)),
  );
}

describe.each(await memberEngines())('keyword monitoring API on $name', ({ name, skip }) => {
  let store: AnalyticsStore;
  let db: MemberDb;
  let server: ServerType;
  let drop = async () => {};
  let base = '';
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    if (skip) return;
    const dir = tempDir('keywords-api');
    store = new ChdbStore(path.join(dir, 'ch'));
    await migrateClickHouse(store, log);
    let databaseUrl: string | undefined;
    if (name === 'PostgreSQL server') {
      const d = await throwawayDatabase();
      databaseUrl = d.url;
      drop = d.drop;
    }
    db = await openMemberDb({ databaseUrl, dataDir: path.join(dir, 'pg') });
    await migrateMemberDb(db, log);
    const members = await createMembers(db, loadConfig({}), log);
    const app = createApp({
      store,
      db,
      members,
      log,
      clock: fixedClock(NOW),
      demo: true,
      imageHosts: [],
      lists: { burstMinReads: 5000, burstMinRatio: 5, burstMaxFans: 50_000, hotMinReads: 1000 },
      dashboardDir: path.join(dir, 'no-dashboard'),
      readiness: async () => ({ ready: true, checks: {} }),
    });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await store.insert(
      'accounts',
      ACCOUNTS.map((x) => ({ ...x, biz: `b${x.mid}`, updated_at: NOW })),
    );
    await ingest(store, EARLY, [100, 200, 300]);
    a = await signUp(base);
    b = await signUp(base);
  });
  afterAll(async () => {
    if (skip) return;
    await new Promise<void>((r) => server.close(() => r()));
    await db.close();
    await store.close();
    await drop();
  });

  it.skipIf(skip)('needs a member session', async () => {
    const v = new Client(base);
    for (const p of [`${S}/user_keyword_search`, `${MAIN}/public_sentimen`, `${MAIN}/overview_public`])
      expect((await v.get(p)).body, p).toEqual({ error_code: 40001, msg: '用户未登录' });
  });

  it.skipIf(skip)('matches a new subscription against the history at once, with highlights', async () => {
    expect((await a.post(`${S}/userkeyword`, { keyword: '新能源' })).body.error_code).toBe(0);
    const r = await a.get(`${S}/user_keyword_search`, { keyword: '新能源', days: 7 });
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toMatchObject({ total: 2, page: 1, pagesize: 20, days: 7, keywords: ['新能源'] });
    expect(r.body.data.list).toMatchObject([
      {
        mid: 12,
        aid: '2_1',
        mp_name: '科技早报',
        read: 200,
        pubtime: '2026-10-31 10:00:00',
        in_title: 0,
        title_highlight: '芯片周报',
        href: 'https://mp.weixin.qq.com/s/12_2',
      },
      {
        mid: 11,
        aid: '1_1',
        mp_name: '绿色出行',
        read: 100,
        in_title: 1,
        title_highlight: '<em>新能源</em>车下乡',
      },
    ]);
    // The excerpt starts 30 characters before the first mention.
    expect(r.body.data.list[0].excerpt_highlight).toBe(
      `…${'前文'.repeat(14)}本周<em>新能源</em>电池出货量上升。`,
    );
  });

  it.skipIf(skip)('adds articles as the stream step matches them, and counts per day', async () => {
    await ingest(store, LATE, [400]);
    await refreshKeywordHits(store, { fromMs: 0, toMs: Date.now() + 1000 }, Date.now());
    const r = await a.post(`${S}/user_keyword_search`, { days: 7, page: 1, pagesize: 1 });
    expect(r.body.data.total).toBe(3);
    expect(r.body.data.list).toHaveLength(1);
    expect(r.body.data.list[0]).toMatchObject({
      aid: '4_1',
      read: 400,
      keywords: ['新能源'],
      // Escaped, then highlighted.
      excerpt_highlight: '<em>新能源</em>汽车与&lt;充电桩&gt;',
    });

    const s = await a.get(`${MAIN}/public_sentimen`, { days: 3 });
    expect(s.body.error_code).toBe(0);
    expect(s.body.data.dates).toEqual(['2026-10-30', '2026-10-31', '2026-11-01']);
    expect(s.body.data.list).toEqual([
      {
        id: expect.any(Number),
        keyword: '新能源',
        total: { articles: 3, accounts: 2, reads: 700, title_hits: 1 },
        series: [
          { date: '2026-10-30', articles: 1, accounts: 1, reads: 100, title_hits: 1 },
          { date: '2026-10-31', articles: 1, accounts: 1, reads: 200, title_hits: 0 },
          { date: '2026-11-01', articles: 1, accounts: 1, reads: 400, title_hits: 0 },
        ],
      },
    ]);
    const o = await a.get(`${MAIN}/overview_public`, { days: 2 });
    expect(o.body.data).toMatchObject({
      days: 2,
      total: { articles: 2, accounts: 2, reads: 600, title_hits: 0 },
      keywords: [{ keyword: '新能源', articles: 2, accounts: 2, reads: 600, title_hits: 0 }],
      trend: [
        { date: '2026-10-31', articles: 1, accounts: 1, reads: 200, title_hits: 0 },
        { date: '2026-11-01', articles: 1, accounts: 1, reads: 400, title_hits: 0 },
      ],
    });
  });

  it.skipIf(skip)("shows a member only their own keywords' data", async () => {
    expect((await b.post(`${S}/userkeyword`, { keyword: 'ai' })).body.error_code).toBe(0);
    const own = await b.get(`${S}/user_keyword_search`);
    expect(own.body.data.list.map((x: { aid: string }) => x.aid)).toEqual(['3_1']);
    expect(own.body.data.list[0].title_highlight).toBe('<em>AI</em> 应用');
    const other = await b.get(`${S}/user_keyword_search`, { keyword: '新能源' });
    expect(refusal(other)).toBe(40004);
    expect(other.body).toEqual({ error_code: 40004, msg: '未订阅关键词"新能源"，请先添加关键词' });
    expect((await b.get(`${MAIN}/public_sentimen`, { keyword: '新能源' })).body.error_code).toBe(40004);
    const sentiment = await b.get(`${MAIN}/public_sentimen`, { days: 1 });
    expect(sentiment.body.data.list.map((x: { keyword: string }) => x.keyword)).toEqual(['ai']);
    const mine = await a.get(`${MAIN}/overview_public`);
    expect(mine.body.data.keywords.map((x: { keyword: string }) => x.keyword)).toEqual(['新能源']);
  });

  it.skipIf(skip)('answers bad input in Chinese, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ days: 'abc' }, '参数错误：时间范围 (days) 必须是数字'],
      [{ days: 91 }, '参数错误：时间范围 (days) 最大为 90'],
      [{ pagesize: 500 }, '参数错误：每页条数 (pagesize) 最大为 50'],
      [{ page: 0 }, '参数错误：页码 (page) 最小为 1'],
      [{ keyword: 'x'.repeat(21) }, '参数错误：关键词 (keyword) 不能超过20个字'],
    ];
    for (const [fields, msg] of cases) {
      const r = await a.get(`${S}/user_keyword_search`, fields);
      expect(refusal(r), msg).toBe(40000);
      expect(r.body).toEqual({ error_code: 40000, msg });
    }
    const r = await a.post(`${MAIN}/overview_public`, { days: '-1' });
    expect(r.body).toEqual({ error_code: 40000, msg: '参数错误：时间范围 (days) 最小为 1' });
    // PostgreSQL text cannot hold NUL: refused with a message before it reaches the database.
    const nul = await a.post(`${S}/userkeyword`, { keyword: 'a\u0000b' });
    expect(refusal(nul)).toBe(40000);
    expect(nul.body.msg).toContain('不能包含空字符');
  });

  it.skipIf(skip)('stops matching a term nobody subscribes any more', async () => {
    const list = await a.get(`${S}/userkeyword`);
    const id = list.body.data[0].id;
    expect((await a.del(`${S}/userkeyword`, { id })).body.error_code).toBe(0);
    const [term] = await store.query<{ active: number }>(
      "SELECT active FROM keyword_terms FINAL WHERE keyword = '新能源'",
    );
    expect(Number(term?.active)).toBe(0);
    const r = await a.get(`${S}/user_keyword_search`);
    expect(r.body.data).toMatchObject({ list: [], total: 0, keywords: [] });
    expect((await a.get(`${MAIN}/overview_public`)).body.data.keywords).toEqual([]);
    // Still subscribed by b.
    const [ai] = await store.query<{ active: number }>(
      "SELECT active FROM keyword_terms FINAL WHERE keyword = 'ai'",
    );
    expect(Number(ai?.active)).toBe(1);
  });

  it.skipIf(skip)(
    'follows a changed keyword: the old term stops, the new one is matched at once',
    async () => {
      const id = (await b.get(`${S}/userkeyword`)).body.data[0].id;
      expect((await b.put(`${S}/userkeyword`, { id, keyword: '芯片' })).body.error_code).toBe(0);
      const terms = await store.query<{ keyword: string; active: number }>(
        "SELECT keyword, active FROM keyword_terms FINAL WHERE keyword IN ('ai', '芯片') ORDER BY keyword",
      );
      expect(terms.map((t) => [t.keyword, Number(t.active)])).toEqual([
        ['ai', 0],
        ['芯片', 1],
      ]);
      const r = await b.get(`${S}/user_keyword_search`);
      expect(r.body.data.keywords).toEqual(['芯片']);
      expect(r.body.data.list.map((x: { title_highlight: string }) => x.title_highlight)).toEqual([
        '<em>芯片</em>周报',
      ]);
      // modify_userkeyword is the POST form of the same change.
      expect((await b.post(`${S}/modify_userkeyword`, { id, keyword: 'AI' })).body.error_code).toBe(0);
      expect((await b.get(`${S}/user_keyword_search`)).body.data.keywords).toEqual(['AI']);
    },
  );
});
