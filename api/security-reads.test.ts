import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import { bizOf } from '../core/wechat-ids';
import { buy, Client, nextPhone, refusal, responseRefusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';
import { MonitorOrders } from '../members/monitor-orders';
import type { MemberDb } from '../postgres/db';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { AnalyticsProcessor } from '../stream/analytics-processor';

/**
 * Regression tests of issue #29's read findings 2, 3, 8, 9 and 11, over HTTP against one served app (real chDB and
 * PGlite, fixtures straight into ClickHouse) whose upstream is a real simulator.
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
/** A free member's (and a visitor's) earliest day: three months back (members/membership.ts). */
const FREE_EARLIEST = '2026-08-01';
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);
const link = (mid: number, msgid: number, idx: number) =>
  `https://mp.weixin.qq.com/s?__biz=${bizOf(mid)}&mid=${msgid}&idx=${idx}&sn=abc`;
const APPID = 'wxsecreads01';
const OWNER = '星河传媒科技有限公司';

let base: string;
let store: ChdbStore;
let db: MemberDb;
let close: () => Promise<void>;
let sim: RunningSimulator;
let free: Client;
let deluxe: Client;
let freeKey: string;

beforeAll(async () => {
  sim = await startSimulator(
    { seed: 29, accounts: 4, historyDays: 2, now: () => NOW, host: '127.0.0.1', port: 0 },
    createLogger('silent'),
  );
  ({ base, store, db, close } = await openServedApp(
    'security-reads',
    NOW,
    {},
    {
      upstream: sim.url,
      // As platform/platform.ts lists them for a simulator upstream.
      imageHosts: [new URL(sim.url).host, 'mmbiz.qpic.cn', 'wx.qlogo.cn', 'mmbiz.qlogo.cn'],
    },
  ));
  // Two accounts of one owner; neither name nor description mentions the owner.
  await store.insert('accounts', [
    {
      mid: 31,
      biz: bizOf(31),
      name: '深度观察',
      wxid: 'sdgc',
      owner: OWNER,
      media: '科技',
      description: '每日芯片评论',
      updated_at: NOW,
    },
    {
      mid: 32,
      biz: bizOf(32),
      name: '晚间快讯',
      wxid: 'wjkx',
      owner: OWNER,
      media: '科技',
      description: '新闻速递',
      updated_at: NOW,
    },
  ]);
  // Account 31: two hot articles, one recent and one 11 months old (inside a deluxe member's 12 months), among small
  // ones; both embed a mini-program. Account 32 has an article much like the old one.
  const article = (msgid: number, pub: string, title: string, extra: Record<string, unknown> = {}) => ({
    mid: 31,
    aid: `${msgid}_1`,
    biz: bizOf(31),
    msgid,
    idx: 1,
    href: link(31, msgid, 1),
    title,
    digest: title,
    content: `${title} 正文`,
    pubtime: at(pub),
    updated_at: NOW,
    ...extra,
  });
  const small = Array.from({ length: 6 }, (_, i) =>
    article(600 + i, `2026-10-0${i + 1}T08:00:00`, `日常${i}`),
  );
  await store.insert('articles', [
    article(500, '2026-10-20T08:00:00', '芯片产业近况', { miniprogram_appids: [APPID] }),
    article(400, '2025-12-01T08:00:00', '芯片产业旧闻', { miniprogram_appids: [APPID] }),
    {
      ...article(700, '2025-12-02T08:00:00', '芯片产业旧闻评论'),
      mid: 32,
      biz: bizOf(32),
      href: link(32, 700, 1),
    },
    ...small,
  ]);
  await store.insert('article_snapshots', [
    { mid: 31, aid: '500_1', ts: at('2026-10-21T08:00:00'), reads: 20_000, likes: 200, looking: 20 },
    { mid: 31, aid: '400_1', ts: at('2025-12-02T08:00:00'), reads: 20_000, likes: 200, looking: 20 },
    ...small.map((a) => ({ mid: 31, aid: a.aid, ts: a.pubtime + 86_400, reads: 100, likes: 1, looking: 0 })),
  ]);
  await new AnalyticsProcessor(store, fixedClock(NOW), createLogger('silent'), {
    tickMs: 60_000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 60_000,
  }).runOnce(true);
  [free, deluxe] = await Promise.all([signUp(base, nextPhone()), signUp(base, nextPhone())]);
  await buy(deluxe, 'vip3_q');
  freeKey = (await free.post('/fbmain/api/v1/api_keys', { name: '试用' })).body.data.key as string;
}, 120_000);

afterAll(async () => {
  await close?.();
  await sim?.close();
});

