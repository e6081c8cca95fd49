import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { buy, Client, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';

/**
 * Brands (主体) and account comparison (monitor/v1 brand_ranking, brand_detail, brand_bar,
 * official_account_contrast) over hand-made account_daily and account_stats rows: every expected figure below is
 * worked out by hand from the fixture, including a replaced account_daily row (only its newest version counts) and
 * days outside the 7/30-day windows (today is 2026-11-01, Beijing time).
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const M = '/fbmain/monitor/v1';

let store: ChdbStore;
let close: () => Promise<void>;
let base: string;
let visitor: Client;
let free: Client;
let senior: Client;
let deluxe: Client;

const ACCOUNTS = [
  { mid: 101, name: '甲一号', owner: '甲公司', area: '北京', media: '科技' },
  { mid: 102, name: '甲二号', owner: '甲公司', area: '上海', media: '财经' },
  { mid: 103, name: '甲三号', owner: '甲公司', area: '北京', media: '科技' },
  { mid: 201, name: '乙一号', owner: '乙集团', area: '广东', media: '汽车' },
  { mid: 301, name: '丙一号', owner: '丙工作室', area: '浙江', media: '美食' },
  { mid: 401, name: '无主体号', owner: '', area: '', media: '' },
];

// [mid, day, articles, posts, reads, likes, looking, head_articles, head_reads, max_reads, version]
type Daily = [number, string, number, number, number, number, number, number, number, number, number];
const DAILY: Daily[] = [
  [101, '2026-11-01', 2, 1, 1000, 50, 10, 1, 800, 800, 2],
  [101, '2026-10-28', 3, 1, 900, 30, 6, 1, 600, 600, 2],
  // An older version of the same day: replaced, never counted.
  [101, '2026-10-28', 30, 10, 9000, 300, 60, 10, 6000, 6000, 1],
  [101, '2026-10-10', 1, 1, 5000, 100, 20, 1, 5000, 5000, 2],
  // Outside both windows: before 30 days, and after today.
  [101, '2026-09-01', 1, 1, 77777, 1, 1, 1, 77777, 77777, 2],
  [102, '2026-11-02', 1, 1, 55555, 1, 1, 1, 55555, 55555, 2],
  [102, '2026-10-30', 1, 1, 300, 3, 1, 1, 300, 300, 2],
  [201, '2026-10-31', 4, 2, 4000, 40, 8, 2, 3000, 2000, 2],
  [301, '2026-10-12', 2, 1, 600, 6, 2, 1, 500, 500, 2],
  [401, '2026-11-01', 1, 1, 99999, 9, 9, 1, 99999, 99999, 2],
];
const FANS: Record<number, number> = { 101: 16000, 102: 2000, 103: 500, 201: 40000, 301: 6000, 401: 1 };

beforeAll(async () => {
  const opened = await openServedApp('brand', NOW);
  ({ store, close } = opened);
  base = opened.base;
  await store.insert(
    'accounts',
    ACCOUNTS.map((a) => ({
      ...a,
      biz: Buffer.from(String(a.mid)).toString('base64'),
      wxid: `wx${a.mid}`,
      updated_at: NOW,
    })),
  );
  await store.insert(
    'account_daily',
    DAILY.map(([mid, day, articles, posts, reads, likes, looking, ha, hr, max, version]) => ({
      mid,
      day,
      articles,
      posts,
      reads,
      likes,
      looking,
      head_articles: ha,
      head_reads: hr,
      max_reads: max,
      version,
    })),
  );
  await store.insert(
    'account_stats',
    Object.entries(FANS).map(([mid, fans]) => ({
      mid: Number(mid),
      fans,
      wci: Number(mid) / 10,
      account_index: Number(mid) / 100,
      version: 1,
    })),
  );
  visitor = new Client(base);
  free = await signUp(base);
  senior = await signUp(base);
  await buy(senior, 'vip2_q');
  deluxe = await signUp(base);
  await buy(deluxe, 'vip3_q');
}, 120_000);

afterAll(async () => {
  await close?.();
});

// 甲公司 over 7 days (10-26…11-01): 101 on 11-01 and 10-28 (newest version), 102 on 10-30; 103 nothing.
const JIA_7 = {
  owner: '甲公司',
  accounts: 3,
  active_accounts: 2,
  articles: 6,
  posts: 3,
  reads: 2200,
  avg_reads: 367, // 2200 / 6 = 366.7
  head_avg_reads: 567, // (800 + 600 + 300) / 3 = 566.7
  max_reads: 800,
  likes: 83,
  looking: 17,
  fans: 18500,
  top_account: { mid: 101, name: '甲一号' },
};
const YI = {
  owner: '乙集团',
  accounts: 1,
  active_accounts: 1,
  articles: 4,
  posts: 2,
  reads: 4000,
  avg_reads: 1000,
  head_avg_reads: 1500,
  max_reads: 2000,
  likes: 40,
  looking: 8,
  fans: 40000,
  top_account: { mid: 201, name: '乙一号' },
};

describe('brand_ranking', () => {
  it('ranks owners by their accounts’ combined figures over 7 days; owners without articles are not ranked', async () => {
    const r = await visitor.get(`${M}/brand_ranking`, { days: 7 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 200, msg: 'success' });
    expect(r.body.data).toMatchObject({
      total: 2,
      start_day: '2026-10-26',
      end_day: '2026-11-01',
      sort: 'reads',
    });
    expect(r.body.data.list).toEqual([
      { rank: 1, ...YI },
      { rank: 2, ...JIA_7 },
    ]);
  });

  it('sorts by each figure and pages over 30 days', async () => {
    const order = async (sort: string, days = 7) =>
      (await visitor.get(`${M}/brand_ranking`, { days, sort })).body.data.list.map(
        (b: { owner: string }) => b.owner,
      );
    expect(await order('articles')).toEqual(['甲公司', '乙集团']);
    expect(await order('accounts')).toEqual(['甲公司', '乙集团']);
    expect(await order('fans')).toEqual(['乙集团', '甲公司']);
    expect(await order('avg_reads')).toEqual(['乙集团', '甲公司']);
    expect(await order('likes')).toEqual(['甲公司', '乙集团']);
    // 30 days: 甲公司 gains 101's 10-10 day (7,200 reads in all), 丙工作室 its 10-12 day.
    expect(await order('reads', 30)).toEqual(['甲公司', '乙集团', '丙工作室']);
    const p2 = await visitor.post(`${M}/brand_ranking`, { days: '30', page: '2', pagesize: '2' });
    expect(p2.body.data).toMatchObject({ total: 3, page: 2, pagesize: 2 });
    expect(p2.body.data.list).toEqual([
      {
        rank: 3,
        owner: '丙工作室',
        accounts: 1,
        active_accounts: 1,
        articles: 2,
        posts: 1,
        reads: 600,
        avg_reads: 300,
        head_avg_reads: 500,
        max_reads: 500,
        likes: 6,
        looking: 2,
        fans: 6000,
        top_account: { mid: 301, name: '丙一号' },
      },
    ]);
    const jia30 = (await visitor.get(`${M}/brand_ranking`, { days: 30 })).body.data.list[0];
    // 101: 1000 + 900 + 5000, 102: 300 → 7,200 reads over 7 articles; headlines (800 + 600 + 5000 + 300) / 4.
    expect(jia30).toMatchObject({ owner: '甲公司', articles: 7, posts: 4, reads: 7200, avg_reads: 1029 });
    expect(jia30).toMatchObject({ head_avg_reads: 1675, max_reads: 5000, likes: 183, looking: 37 });
    const kw = await visitor.get(`${M}/brand_ranking`, { days: 30, kw: '集团' });
    expect(kw.body.data.list.map((b: { owner: string }) => b.owner)).toEqual(['乙集团']);
  });

  it('opens the first 100 places to everyone; deeper pages need a paid level', async () => {
    expect((await visitor.get(`${M}/brand_ranking`, { page: 5, pagesize: 20 })).status).toBe(200);
    const deepVisitor = await visitor.get(`${M}/brand_ranking`, { page: 6, pagesize: 20 });
    expect(refusal(deepVisitor)).toBe(40001);
    expect(deepVisitor.body.msg).toBe('用户未登录');
    const deepFree = await free.get(`${M}/brand_ranking`, { page: 6, pagesize: 20 });
    expect(refusal(deepFree)).toBe(40002);
    expect(deepFree.body).toMatchObject({ status: 4002, msg: '前 100 名免费查看，更多需开通会员' });
    const deepPaid = await senior.get(`${M}/brand_ranking`, { page: 6, pagesize: 20 });
    expect(deepPaid.body).toMatchObject({ status: 200, data: { total: 2, list: [] } });
  });
});

describe('brand_detail and brand_bar', () => {
  const A101 = {
    mid: 101,
    name: '甲一号',
    wxid: 'wx101',
    owner: '甲公司',
    media: '科技',
    area: '北京',
    fans: 16000,
    wci: 10.1,
    index: 1.01,
    articles: 5,
    posts: 2,
    reads: 1900,
    avg_reads: 380,
    head_avg_reads: 700,
    max_reads: 800,
    likes: 80,
    avg_likes: 16,
    looking: 16,
    avg_looking: 3, // 16 / 5 = 3.2
  };

  it('shows one owner’s figures and accounts (owner information: deluxe and above)', async () => {
    const r = await deluxe.get(`${M}/brand_detail`, { owner: '甲公司', days: 7 });
    expect(r.body.status).toBe(200);
    const { top_account: _, ...summary } = JIA_7;
    expect(r.body.data).toMatchObject({
      ...summary,
      areas: ['上海', '北京'],
      media: ['科技', '财经'],
      start_day: '2026-10-26',
      end_day: '2026-11-01',
      total: 3,
    });
    expect(r.body.data.list.map((a: { mid: number }) => a.mid)).toEqual([101, 102, 103]);
    expect(r.body.data.list[0]).toMatchObject(A101);
    expect(r.body.data.list[2]).toMatchObject({ mid: 103, articles: 0, reads: 0, avg_reads: 0, fans: 500 });

    // By one of its accounts; sorted by fans; paged.
    const byMid = await deluxe.post(`${M}/brand_detail`, {
      mid: '102',
      sort: 'fans',
      pagesize: '2',
      page: '2',
    });
    expect(byMid.body.data).toMatchObject({ owner: '甲公司', total: 3, page: 2 });
    expect(byMid.body.data.list.map((a: { mid: number }) => a.mid)).toEqual([103]);
    const byAvg = await deluxe.get(`${M}/brand_detail`, { owner: '甲公司', sort: 'avg_reads' });
    expect(byAvg.body.data.list.map((a: { avg_reads: number }) => a.avg_reads)).toEqual([380, 300, 0]);

    expect((await deluxe.get(`${M}/brand_detail`, { owner: '无此主体' })).body).toMatchObject({
      status: 404,
      msg: '该主体下没有已收录的公众号',
    });
    expect((await deluxe.get(`${M}/brand_detail`, { mid: 401 })).body).toMatchObject({
      status: 404,
      msg: '该公众号的主体信息未知',
    });
    expect(refusal(await deluxe.get(`${M}/brand_detail`, { mid: 999 }))).toBe(404);

    const low = await senior.get(`${M}/brand_detail`, { owner: '甲公司' });
    expect(refusal(low)).toBe(40002);
    expect(low.body).toMatchObject({ status: 4002, msg: '主体信息仅限豪华及以上会员查看' });
    expect(refusal(await visitor.get(`${M}/brand_detail`, { owner: '甲公司' }))).toBe(40001);
  });

  it('draws a brand’s daily bars with its accounts stacked, and one bar per account', async () => {
    const r = await deluxe.get(`${M}/brand_bar`, { owner: '甲公司', days: 7 });
    expect(r.body.status).toBe(200);
    expect(r.body.data).toMatchObject({ owner: '甲公司', type: 'day', accounts: 3 });
    expect(r.body.data.charts).toEqual({
      x: ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01'],
      articles: [0, 0, 3, 0, 1, 0, 2],
      reads: [0, 0, 900, 0, 300, 0, 1000],
      likes: [0, 0, 30, 0, 3, 0, 50],
      looking: [0, 0, 6, 0, 1, 0, 10],
    });
    expect(r.body.data.series).toEqual([
      { mid: 101, name: '甲一号', reads: [0, 0, 900, 0, 0, 0, 1000] },
      { mid: 102, name: '甲二号', reads: [0, 0, 0, 0, 300, 0, 0] },
    ]);
    const per = await deluxe.get(`${M}/brand_bar`, { mid: 101, days: 30, type: 'account' });
    expect(per.body.data.charts).toEqual({
      x: ['甲一号', '甲二号', '甲三号'],
      mids: [101, 102, 103],
      articles: [6, 1, 0],
      reads: [6900, 300, 0],
      likes: [180, 3, 0],
      looking: [36, 1, 0],
    });
    expect((await senior.get(`${M}/brand_bar`, { owner: '甲公司' })).body.status).toBe(4002);
  });
});

describe('official_account_contrast', () => {
  it('compares accounts side by side in the order asked, with daily series', async () => {
    const r = await senior.get(`${M}/official_account_contrast`, { mids: '201,101', days: 7 });
    expect(r.body.status).toBe(200);
    expect(r.body.data.accounts.map((a: { mid: number }) => a.mid)).toEqual([201, 101]);
    expect(r.body.data.accounts[0]).toMatchObject({
      mid: 201,
      name: '乙一号',
      owner: '乙集团',
      fans: 40000,
      articles: 4,
      posts: 2,
      reads: 4000,
      avg_reads: 1000,
      head_avg_reads: 1500,
      max_reads: 2000,
      likes: 40,
      avg_likes: 10,
      looking: 8,
      avg_looking: 2,
    });
    expect(r.body.data.accounts[1]).toMatchObject({
      mid: 101,
      reads: 1900,
      head_avg_reads: 700,
      fans: 16000,
    });
    expect(r.body.data.charts.x).toHaveLength(7);
    expect(r.body.data.charts.series).toEqual([
      {
        mid: 201,
        name: '乙一号',
        articles: [0, 0, 0, 0, 0, 4, 0],
        reads: [0, 0, 0, 0, 0, 4000, 0],
        likes: [0, 0, 0, 0, 0, 40, 0],
        looking: [0, 0, 0, 0, 0, 8, 0],
      },
      {
        mid: 101,
        name: '甲一号',
        articles: [0, 0, 3, 0, 0, 0, 2],
        reads: [0, 0, 900, 0, 0, 0, 1000],
        likes: [0, 0, 30, 0, 0, 0, 50],
        looking: [0, 0, 6, 0, 0, 0, 10],
      },
    ]);
    // 30 days, mids as a JSON list: 101 gains its 10-10 day.
    const res = await fetch(`${base}${M}/official_account_contrast`, {
      method: 'POST',
      headers: { accessToken: senior.token ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ mids: [101, 102, 103], days: 30 }),
    });
    const body = (await res.json()) as { data: { accounts: { mid: number; reads: number }[] } };
    expect(body.data.accounts.map((a) => [a.mid, a.reads])).toEqual([
      [101, 6900],
      [102, 300],
      [103, 0],
    ]);
  });

  it('is for paid levels and answers bad input in Chinese', async () => {
    const low = await free.get(`${M}/official_account_contrast`, { mids: '101,201' });
    expect(refusal(low)).toBe(40002);
    expect(low.body).toMatchObject({ status: 4002, msg: '公众号对比仅限高级及以上会员使用，去升级' });
    expect(refusal(await visitor.get(`${M}/official_account_contrast`, { mids: '101,201' }))).toBe(40001);
    const unknown = await senior.get(`${M}/official_account_contrast`, { mids: '101,999,998' });
    expect(unknown.body).toMatchObject({ status: 404, msg: '公众号不存在或尚未收录：999、998' });
  });
});

describe('bad input', () => {
  it('answers 400 with a Chinese message, never a 500', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['brand_ranking', { days: 14 }, /时间范围 \(days\) 只能是 7 或 30/],
      ['brand_ranking', { sort: 'name' }, /排序 \(sort\) 只能是 reads、avg_reads/],
      ['brand_ranking', { pagesize: 500 }, /每页条数/],
      ['brand_ranking', { page: 0 }, /页码/],
      ['brand_ranking', { kw: '长'.repeat(51) }, /关键词 \(kw\) 不能超过 50/],
      ['brand_detail', {}, /主体 \(owner\) 不能为空/],
      ['brand_detail', { owner: '甲公司', sort: 'posts' }, /排序/],
      ['brand_detail', { mid: 'abc' }, /公众号ID \(mid\) 必须是数字/],
      ['brand_bar', { owner: '甲公司', type: 'week' }, /类型 \(type\) 只能是 day/],
      ['official_account_contrast', { mids: '101' }, /请选择 2–5 个不同的公众号/],
      ['official_account_contrast', { mids: '101,101' }, /请选择 2–5 个不同的公众号/],
      ['official_account_contrast', { mids: '1,2,3,4,5,6' }, /请选择 2–5 个不同的公众号/],
      ['official_account_contrast', { mids: '101,abc' }, /必须是数字/],
      ['official_account_contrast', {}, /公众号ID列表 \(mids\)/],
    ];
    for (const [call, fields, msg] of cases) {
      const r = await deluxe.get(`${M}/${call}`, fields);
      expect(refusal(r), `${call} ${JSON.stringify(fields)}`).toBe(400);
      expect(r.body.msg).toMatch(msg);
    }
  });
});
