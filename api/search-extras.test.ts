import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import { bizOf } from '../core/wechat-ids';
import { buy, Client, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';
import { AnalyticsProcessor } from '../stream/analytics-processor';

/**
 * search/v1 extras on real chDB + PGlite over HTTP: t_detail_statistic, favorite_report_option, isExistReport and
 * main/detail. Every expected figure is computed by hand from the fixtures below.
 */
const S = '/fbmain/search/v1';
// 2026-11-01 21:30 Beijing: the 7-day window is 10-26…11-01, 30 days 10-03…11-01, 90 days 08-04…11-01.
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);

const BODY = `${'前文'.repeat(30)}本周新能源电池出货量上升。后文${'尾'.repeat(100)}新能源汽车。`;
// mid 11: one article per listed day (two on 11-01, one push), latest counters from one poll an hour after.
const ARTICLES = [
  {
    mid: 11,
    msgid: 101,
    idx: 1,
    pub: '2026-11-01T08:00:00',
    r: 1000,
    z: 10,
    l: 5,
    title: '新能源车下乡',
    content: BODY,
  },
  { mid: 11, msgid: 101, idx: 2, pub: '2026-11-01T08:00:00', r: 400, z: 4, l: 1, title: '次条', content: '' },
  {
    mid: 11,
    msgid: 100,
    idx: 1,
    pub: '2026-10-30T09:00:00',
    r: 3000,
    z: 30,
    l: 6,
    title: '芯片周报',
    content: '',
  },
  {
    mid: 11,
    msgid: 99,
    idx: 1,
    pub: '2026-10-20T09:00:00',
    r: 2000,
    z: 20,
    l: 2,
    title: '旧闻',
    content: '',
  },
  { mid: 11, msgid: 98, idx: 1, pub: '2026-08-15T09:00:00', r: 500, z: 5, l: 0, title: '八月', content: '' },
  { mid: 11, msgid: 97, idx: 1, pub: '2026-04-10T09:00:00', r: 800, z: 8, l: 1, title: '四月', content: '' },
  {
    mid: 12,
    msgid: 200,
    idx: 1,
    pub: '2026-10-31T10:00:00',
    r: 0,
    z: 0,
    l: 0,
    title: '监测文章',
    content: '',
  },
];
// mid 12's article is monitored: 7 polls every 30 minutes over 3 hours (a verdict needs 6 polls over 2 hours).
const MONITORED = [300, 550, 750, 900, 1000, 1080, 1140];

let base: string;
let store: ChdbStore;
let close: () => Promise<void>;
let free: Client;
let senior: Client;
let deluxe: Client;

beforeAll(async () => {
  ({ base, store, close } = await openServedApp('search-extras', NOW));
  await store.insert('accounts', [
    {
      mid: 11,
      biz: bizOf(11),
      name: '科技早报',
      wxid: 'kjzb',
      avatar: 'a11',
      owner: '早报公司',
      updated_at: NOW,
    },
    { mid: 12, biz: bizOf(12), name: '绿色出行', wxid: 'lvse', avatar: 'a12', updated_at: NOW },
  ]);
  await store.insert(
    'articles',
    ARTICLES.map((a) => ({
      mid: a.mid,
      aid: `${a.msgid}_${a.idx}`,
      biz: bizOf(a.mid),
      msgid: a.msgid,
      idx: a.idx,
      title: a.title,
      content: a.content,
      href: `https://mp.weixin.qq.com/s?__biz=${bizOf(a.mid)}&mid=${a.msgid}&idx=${a.idx}&sn=x`,
      pubtime: at(a.pub),
      updated_at: NOW,
    })),
  );
  await store.insert('article_snapshots', [
    ...ARTICLES.filter((a) => a.mid === 11).map((a) => ({
      mid: a.mid,
      aid: `${a.msgid}_${a.idx}`,
      ts: at(a.pub) + 3600,
      reads: a.r,
      likes: a.z,
      looking: a.l,
    })),
    ...MONITORED.map((r, i) => ({
      mid: 12,
      aid: '200_1',
      ts: at('2026-10-31T10:00:00') + 1800 * (i + 1),
      reads: r,
      likes: Math.floor(r / 50),
      looking: Math.floor(r / 100),
    })),
  ]);
  await new AnalyticsProcessor(store, fixedClock(NOW), createLogger('silent'), {
    tickMs: 60_000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 60_000,
  }).runOnce(true);
  [free, senior, deluxe] = await Promise.all([signUp(base), signUp(base), signUp(base)]);
  await buy(senior, 'vip2_q');
  await buy(deluxe, 'vip3_q');
}, 60_000);