/** Publish days of the articles an answer lists (history groups carry them as postTime). */
const pubDays = (list: { pubtime?: string; postTime?: string }[]): string[] =>
  list.map((a) => String(a.pubtime ?? a.postTime).slice(0, 10));

describe('finding 2: history depth', () => {
  it('finding 2: no route lists a free member or a visitor an article older than their history depth', async () => {
    const visitor = new Client(base);
    await free.post('/fbmain/search/v1/group_add', { name: '关注' });
    const group = (await free.get('/fbmain/search/v1/group_list')).body.data[0].group_id;
    expect(
      (await free.post('/fbmain/search/v1/favorite_add', { group_id: group, mids: 31 })).body.error_code,
    ).toBe(0);
    const answers: [string, Promise<unknown[]>][] = [
      [
        'openapi articles',
        fetch(`${base}/fbmain/openapi/v1/articles?mid=31&start_time=2024-01-01`, {
          headers: { 'x-api-key': freeKey },
        })
          .then((r) => r.json())
          .then((b) => b.data.articles),
      ],
      [
        'follow_key_search',
        free
          .get('/fbmain/follow/v1/follow_key_search', { kw: '芯片', start_time: '2025-01-01' })
          .then((r) => r.body.data.article_list),
      ],
      [
        'follow_account_article',
        visitor
          .get('/fbmain/follow/v1/follow_account_article', { mids: '31' })
          .then((r) => r.body.data.article_list),
      ],
      [
        'article_search_/title',
        visitor
          .post('/fbmain/search/v1/article_search_/title', { kw: '芯片', days: 365 })
          .then((r) => r.body.data.article_list),
      ],
      [
        'article_hot',
        visitor.get('/fbmain/search/v1/article_hot', { mid: 31 }).then((r) => r.body.data.article_list),
      ],
      [
        'minipro_article',
        visitor
          .get('/fbmain/search/v1/minipro_article', { appid: APPID })
          .then((r) => r.body.data.article_list),
      ],
      [
        'detail_pubList',
        free
          .post('/fbmain/search/v1/detail_pubList', { mId: 31, start_time: '2024-01-01' })
          .then((r) => r.body.data.article_list),
      ],
    ];
    for (const [route, answer] of answers) {
      const days = pubDays((await answer) as { pubtime: string }[]);
      // The recent hot article is there; nothing before the earliest day is.
      expect(days, route).toContain('2026-10-20');
      expect(
        days.filter((d) => d < FREE_EARLIEST),
        route,
      ).toEqual([]);
    }
    // Similar articles of an old article: its neighbours are as old, so a deluxe member sees them, a visitor not.
    const similar = async (c: Client) =>
      pubDays(
        (await c.get('/fbmain/follow/v1/similar_article', { mid: 31, aid: '400_1' })).body.data.article_list,
      );
    expect(await similar(deluxe)).toEqual(['2025-12-02']);
    expect(await similar(visitor)).toEqual([]);
  });
});

describe('finding 3: owner information', () => {
  it('finding 3: a search by owner name lists the owner’s accounts from level 3 only; the posting-time chart too', async () => {
    const mids = async (c: Client) =>
      (
        (await c.post('/fbmain/search/v1/key_search', { kw: '星河传媒' })).body.data.accounts as {
          mid: number;
        }[]
      )
        .map((a) => a.mid)
        .sort();
    expect(await mids(new Client(base))).toEqual([]);
    expect(await mids(free)).toEqual([]);
    expect(await mids(deluxe)).toEqual([31, 32]);
    // Name, wx id and description still match for everyone; the owner's name and count stay public.
    const visitor = new Client(base);
    const byName = await visitor.post('/fbmain/search/v1/key_search', { kw: '深度观察' });
    expect(byName.body.data.accounts).toMatchObject([{ mid: 31, owner: OWNER }]);
    const count = await visitor.get('/fbmain/account/v1/same_owner_count', { mid: 31 });
    expect(count.body.data).toEqual({ owner: OWNER, owner_total: 2, same_owner: 1 });
    // The open API's search follows the key owner's level.
    const api = await fetch(`${base}/fbmain/openapi/v1/search?kw=${encodeURIComponent('星河传媒')}`, {
      headers: { 'x-api-key': freeKey },
    });
    expect(api.status).toBe(404);
    // The owner tab's posting-time chart: level 3.
    const chart = await free.get('/fbmain/search/v1/public_time', { mid: 31 });
    expect(refusal(chart)).toBe(40002);
    expect(chart.body).toMatchObject({ error_code: 40002, msg: '主体信息仅限豪华及以上会员查看' });
    expect((await deluxe.get('/fbmain/search/v1/public_time', { mid: 31 })).body.error_code).toBe(0);
  });
});

