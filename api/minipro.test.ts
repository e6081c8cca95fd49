import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import { call, openTestApp } from '../e2e/app-harness';
import { refusal } from '../e2e/members-harness';
import { AnalyticsProcessor } from '../stream/analytics-processor';

/** Mini-program search, detail, articles and accounts through the app on real chDB; figures by hand. */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);
const A = 'wxaaaaaa01';
const B = 'wxbbbbbb02';
const C = 'wxcccccc03'; // seen embedded only: no miniprograms row

const ARTICLES = [
  { mid: 1, msgid: 100, pub: '2026-10-30T08:00:00', reads: 1000, apps: [A, B] },
  { mid: 1, msgid: 101, pub: '2026-10-31T08:00:00', reads: 500, apps: [A] },
  { mid: 2, msgid: 200, pub: '2026-10-29T08:00:00', reads: 3000, apps: [A] },
  // More than 30 days before NOW: in the all-time figures only.
  { mid: 2, msgid: 199, pub: '2026-09-01T08:00:00', reads: 4000, apps: [A] },
  { mid: 3, msgid: 300, pub: '2026-10-30T09:00:00', reads: 200, apps: [C] },
  { mid: 3, msgid: 301, pub: '2026-10-30T10:00:00', reads: 999, apps: [] },
];

let app: Hono;
let store: ChdbStore;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, store, close } = await openTestApp('minipro', NOW));
  await store.insert(
    'accounts',
    [1, 2, 3].map((mid) => ({ mid, biz: `b${mid}`, name: `号${mid}`, wxid: `w${mid}`, updated_at: NOW })),
  );
  await store.insert('miniprograms', [
    {
      appid: A,
      title: '美团外卖',
      icon: 'https://mmbiz.qpic.cn/a.png',
      username: 'gh_meituan',
      labels: ['生活服务'],
      description: '外卖订餐',
      updated_at: NOW,
    },
    { appid: B, title: '滴滴出行', username: 'gh_didi', updated_at: NOW },
  ]);
  await store.insert(
    'articles',
    ARTICLES.map((a) => ({
      mid: a.mid,
      aid: `${a.msgid}_1`,
      msgid: a.msgid,
      idx: 1,
      title: `文章${a.msgid}`,
      href: `https://mp.weixin.qq.com/s?mid=${a.msgid}`,
      pubtime: at(a.pub),
      miniprogram_appids: a.apps,
      updated_at: NOW,
    })),
  );
  await store.insert(
    'article_snapshots',
    ARTICLES.map((a) => ({
      mid: a.mid,
      aid: `${a.msgid}_1`,
      ts: at(a.pub) + 3600,
      reads: a.reads,
      likes: Math.floor(a.reads / 100),
      looking: 1,
    })),
  );
  const p = new AnalyticsProcessor(store, fixedClock(NOW), createLogger('silent'), {
    tickMs: 60_000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 60_000,
  });
  await p.runOnce(true);
});

afterAll(async () => {
  await close();
});

