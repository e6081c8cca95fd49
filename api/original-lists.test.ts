import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { buy, Client, type Reply, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';

/**
 * original/v1 onelevel, secondlevel, hotarticle and ranklisk on real chDB with hand-computed fixtures. Today is
 * Sunday 2026-11-01 (Beijing); windows are Beijing calendar days including today: 1 day = 11-01, 7 days =
 * 10-26…11-01, 30 days = 10-03…11-01. Only original articles (原创) count.
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');

const ACCOUNTS = [
  { mid: 1, name: '甲科技', media: '科技', area: '北京', tags: ['AI', '芯片'] },
  { mid: 2, name: '乙科技', media: '科技', area: '北京', tags: ['AI'] },
  { mid: 3, name: '丙财经', media: '财经', area: '上海', tags: ['股票'] },
  { mid: 4, name: '丁教育', media: '教育', area: '广东', tags: [] },
];
const media = (mid: number) => ACCOUNTS.find((a) => a.mid === mid)?.media ?? '';

// [mid, aid, Beijing publish day, original, reads, likes]
const ARTICLES: [number, string, string, 0 | 1, number, number][] = [
  [1, '100_1', '2026-11-01', 1, 1000, 50],
  [1, '101_1', '2026-10-30', 1, 3000, 20],
  [1, '102_1', '2026-10-30', 0, 9000, 900], // not original: never counted
  [1, '103_1', '2026-10-10', 1, 500, 5], // 30-day window only
  [2, '200_1', '2026-10-31', 1, 2000, 100],
  [2, '201_1', '2026-09-20', 1, 7000, 700], // outside every window
  [3, '300_1', '2026-11-01', 1, 4000, 10],
  [3, '301_2', '2026-10-28', 1, 100, 300],
  [4, '400_1', '2026-10-29', 1, 600, 60],
];

let store: ChdbStore;
let close: () => Promise<void>;
let base: string;
let visitor: Client;
let free: Client;
let paid: Client;

const get = (c: Client, path: string, q: Record<string, unknown> = {}) => c.get(path, q);

beforeAll(async () => {
  const opened = await openServedApp('original', NOW);
  ({ store, close } = opened);
  base = opened.base;
  await store.insert(
    'accounts',
    ACCOUNTS.map((a) => ({ ...a, avatar: `https://wx.qlogo.cn/${a.mid}.png`, updated_at: NOW })),
  );
  await store.insert(
    'article_metrics',
    ARTICLES.map(([mid, aid, day, original, reads, likes]) => ({
      day,
      mid,
      aid,
      pubtime: Math.floor(Date.parse(`${day}T08:00:00+08:00`) / 1000),
      idx: Number(aid.split('_')[1]),
      title: `文章${aid}`,
      href: `https://mp.weixin.qq.com/s/${aid}`,
      original,
      media: media(mid),
      area: ACCOUNTS.find((a) => a.mid === mid)?.area,
      reads,
      likes,
      looking: 1,
      version: 1,
    })),
  );
  // The day ranking of 原创榜 as the analytics processor writes it, and the days it was computed from.
  const rank = (mid: number, r: Record<string, number>) => ({
    rank_type: 'original',
    period: 'day',
    period_start: '2026-11-01',
    mid,
    media: media(mid),
    area: ACCOUNTS.find((a) => a.mid === mid)?.area,
    generation: NOW,
    ...r,
  });
  await store.insert('rankings', [
    rank(3, {
      score: 2,
      originals: 2,
      articles: 2,
      reads: 4100,
      rank: 1,
      media_rank: 1,
      area_rank: 1,
      prev_rank: 0,
    }),
    rank(1, {
      score: 1,
      originals: 1,
      articles: 3,
      reads: 10_000,
      rank: 2,
      media_rank: 1,
      area_rank: 1,
      prev_rank: 3,
    }),
    rank(2, {
      score: 1,
      originals: 1,
      articles: 1,
      reads: 800,
      rank: 3,
      media_rank: 2,
      area_rank: 2,
      prev_rank: 1,
    }),
    // Another type of the same day: never in the original list.
    { ...rank(4, { score: 9, rank: 1 }), rank_type: 'common' },
  ]);
  await store.insert('account_daily', [
    { mid: 3, day: '2026-11-01', originals: 2, original_reads: 4100, version: 1 },
    { mid: 1, day: '2026-11-01', originals: 1, original_reads: 1000, version: 1 },
    // The day before: outside the day period.
    { mid: 1, day: '2026-10-31', originals: 5, original_reads: 9999, version: 1 },
    { mid: 2, day: '2026-11-01', originals: 1, original_reads: 800, version: 1 },
  ]);
  visitor = new Client(base);
  free = await signUp(base);
  paid = await signUp(base);
  await buy(paid, 'vip2_q');
}, 120_000);

afterAll(async () => {
  await close?.();
});

describe('onelevel: industries with original articles', () => {
  it('counts the 30-day window by default, most articles first', async () => {
    const r = await get(visitor, '/fbmain/original/v1/onelevel');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 200, days: 30, total_number: 3, article_total: 7 });
    expect(r.body.list).toEqual([
      // 100_1 + 101_1 + 103_1 + 200_1; 102_1 is not original, 201_1 is 42 days old.
      { media: '科技', article_num: 4, account_num: 2, read_num: 6500 },
      { media: '财经', article_num: 2, account_num: 1, read_num: 4100 },
      { media: '教育', article_num: 1, account_num: 1, read_num: 600 },
    ]);
  });

  it('narrows the window; equal counts go by reads', async () => {
    const r = await get(visitor, '/fbmain/original/v1/onelevel', { days: 1 });
    expect(r.body.list).toEqual([
      { media: '财经', article_num: 1, account_num: 1, read_num: 4000 },
      { media: '科技', article_num: 1, account_num: 1, read_num: 1000 },
    ]);
    const week = await free.post('/fbmain/original/v1/onelevel', { days: 7 });
    expect(
      week.body.list.map((x: { media: string; article_num: number }) => [x.media, x.article_num]),
    ).toEqual([
      ['科技', 3],
      ['财经', 2],
      ['教育', 1],
    ]);
  });
});

describe('secondlevel: the tags under one industry', () => {
  it('counts each account tag over the industry’s original articles, paged', async () => {
    const r = await get(visitor, '/fbmain/original/v1/secondlevel', { media: '科技' });
    expect(r.body).toMatchObject({ status: 200, media: '科技', days: 30, total_number: 2 });
    expect(r.body.list).toEqual([
      { tag: 'AI', article_num: 4, account_num: 2, read_num: 6500 },
      { tag: '芯片', article_num: 3, account_num: 1, read_num: 4500 },
    ]);
    const p2 = await get(visitor, '/fbmain/original/v1/secondlevel', { media: '科技', pagesize: 1, page: 2 });
    expect(p2.body.total_number).toBe(2);
    expect(p2.body.list.map((x: { tag: string }) => x.tag)).toEqual(['芯片']);
    // Past the end: no rows, the total still counted.
    const p3 = await get(visitor, '/fbmain/original/v1/secondlevel', { media: '科技', pagesize: 1, page: 3 });
    expect(p3.body).toMatchObject({ total_number: 2, list: [] });
    const week = await get(visitor, '/fbmain/original/v1/secondlevel', { media: '科技', days: 7 });
    expect(week.body.list).toEqual([
      { tag: 'AI', article_num: 3, account_num: 2, read_num: 6000 },
      { tag: '芯片', article_num: 2, account_num: 1, read_num: 4000 },
    ]);
    // An industry whose accounts have no tags, and one nobody writes in.
    expect((await get(visitor, '/fbmain/original/v1/secondlevel', { media: '教育' })).body.total_number).toBe(
      0,
    );
    expect((await get(visitor, '/fbmain/original/v1/secondlevel', { media: '体育' })).body.list).toEqual([]);
  });
});

describe('hotarticle: hot original articles', () => {
  const ids = (r: Reply) => r.body.article_list.map((a: { aid: string }) => a.aid);

  it('lists the 7-day originals by reads, likes or time; filters by industry and tag', async () => {
    const r = await get(visitor, '/fbmain/original/v1/hotarticle');
    expect(r.body).toMatchObject({ status: 200, total_number: 6 });
    expect(ids(r)).toEqual(['300_1', '101_1', '200_1', '100_1', '400_1', '301_2']);
    expect(r.body.article_list[0]).toMatchObject({
      mid: 3,
      mp_name: '丙财经',
      tag: 1,
      position: 1,
      read: 4000,
      zan: 10,
      media: '财经',
      pubtime: '2026-11-01 08:00:00',
    });
    expect(ids(await get(visitor, '/fbmain/original/v1/hotarticle', { orderby: 'zan' }))).toEqual([
      '301_2',
      '200_1',
      '400_1',
      '100_1',
      '101_1',
      '300_1',
    ]);
    expect(
      ids(await get(visitor, '/fbmain/original/v1/hotarticle', { orderby: 'pubtime', days: 1 })),
    ).toEqual(['100_1', '300_1']);
    expect(ids(await get(visitor, '/fbmain/original/v1/hotarticle', { media: '科技' }))).toEqual([
      '101_1',
      '200_1',
      '100_1',
    ]);
    expect(ids(await get(visitor, '/fbmain/original/v1/hotarticle', { tag: '芯片', days: 30 }))).toEqual([
      '101_1',
      '100_1',
      '103_1',
    ]);
    const p2 = await get(visitor, '/fbmain/original/v1/hotarticle', {
      media: '科技',
      tag: 'AI',
      days: 30,
      pagesize: 3,
      page: 2,
    });
    expect(p2.body.total_number).toBe(4);
    expect(ids(p2)).toEqual(['103_1']);
  });

  it('keeps pages beyond the first 100 for paid members (4002 in status)', async () => {
    const deep = { page: 6, pagesize: 20 };
    expect(refusal(await get(visitor, '/fbmain/original/v1/hotarticle', deep))).toBe(40001);
    const f = await get(free, '/fbmain/original/v1/hotarticle', deep);
    expect(refusal(f)).toBe(4002);
    expect(f.body).toEqual({ status: 4002, msg: '前 100 名免费查看，更多需开通会员' });
    const p = await get(paid, '/fbmain/original/v1/hotarticle', deep);
    expect(p.body).toMatchObject({ status: 200, total_number: 6, article_list: [] });
  });
});

describe('ranklisk: the original-accounts rank list', () => {
  it('is rank/v1 original with each account’s original reads of the period', async () => {
    const r = await get(visitor, '/fbmain/original/v1/ranklisk');
    expect(r.body).toMatchObject({
      status: 200,
      period: 'day',
      period_start: '2026-11-01',
      period_end: '2026-11-02',
      complete: false,
      total_number: 3,
    });
    const rows = r.body.list.map((x: Record<string, unknown>) => ({
      rank: x.rank,
      mid: x.mid,
      name: x.name,
      rank_change: x.rank_change,
      originals: x.originals,
      original_reads: x.original_reads,
      original_avg_read: x.original_avg_read,
      original_share: x.original_share,
    }));
    expect(rows).toEqual([
      // 4100 ÷ 2 originals; both of its 2 articles original.
      {
        rank: 1,
        mid: 3,
        name: '丙财经',
        rank_change: null,
        originals: 2,
        original_reads: 4100,
        original_avg_read: 2050,
        original_share: 1,
      },
      // Up from 3rd; 1 of 3 articles original; 10-31's 9999 reads are another day.
      {
        rank: 2,
        mid: 1,
        name: '甲科技',
        rank_change: 1,
        originals: 1,
        original_reads: 1000,
        original_avg_read: 1000,
        original_share: 0.33,
      },
      {
        rank: 3,
        mid: 2,
        name: '乙科技',
        rank_change: -2,
        originals: 1,
        original_reads: 800,
        original_avg_read: 800,
        original_share: 1,
      },
    ]);
  });

  it('ranks within an industry, pages, and keeps deep pages for paid members', async () => {
    const m = await get(visitor, '/fbmain/original/v1/ranklisk', { media: '科技' });
    expect(m.body.list.map((x: { mid: number; rank: number }) => [x.mid, x.rank])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    const p2 = await free.post('/fbmain/original/v1/ranklisk', { num: '2', page: '2' });
    expect(p2.body.total_number).toBe(3);
    expect(p2.body.list.map((x: { mid: number }) => x.mid)).toEqual([2]);
    const week = await get(visitor, '/fbmain/original/v1/ranklisk', { period: 'week' });
    expect(week.body).toMatchObject({ period_start: '2026-10-26', total_number: 0, list: [] });
    const deep = { page: 2, num: 100 };
    expect((await get(free, '/fbmain/original/v1/ranklisk', deep)).body.status).toBe(4002);
    expect((await get(paid, '/fbmain/original/v1/ranklisk', deep)).body).toMatchObject({
      status: 200,
      list: [],
    });
  });
});

describe('bad input answers 400 in the status envelope with a Chinese message, never 500', () => {
  it.each([
    ['/fbmain/original/v1/onelevel?days=2', '时间范围 (days) 只能是 1、7 或 30'],
    ['/fbmain/original/v1/secondlevel', '行业 (media)'],
    ['/fbmain/original/v1/secondlevel?media=%20', '请选择一级分类'],
    ['/fbmain/original/v1/secondlevel?media=科技&pagesize=101', '每页条数 (pagesize) 最大为 100'],
    ['/fbmain/original/v1/hotarticle?orderby=hot', '排序 (orderby) 只能是 read、zan 或 pubtime'],
    [`/fbmain/original/v1/hotarticle?tag=${'x'.repeat(31)}`, '二级分类 (tag) 最长 30 个字'],
    ['/fbmain/original/v1/hotarticle?page=0', '页码 (page) 最小为 1'],
    ['/fbmain/original/v1/ranklisk?period=year', '周期 (period) 只能是 day、week 或 month'],
    ['/fbmain/original/v1/ranklisk?date=2026-13-40', '日期 (date)'],
    ['/fbmain/original/v1/ranklisk?num=abc', '每页条数 (num) 必须是数字'],
  ])('%s', async (url, msg) => {
    const r = await visitor.get(url);
    expect(refusal(r)).toBe(400);
    expect(r.body.msg).toContain(msg);
  });
});