describe('finding 8: API keys in records', () => {
  it('finding 8: a key sent as ?key= is kept and shown masked in the ledger, records and exports', async () => {
    const r = await fetch(`${base}/fbmain/openapi/v1/account?mid=31&key=${freeKey}`);
    expect(r.status).toBe(200);
    // The same key with its name and first letter escaped: read as the API reads it, masked all the same.
    const escaped = await fetch(
      `${base}/fbmain/openapi/v1/account?mid=31&%6Bey=%${freeKey.charCodeAt(0).toString(16)}${freeKey.slice(1)}`,
    );
    expect(escaped.status).toBe(200);
    const stored = await db.query<{ ref: string }>("SELECT ref FROM api_ledger WHERE kind = 'call'");
    expect(stored.length).toBeGreaterThan(0);
    const secret = freeKey.slice(10);
    for (const row of stored) expect(row.ref).not.toContain(secret);
    const masked = `key=${freeKey.slice(0, 10)}…`;
    expect(stored.map((s) => s.ref)).toContainEqual(expect.stringContaining(masked));
    const records = await free.get('/fbmain/api/v1/api_records');
    expect(records.text).not.toContain(secret);
    expect(records.text).toContain(masked);
    for (const format of ['csv', 'xlsx']) {
      const file = await fetch(`${base}/fbmain/api/v1/export_api_records?format=${format}`, {
        headers: { accessToken: free.token as string },
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).includes(secret)).toBe(false);
    }
  });
});

describe('finding 9: monitoring series', () => {
  it('finding 9: a monitored article’s series is readable by the member who ordered it, not by another', async () => {
    const [owner, other] = await Promise.all([signUp(base, nextPhone()), signUp(base, nextPhone())]);
    const ownerId = (await owner.get('/fbmain/user/v1/user_info')).body.data.id as number;
    // The order as create_future_task records it (no collector runs here).
    await new MonitorOrders(db).place(
      {
        userId: ownerId,
        taskId: 'mt_security_reads',
        kind: 'article',
        biz: bizOf(31),
        mid: 31,
        msgid: 500,
        idx: 1,
        sn: 'abc',
        position: 1,
        freqMin: 1,
        days: 1,
        cost: 1,
        createdAtMs: NOW,
      },
      3,
    );
    const M = '/fbmain/monitor/v1';
    for (const path of ['read_praise_report', 'read_praise', 'read_zan_look_report', 'spend_time']) {
      const mine = await owner.get(`${M}/${path}`, { post: '31_500_1' });
      expect(mine.body.status, path).toBe(200);
      const theirs = await other.get(`${M}/${path}`, { post: '31_500_1' });
      expect(refusal(theirs), path).toBe(403);
      expect(theirs.body, path).toEqual({
        status: 403,
        msg: '该文章的分钟级监测数据仅下单监测的会员可查看，如需查看请创建监测任务',
      });
    }
    // An article nobody monitors keeps its crawled series open to members.
    expect((await other.get(`${M}/read_praise_report`, { post: '31_600_1' })).body.status).toBe(200);
  });
});

describe('finding 11: image proxy', () => {
  const proxy = (url: string) => fetch(`${base}/fbmain/common/v1/image?url=${encodeURIComponent(url)}`);
  const served = async () =>
    ((await (await fetch(`${sim.url}/__sim/stats`)).json()) as { served: Record<string, number> }).served;

  it('finding 11: the image proxy fetches only image paths of image hosts', async () => {
    const before = await served();
    for (const url of [
      `${sim.url}/__sim/faults`,
      `${sim.url}/cgi-bin/searchbiz?query=x`,
      `${sim.url}/mp/profile_ext?action=home`,
      `${sim.url}/mmhead/../cgi-bin/searchbiz`,
      `${sim.url}/mmhead/x/..%2F..%2Fcgi-bin%2Fsearchbiz`,
      'https://mmbiz.qpic.cn/../admin',
    ]) {
      const r = await proxy(url);
      expect(await responseRefusal(r), url).toBe(40000);
      expect(await r.json(), url).toEqual({ error_code: 40000, msg: '参数错误：不支持该图片来源' });
    }
    // Nothing reached the upstream.
    expect(await served()).toEqual(before);
    // An avatar still comes through.
    const avatar = sim.world.accounts[0] as { biz: string };
    const ok = await proxy(`${sim.url}/mmhead/${encodeURIComponent(avatar.biz)}/0`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/svg+xml');
  });
});