describe('search/v1 minipro_*', () => {
  it('minipro_detail: all-time and 30-day exposure (reads of the embedding articles), articles, accounts', async () => {
    const r = await call(app, `/fbmain/search/v1/minipro_detail?appid=${A}`);
    expect(r.status).toBe(200);
    expect(r.body.data.applet).toEqual({
      appid: A,
      title: '美团外卖',
      icon: 'https://mmbiz.qpic.cn/a.png',
      username: 'gh_meituan',
      labels: ['生活服务'],
      desc: '外卖订餐',
      exposure_num: 8500,
      article_num: 4,
      account_num: 2,
      exposure_30d: 4500,
      article_30d: 3,
      account_30d: 2,
      last_seen: '2026-10-31 08:00:00',
    });
    // Known only from an article: figures without a description.
    const c = await call(app, `/fbmain/search/v1/minipro_detail?appid=${C}`);
    expect(c.body.data.applet).toMatchObject({ appid: C, title: '', exposure_num: 200, article_num: 1 });
  });

  it('minipro_search by title, description or appid, in the chosen order', async () => {
    const byTitle = await call(app, '/fbmain/search/v1/minipro_search?kw=美团');
    expect(byTitle.body.data.total).toBe(1);
    expect(byTitle.body.data.applet_data[0]).toMatchObject({ appid: A, exposure_num: 8500 });
    const byDesc = await call(app, '/fbmain/search/v1/minipro_search', { kw: '订餐' });
    expect(byDesc.body.data.applet_data.map((m: any) => m.appid)).toEqual([A]);
    const all = await call(app, '/fbmain/search/v1/minipro_search?kw=wx');
    expect(all.body.data.applet_data.map((m: any) => [m.appid, m.exposure_num])).toEqual([
      [A, 8500],
      [B, 1000],
      [C, 200],
    ]);
    const byAccounts = await call(app, '/fbmain/search/v1/minipro_search?kw=WX&sort=account&num=2&page=2');
    expect(byAccounts.body.data.total).toBe(3);
    // Accounts 2, 1, 1: B and C tie and end on appid.
    expect(byAccounts.body.data.applet_data.map((m: any) => m.appid)).toEqual([C]);
  });

  it('minipro_article and minipro_mpaccount list who embeds it', async () => {
    const byDate = await call(app, `/fbmain/search/v1/minipro_article?appid=${A}`);
    expect(byDate.body.data.total).toBe(4);
    expect(byDate.body.data.article_list.map((a: any) => a.aid)).toEqual([
      '101_1',
      '100_1',
      '200_1',
      '199_1',
    ]);
    expect(byDate.body.data.article_list[0]).toMatchObject({
      mid: 1,
      mp_name: '号1',
      position: 1,
      title: '文章101',
      read: 500,
      zan: 5,
      pubtime: '2026-10-31 08:00:00',
    });
    const byRead = await call(app, `/fbmain/search/v1/minipro_article?appid=${A}&orderby=read&num=2&page=1`);
    expect(byRead.body.data.article_list.map((a: any) => [a.aid, a.read])).toEqual([
      ['199_1', 4000],
      ['200_1', 3000],
    ]);
    const accounts = await call(app, `/fbmain/search/v1/minipro_mpaccount?appid=${A}`);
    // Two articles each: more exposure first.
    expect(accounts.body.data).toEqual({
      total: 2,
      accounts: [
        {
          mid: 2,
          mp_name: '号2',
          wxid: 'w2',
          avatar: '',
          media: '',
          article_num: 2,
          exposure_num: 7000,
          last_pubtime: '2026-10-29 08:00:00',
        },
        {
          mid: 1,
          mp_name: '号1',
          wxid: 'w1',
          avatar: '',
          media: '',
          article_num: 2,
          exposure_num: 1500,
          last_pubtime: '2026-10-31 08:00:00',
        },
      ],
    });
  });

  it('minipro_rank of a past month carries the mini-programs’ titles and the same exposure', async () => {
    const r = await call(app, '/fbmain/rank/v1/minipro_rank?period=month&date=2026-10-15');
    expect(r.body.data.applet_data.map((m: any) => [m.rank, m.appid, m.title, m.exposure_num])).toEqual([
      [1, A, '美团外卖', 4500],
      [2, B, '滴滴出行', 1000],
      [3, C, '', 200],
    ]);
  });

  it('answers bad input in Chinese with 400 or 404, never 500', async () => {
    const bad = [
      ['/fbmain/search/v1/minipro_search', 400, '关键词 (kw) 不能为空'],
      ['/fbmain/search/v1/minipro_search?kw=a&sort=x', 400, '只能是 exposure、article 或 account'],
      ['/fbmain/search/v1/minipro_detail', 400, '小程序 appid (appid) 不能为空'],
      ['/fbmain/search/v1/minipro_detail?appid=abc', 400, '格式应为 wx 开头的小程序 appid'],
      ['/fbmain/search/v1/minipro_detail?appid=wx12345678', 404, '小程序不存在或尚未收录'],
      [`/fbmain/search/v1/minipro_article?appid=${A}&orderby=zan`, 400, '只能是 pubtime 或 read'],
      ['/fbmain/search/v1/minipro_mpaccount?appid=x', 400, '小程序 appid (appid)'],
    ] as const;
    for (const [url, status, msg] of bad) {
      const r = await call(app, url);
      expect(refusal(r), url).toBe(status === 404 ? 40004 : 40000);
      expect(r.body.msg, url).toContain(msg);
    }
  });
});

describe('original/v1 associated_applet (an account’s mini-programs)', () => {
  it('lists what the account embeds with platform-wide exposure and the account’s own articles and reads', async () => {
    const { accountMinipros, accountMiniproCount } = await import('./queries/minipro');
    const sinceS = Math.floor(NOW / 1000) - 30 * 86_400;
    const one = await accountMinipros(store, { mid: 1, sort: 'read', page: 1, size: 10, sinceS });
    // Account 1: article 100 (1,000 reads) embeds A and B, article 101 (500 reads) embeds A.
    expect(one.total).toBe(2);
    expect(
      one.rows.map((r) => [r.appid, r.exposure_num, r.article_num, r.account_articles, r.account_reads]),
    ).toEqual([
      [A, 8500, 4, 2, 1500],
      [B, 1000, 1, 1, 1000],
    ]);
    const page2 = await accountMinipros(store, { mid: 1, sort: 'exposure', page: 2, size: 1, sinceS });
    expect(page2.rows.map((r) => r.appid)).toEqual([B]);
    expect(await accountMiniproCount(store, 1)).toBe(2);
    expect(await accountMiniproCount(store, 3)).toBe(1);
    expect(await accountMiniproCount(store, 4)).toBe(0);
  });

  it('is for paying members, in the status envelope; bad input is refused in Chinese', async () => {
    const visitor = await call(app, '/fbmain/original/v1/associated_applet?id=1');
    expect(refusal(visitor)).toBe(40001);
    const bad = await call(app, '/fbmain/original/v1/associated_applet?id=1&orderby=likes');
    expect(bad).toEqual({
      status: 200,
      body: { status: 400, msg: '参数错误：排序 (orderby) 只能是 exposure、article、account 或 read' },
    });
  });

  it('mp_detail counts the account’s mini-programs (associated_applet_total, tab 4 enabled at ≥ 1)', async () => {
    const r = await call(app, '/fbmain/search/v1/mp_detail?mId=1');
    expect(r.body.data.account.associated_applet_total).toBe(2);
  });
});