afterAll(async () => {
  await close();
});

const day = (date: string, d: Partial<Record<string, number>> = {}) => ({
  date,
  articles: 0,
  posts: 0,
  reads: 0,
  likes: 0,
  looking: 0,
  avg_read: 0,
  head_reads: 0,
  max_reads: 0,
  ...d,
});

describe('t_detail_statistic', () => {
  it('is the basic analysis per day over 7 days, zeros where nothing was posted', async () => {
    const r = await senior.get(`${S}/t_detail_statistic`, { mId: 11, days: 7 });
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toMatchObject({ mid: 11, name: '科技早报', start: '2026-10-26', end: '2026-11-01' });
    expect(r.body.data.depth_limited).toBe(0);
    expect(r.body.data.list).toEqual([
      day('2026-10-26'),
      day('2026-10-27'),
      day('2026-10-28'),
      day('2026-10-29'),
      day('2026-10-30', {
        articles: 1,
        posts: 1,
        reads: 3000,
        likes: 30,
        looking: 6,
        avg_read: 3000,
        head_reads: 3000,
        max_reads: 3000,
      }),
      day('2026-10-31'),
      // Two articles of one push: 1000 + 400 reads, 700 per article, the headline's 1000.
      day('2026-11-01', {
        articles: 2,
        posts: 1,
        reads: 1400,
        likes: 14,
        looking: 6,
        avg_read: 700,
        head_reads: 1000,
        max_reads: 1000,
      }),
    ]);
    expect(r.body.data.total).toEqual({
      articles: 3,
      posts: 2,
      reads: 4400,
      likes: 44,
      looking: 12,
      head_reads: 4000,
      max_reads: 3000,
      avg_read: 1467,
    });
  });

  it('covers 30 and 90 days (mid also accepted), defaulting to 30', async () => {
    const d30 = await senior.get(`${S}/t_detail_statistic`, { mid: 11 });
    expect(d30.body.data.dates).toHaveLength(30);
    expect(d30.body.data.start).toBe('2026-10-03');
    expect(d30.body.data.total).toMatchObject({ articles: 4, reads: 6400, avg_read: 1600 });
    const d90 = await senior.get(`${S}/t_detail_statistic`, { mId: 11, days: 90 });
    expect(d90.body.data.dates).toHaveLength(90);
    expect(d90.body.data.start).toBe('2026-08-04');
    expect(d90.body.data.total).toMatchObject({ articles: 5, reads: 6900, avg_read: 1380 });
  });

  it('keeps a date range within the member’s history depth (senior 6 months, deluxe 12)', async () => {
    const range = { mId: 11, start_time: '2026-04-01', end_time: '2026-05-20' };
    const s = await senior.get(`${S}/t_detail_statistic`, range);
    expect(s.body.data).toMatchObject({ start: '2026-05-01', end: '2026-05-20', earliest: '2026-05-01' });
    expect(s.body.data.depth_limited).toBe(1);
    expect(s.body.data.list).toHaveLength(20);
    expect(s.body.data.total.articles).toBe(0);
    const d = await deluxe.get(`${S}/t_detail_statistic`, range);
    expect(d.body.data).toMatchObject({ start: '2026-04-01', earliest: '2025-11-01', depth_limited: 0 });
    expect(d.body.data.list).toHaveLength(50);
    expect(d.body.data.list[9]).toEqual(
      day('2026-04-10', {
        articles: 1,
        posts: 1,
        reads: 800,
        likes: 8,
        looking: 1,
        avg_read: 800,
        head_reads: 800,
        max_reads: 800,
      }),
    );
  });

  it('is for paid levels, and answers bad input in Chinese', async () => {
    expect((await free.get(`${S}/t_detail_statistic`, { mId: 11 })).body).toMatchObject({
      error_code: 40002,
      msg: '会员等级不足，去升级',
    });
    expect((await new Client(base).get(`${S}/t_detail_statistic`, { mId: 11 })).body).toMatchObject({
      error_code: 40001,
      msg: '用户未登录',
    });
    const bad = async (q: Record<string, unknown>) => {
      const r = await senior.get(`${S}/t_detail_statistic`, q);
      expect(refusal(r)).toBe(40000);
      return r.body.msg;
    };
    expect(await bad({ mId: 11, days: 15 })).toBe('参数错误：时间范围 (days) 只能是 7、30 或 90');
    expect(await bad({ mId: 'x' })).toBe('参数错误：公众号ID (mId) 必须是数字');
    expect(await bad({ mId: 11, start_time: '2026-10-01' })).toBe(
      '参数错误：开始日期 (start_time) 请同时选择开始日期和结束日期',
    );
    expect(await bad({ mId: 11, start_time: '2026-01-01', end_time: '2026-06-01' })).toBe(
      '参数错误：结束日期 (end_time) 时间跨度不能超过 90 天',
    );
    expect(await bad({ mId: 11, start_time: '2026-10-02', end_time: '2026-10-01' })).toBe(
      '参数错误：结束日期 (end_time) 不能早于开始日期',
    );
    const none = await senior.get(`${S}/t_detail_statistic`, { mId: 999 });
    expect(refusal(none)).toBe(40004);
  });
});

describe('isExistReport', () => {
  it('says whether the monitoring snapshots suffice for a verdict, by post or by link', async () => {
    const monitored = await free.get(`${S}/isExistReport`, { post: '12_200_1' });
    expect(monitored.body.data).toEqual({
      post: '12_200_1',
      mid: 12,
      aid: '200_1',
      exist: 1,
      known: 1,
      polls: 7,
      span_s: 3 * 3600,
      need_polls: 6,
      need_span_s: 7200,
      judged: 1,
      status: 0,
    });
    // A visitor may ask too, by the article's link.
    const byLink = await new Client(base).get(`${S}/isExistReport`, {
      url: `https://mp.weixin.qq.com/s?__biz=${bizOf(12)}&mid=200&idx=1&sn=x`,
    });
    expect(byLink.body.data).toMatchObject({ post: '12_200_1', exist: 1 });
    const once = await free.get(`${S}/isExistReport?post=11_101_1`);
    expect(once.body.data).toMatchObject({
      exist: 0,
      known: 1,
      polls: 1,
      span_s: 0,
      judged: 0,
      status: null,
    });
    const unknown = await free.get(`${S}/isExistReport`, { post: '11_555_1' });
    expect(unknown.body.data).toMatchObject({ exist: 0, known: 0, polls: 0 });
  });

  it('answers bad input in Chinese', async () => {
    const none = await free.get(`${S}/isExistReport`);
    expect(refusal(none)).toBe(40000);
    expect(none.body.msg).toBe('参数错误：报告文章 (post) 不能为空（请提供 post 或文章链接 url）');
    const badPost = await free.get(`${S}/isExistReport`, { post: 'abc' });
    expect(badPost.body).toEqual({
      error_code: 40000,
      msg: '参数错误：报告文章 (post) 格式不正确，应为 公众号ID_文章ID',
    });
    const badUrl = await free.get(`${S}/isExistReport`, { url: 'http://example.com/' });
    expect(badUrl.body.msg).toBe('参数错误：文章链接 (url) 不是有效的公众号文章链接');
  });
});

describe('favorite_report_option', () => {
  it('adds, lists (newest first, paged), checks and removes a member’s favourite reports', async () => {
    const m = await signUp(base);
    expect((await m.post(`${S}/favorite_report_option`, { post: '12_200_1' })).body).toEqual({
      error_code: 0,
      msg: '收藏成功',
      data: { post: '12_200_1' },
    });
    expect((await m.post(`${S}/favorite_report_option`, { post: '12_200_1' })).body).toEqual({
      error_code: 40005,
      msg: '该报告已在收藏中',
    });
    expect((await m.post(`${S}/favorite_report_option`, { post: '11_101_1' })).body.error_code).toBe(0);
    const list = await m.get(`${S}/favorite_report_option`);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list).toMatchObject([
      { post: '11_101_1', title: '新能源车下乡', mp_name: '科技早报', position: 1, status: null },
      {
        post: '12_200_1',
        mid: 12,
        aid: '200_1',
        title: '监测文章',
        mp_name: '绿色出行',
        pubtime: '2026-10-31 10:00:00',
        status: 0,
        forecast_fake: 0,
      },
    ]);
    const page2 = await m.get(`${S}/favorite_report_option`, { page: 2, num: 1 });
    expect(page2.body.data.list.map((x: { post: string }) => x.post)).toEqual(['12_200_1']);
    expect((await m.get(`${S}/favorite_report_option`, { post: '11_101_1' })).body.data).toEqual({
      post: '11_101_1',
      is_favorite: 1,
    });
    // Another member's favourites are their own.
    expect((await free.get(`${S}/favorite_report_option`)).body.data).toEqual({ total: 0, list: [] });
    expect((await free.get(`${S}/favorite_report_option`, { post: '11_101_1' })).body.data.is_favorite).toBe(
      0,
    );
    expect((await m.del(`${S}/favorite_report_option`, { post: '11_101_1' })).body).toEqual({
      error_code: 0,
      msg: '已取消收藏',
    });
    expect(refusal(await m.del(`${S}/favorite_report_option`, { post: '11_101_1' }))).toBe(40004);
    expect((await m.get(`${S}/favorite_report_option`)).body.data.total).toBe(1);
  });

  it('refuses visitors, unknown articles and bad posts', async () => {
    expect((await new Client(base).get(`${S}/favorite_report_option`)).body).toEqual({
      error_code: 40001,
      msg: '用户未登录',
    });
    const unknown = await free.post(`${S}/favorite_report_option`, { post: '11_555_1' });
    expect(refusal(unknown)).toBe(40004);
    expect(unknown.body.msg).toBe('文章不存在或尚未采集');
    const bad = await free.post(`${S}/favorite_report_option`, { post: '11-101' });
    expect(refusal(bad)).toBe(40000);
    expect(bad.body.msg).toBe('参数错误：报告文章 (post) 格式不正确，应为 公众号ID_文章ID');
    expect((await free.post(`${S}/favorite_report_option`, {})).body.msg).toBe(
      '参数错误：报告文章 (post) 不能为空',
    );
    expect(refusal(await free.get(`${S}/favorite_report_option`, { num: 0 }))).toBe(40000);
  });
});

describe('main/detail (public-opinion detail)', () => {
  it('shows a keyword hit with the passages around each mention', async () => {
    const m = await signUp(base);
    expect((await m.post(`${S}/userkeyword`, { keyword: '新能源' })).body.error_code).toBe(0);
    const r = await m.get(`${S}/main/detail`, { post: '11_101_1' });
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toMatchObject({
      post: '11_101_1',
      title: '新能源车下乡',
      title_highlight: '<em>新能源</em>车下乡',
      mp_name: '科技早报',
      owner: '早报公司',
      pubtime: '2026-11-01 08:00:00',
      read: 1000,
      zan: 10,
      looking: 5,
      mentions: 2,
      keywords: [{ keyword: '新能源', in_title: 1, in_body: 1, mentions: 2 }],
    });
    // 40 characters either side; the two mentions are 110 apart, so two passages.
    expect(r.body.data.contexts.map((x: { excerpt: string }) => x.excerpt)).toEqual([
      `…${'前文'.repeat(19)}本周新能源电池出货量上升。后文${'尾'.repeat(30)}…`,
      `…${'尾'.repeat(40)}新能源汽车。`,
    ]);
    expect(r.body.data.contexts[1].excerpt_highlight).toBe(`…${'尾'.repeat(40)}<em>新能源</em>汽车。`);
    const byKeys = await m.get(`${S}/main/detail`, { mid: 11, aid: '101_1', keyword: '新能源' });
    expect(byKeys.body.data.contexts).toEqual(r.body.data.contexts);
  });

  it('is limited to the member’s own keywords and hits', async () => {
    const m = await signUp(base);
    await m.post(`${S}/userkeyword`, { keyword: '新能源' });
    const other = await m.get(`${S}/main/detail`, { post: '11_100_1' });
    expect(refusal(other)).toBe(40004);
    expect(other.body.msg).toBe('该文章不在您订阅关键词的命中结果中');
    const notMine = await m.get(`${S}/main/detail`, { post: '11_101_1', keyword: 'AI' });
    expect(notMine.body.msg).toBe('未订阅关键词"AI"，请先添加关键词');
    expect(refusal(await free.get(`${S}/main/detail`, { post: '11_101_1' }))).toBe(40004);
    expect(refusal(await new Client(base).get(`${S}/main/detail`, { post: '11_101_1' }))).toBe(40001);
    const bad = await m.get(`${S}/main/detail`, { mid: 11 });
    expect(refusal(bad)).toBe(40000);
    expect(bad.body.msg).toBe('参数错误：报告文章 (post) 不能为空（请提供 post，或 mid 与 aid）');
  });
});
