import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { fixedClock } from '../core/clock';
import { COPYRIGHT_CODE } from '../core/copyright';
import { createLogger } from '../core/log';
import { bizOf } from '../core/wechat-ids';
import { ADMIN_PHONE, buy, Client, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';
import type { MemberDb } from '../postgres/db';
import { AnalyticsProcessor } from '../stream/analytics-processor';

/**
 * monitor/v1 extras (ManualSetMpAccountType, read_zan_look_report, spend_time) and monitor/v3 (api_user_detail,
 * read_zan, tencent_claim) on real chDB + PGlite over HTTP; expected figures computed by hand from the fixtures.
 */
const M1 = '/fbmain/monitor/v1';
const M3 = '/fbmain/monitor/v3';
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);
const link = (mid: number, msgid: number, idx: number) =>
  `https://mp.weixin.qq.com/s?__biz=${bizOf(mid)}&mid=${msgid}&idx=${idx}&sn=abc`;

// The monitored headline of 2026-11-01 08:00: reads, likes and 在看 at six polls.
const POLLS = [
  { t: '08:20', r: 400, z: 4, l: 1 },
  { t: '08:50', r: 900, z: 9, l: 2 },
  { t: '09:10', r: 1500, z: 15, l: 4 },
  { t: '10:30', r: 6000, z: 50, l: 10 },
  { t: '11:00', r: 12000, z: 100, l: 20 },
  { t: '13:40', r: 30000, z: 250, l: 40 },
];

let base: string;
let store: ChdbStore;
let db: MemberDb;
let close: () => Promise<void>;
let admin: Client;
let member: Client;
const processor = () =>
  new AnalyticsProcessor(store, fixedClock(NOW), createLogger('silent'), {
    tickMs: 60_000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 60_000,
  }).runOnce(true);

beforeAll(async () => {
  ({ base, store, db, close } = await openServedApp('monitor-extras', NOW, { ADMIN_PHONES: ADMIN_PHONE }));
  await store.insert('accounts', [
    {
      mid: 21,
      biz: bizOf(21),
      name: '财经观察',
      wxid: 'cjgc',
      owner: 'A公司',
      media: '财经',
      updated_at: NOW,
    },
    { mid: 22, biz: bizOf(22), name: '科技前沿', wxid: 'kjqy', media: '科技', updated_at: NOW },
  ]);
  const article = (mid: number, msgid: number, idx: number, pub: string, extra: Record<string, unknown>) => ({
    mid,
    aid: `${msgid}_${idx}`,
    biz: bizOf(mid),
    msgid,
    idx,
    href: link(mid, msgid, idx),
    pubtime: at(pub),
    updated_at: NOW,
    ...extra,
  });
  await store.insert('articles', [
    article(21, 300, 1, '2026-11-01T08:00:00', {
      title: '年度报告',
      author: '张三',
      copyright_stat: COPYRIGHT_CODE.original,
      source_url: 'https://example.com/src',
      content: '正文',
    }),
    article(21, 300, 2, '2026-11-01T08:00:00', { title: '转载一则' }),
    article(22, 400, 1, '2026-10-31T09:00:00', { title: '芯片' }),
  ]);
  await store.insert('article_snapshots', [
    ...POLLS.map((p) => ({
      mid: 21,
      aid: '300_1',
      ts: at(`2026-11-01T${p.t}:00`),
      reads: p.r,
      likes: p.z,
      looking: p.l,
    })),
    { mid: 22, aid: '400_1', ts: at('2026-10-31T10:00:00'), reads: 700, likes: 7, looking: 1 },
  ]);
  await processor();
  [admin, member] = await Promise.all([signUp(base, ADMIN_PHONE), signUp(base)]);
}, 60_000);

afterAll(async () => {
  await close();
});

describe('ManualSetMpAccountType', () => {
  const media = async () =>
    (
      await store.query<{ s: string; m: string }>(
        `SELECT (SELECT media FROM account_stats FINAL WHERE mid = 22) AS s,
                (SELECT media FROM article_metrics FINAL WHERE mid = 22 AND aid = '400_1') AS m`,
      )
    )[0];

  it('lets an admin override an account’s industry everywhere accounts are read, and clear it', async () => {
    expect(await media()).toEqual({ s: '科技', m: '科技' });
    const set = await admin.post(`${M1}/ManualSetMpAccountType`, {
      mid: 22,
      media: '教育',
      note: '人工核对',
    });
    expect(set.body).toMatchObject({
      status: 200,
      msg: '修改成功',
      data: { mid: 22, media: '教育', collected_media: '科技', overridden: 1 },
    });
    const detail = await admin.get('/fbmain/search/v1/mp_detail', { mId: 22 });
    expect(detail.body.data.account.media).toBe('教育');
    const search = await admin.post('/fbmain/search/v1/key_search', { kw: '科技前沿' });
    expect(search.body.data.accounts.map((a: { media: string }) => a.media)).toEqual(['教育']);
    const [row] = await db.query<{ media: string; previous_media: string; note: string }>(
      'SELECT media, previous_media, note FROM account_type_overrides WHERE mid = 22',
    );
    expect(row).toEqual({ media: '教育', previous_media: '科技', note: '人工核对' });
    // The account's articles were marked dirty: the next stream tick rewrites its derived rows.
    await processor();
    expect(await media()).toEqual({ s: '教育', m: '教育' });

    // `type` names the industry too.
    expect(
      (await admin.post(`${M1}/ManualSetMpAccountType`, { mid: 22, type: '财经' })).body.data.media,
    ).toBe('财经');
    const cleared = await admin.post(`${M1}/ManualSetMpAccountType`, { mid: 22, clear: 1 });
    expect(cleared.body).toMatchObject({
      status: 200,
      msg: '已清除人工修正',
      data: { mid: 22, media: '科技', overridden: 0 },
    });
    expect((await admin.get('/fbmain/search/v1/mp_detail', { mId: 22 })).body.data.account.media).toBe(
      '科技',
    );
    expect(await db.query('SELECT 1 FROM account_type_overrides WHERE mid = 22')).toEqual([]);
    await processor();
    expect(await media()).toEqual({ s: '科技', m: '科技' });
  });

  it('is for admins only, and answers bad input in Chinese', async () => {
    const denied = await member.post(`${M1}/ManualSetMpAccountType`, { mid: 22, media: '教育' });
    expect(refusal(denied)).toBe(40002);
    expect(denied.body).toEqual({ status: 403, msg: '仅限管理员操作', error_code: 40002 });
    const visitor = await new Client(base).post(`${M1}/ManualSetMpAccountType`, { mid: 22, media: '教育' });
    expect(visitor.body).toEqual({ status: 401, msg: '用户未登录', error_code: 40001 });
    const bad = async (f: Record<string, unknown>) => {
      const r = await admin.post(`${M1}/ManualSetMpAccountType`, f);
      expect(refusal(r)).toBe(400);
      return r.body.msg;
    };
    expect(await bad({ mid: 22 })).toBe('参数错误：行业 (media) 不能为空（请填写行业，或 clear=1 清除修正）');
    expect(await bad({ mid: 22, media: '<b>x</b>' })).toBe(
      '参数错误：行业 (media) 只能包含文字、数字和 ·&/、-',
    );
    expect(await bad({ mid: 22, media: '一二三四五六七八九十一二三四五六七八九十一' })).toBe(
      '参数错误：行业 (media) 最长 20 个字',
    );
    expect(await bad({ mid: 'abc', media: '教育' })).toBe('参数错误：公众号ID (mid) 必须是数字');
    const unknown = await admin.post(`${M1}/ManualSetMpAccountType`, { mid: 999, media: '教育' });
    expect(unknown.body).toEqual({ status: 404, msg: '公众号不存在或尚未收录' });
  });
});

describe('read_zan_look_report', () => {
  it('gives reads, likes and 在看 over time, per hour with what each hour added, and a summary', async () => {
    const r = await member.get(`${M1}/read_zan_look_report`, { post: '21_300_1' });
    expect(r.body.status).toBe(200);
    const d = r.body.data;
    expect(d.profile).toMatchObject({
      title: '年度报告',
      mpname: '财经观察',
      wx: 'cjgc',
      mp_owner: 'A公司',
      position: 1,
      pubtime: '2026-11-01 08:00:00',
    });
    expect(d.charts).toEqual({
      time: ['11-01 08:20', '11-01 08:50', '11-01 09:10', '11-01 10:30', '11-01 11:00', '11-01 13:40'],
      read: [400, 900, 1500, 6000, 12000, 30000],
      zan: [4, 9, 15, 50, 100, 250],
      look: [1, 2, 4, 10, 20, 40],
    });
    expect(d.table).toEqual([
      // The first hour has no earlier poll: what it added is unknown (null), not the total since publication.
      { date: '2026-11-01 08:00', read: 900, read_add: null, zan: 9, zan_add: null, look: 2, look_add: null },
      { date: '2026-11-01 09:00', read: 1500, read_add: 600, zan: 15, zan_add: 6, look: 4, look_add: 2 },
      { date: '2026-11-01 10:00', read: 6000, read_add: 4500, zan: 50, zan_add: 35, look: 10, look_add: 6 },
      {
        date: '2026-11-01 11:00',
        read: 12000,
        read_add: 6000,
        zan: 100,
        zan_add: 50,
        look: 20,
        look_add: 10,
      },
      {
        date: '2026-11-01 13:00',
        read: 30000,
        read_add: 18000,
        zan: 250,
        zan_add: 150,
        look: 40,
        look_add: 20,
      },
    ]);
    // 250 likes and 40 在看 per 30,000 reads: 0.83 and 0.13 per hundred.
    expect(d.summary).toEqual({
      read: 30000,
      zan: 250,
      look: 40,
      zan_rate: 0.83,
      look_rate: 0.13,
      points: 6,
      start_ts: '2026-11-01 08:20:00',
      end_ts: '2026-11-01 13:40:00',
    });
    const byLink = await member.get(`${M1}/read_zan_look_report`, { url: link(21, 300, 1) });
    expect(byLink.body.data.summary).toEqual(d.summary);
  });

  it('needs a member and a known article', async () => {
    expect(refusal(await new Client(base).get(`${M1}/read_zan_look_report`, { post: '21_300_1' }))).toBe(
      40001,
    );
    const none = await member.get(`${M1}/read_zan_look_report`, { post: '21_999_1' });
    expect(none.body).toEqual({ status: 404, msg: '文章不存在或尚未采集' });
    const bad = await member.get(`${M1}/read_zan_look_report`, { post: 'x' });
    expect(bad.body).toEqual({
      status: 400,
      msg: '参数错误：报告文章 (post) 格式不正确，应为 公众号ID_文章ID',
    });
  });
});

describe('spend_time', () => {
  it('interpolates when 1千 and 1万 reads were reached and lists reads per hour after publishing', async () => {
    const r = await member.get(`${M1}/spend_time`, { post: '21_300_1' });
    expect(r.body.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      post: '21_300_1',
      title: '年度报告',
      pubtime: '2026-11-01 08:00:00',
      read: 30000,
      polls: 6,
      last_ts: '2026-11-01 13:40:00',
      // 30,000 reads in 5 h 40 min.
      avg_per_hour: 5294,
    });
    expect(d.milestones).toEqual([
      // 900 at 08:50, 1,500 at 09:10: 1,000 is a sixth of the way, 200 s after 08:50.
      {
        milestone: 1000,
        label: '1千',
        reached: 1,
        spend_s: 3200,
        spend_text: '53分',
        reached_at: '2026-11-01 08:53:20',
        seen_at: '2026-11-01 09:10:00',
      },
      // 6,000 at 10:30, 12,000 at 11:00: two thirds of 30 min after 10:30.
      {
        milestone: 10000,
        label: '1万',
        reached: 1,
        spend_s: 10200,
        spend_text: '2小时50分',
        reached_at: '2026-11-01 10:50:00',
        seen_at: '2026-11-01 11:00:00',
      },
      { milestone: 100000, label: '10万', reached: 0 },
    ]);
    expect(d.hours).toEqual([
      { hour: 1, start: '2026-11-01 08:00:00', read: 900, add: 900 },
      { hour: 2, start: '2026-11-01 09:00:00', read: 1500, add: 600 },
      { hour: 3, start: '2026-11-01 10:00:00', read: 6000, add: 4500 },
      { hour: 4, start: '2026-11-01 11:00:00', read: 12000, add: 6000 },
      { hour: 6, start: '2026-11-01 13:00:00', read: 30000, add: 18000 },
    ]);
  });

  it('answers an article without polls with no milestone, and refuses bad input', async () => {
    const quiet = await member.get(`${M1}/spend_time`, { url: link(21, 300, 2) });
    expect(quiet.body.data).toMatchObject({ read: 0, polls: 0, avg_per_hour: 0, hours: [] });
    expect(quiet.body.data.milestones.map((m: { reached: number }) => m.reached)).toEqual([0, 0, 0]);
    const none = await member.get(`${M1}/spend_time`);
    expect(none.body).toEqual({
      status: 400,
      msg: '参数错误：报告文章 (post) 不能为空（请提供 post 或文章链接 url）',
    });
    const short = await member.get(`${M1}/spend_time`, { url: 'https://mp.weixin.qq.com/s/abcdefgh' });
    expect(short.body).toEqual({ status: 404, msg: '未找到该短链接对应的文章，请使用文章的完整链接' });
  });
});

describe('monitor/v3', () => {
  it('read_zan: the latest counters of an article by post or link', async () => {
    const r = await member.get(`${M3}/read_zan`, { url: link(21, 300, 1) });
    expect(r.body).toEqual({
      status: 200,
      msg: 'success',
      data: {
        post: '21_300_1',
        mid: 21,
        aid: '300_1',
        title: '年度报告',
        url: link(21, 300, 1),
        pubtime: '2026-11-01 08:00:00',
        position: 1,
        mp_name: '财经观察',
        wxid: 'cjgc',
        read: 30000,
        zan: 250,
        looking: 40,
        share: 0,
        comment: 0,
        polls: 6,
        update_time: '2026-11-01 13:40:00',
      },
    });
    const unpolled = await member.get(`${M3}/read_zan`, { post: '21_300_2' });
    expect(unpolled.body.data).toMatchObject({ read: 0, polls: 0, update_time: '' });
    const uncrawled = await member.get(`${M3}/read_zan`, { url: link(21, 301, 1) });
    expect(uncrawled.body).toEqual({ status: 404, msg: '文章尚未采集，请先通过收录提交文章链接' });
    expect((await new Client(base).get(`${M3}/read_zan`, { post: '21_300_1' })).body.error_code).toBe(40001);
  });

  it('tencent_claim: the original claim, author and 阅读原文 link the article page declared', async () => {
    const r = await member.get(`${M3}/tencent_claim`, { post: '21_300_1' });
    expect(r.body.data).toEqual({
      post: '21_300_1',
      mid: 21,
      aid: '300_1',
      title: '年度报告',
      url: link(21, 300, 1),
      pubtime: '2026-11-01 08:00:00',
      mp_name: '财经观察',
      wxid: 'cjgc',
      owner: 'A公司',
      is_original: 1,
      claim: '原创',
      copyright_stat: COPYRIGHT_CODE.original,
      copyright: 'original',
      author: '张三',
      source_url: 'https://example.com/src',
      page_parsed: 1,
    });
    const plain = await member.get(`${M3}/tencent_claim`, { post: '21_300_2' });
    expect(plain.body.data).toMatchObject({
      is_original: 0,
      claim: '未声明原创',
      author: '',
      page_parsed: 0,
    });
    const bad = await member.get(`${M3}/tencent_claim`, { url: 'not a link' });
    expect(bad.body).toEqual({ status: 400, msg: '参数错误：文章链接 (url) 不是有效的公众号文章链接' });
  });

  it('api_user_detail: balance, trial, keys and charged calls of the API customer', async () => {
    const c = await signUp(base);
    const key = (await c.post('/fbmain/api/v1/api_keys', { name: '生产' })).body.data.key;
    const old = (await c.post('/fbmain/api/v1/api_keys', { name: '旧' })).body.data.id;
    expect((await c.del('/fbmain/api/v1/api_keys', { id: old })).body.error_code).toBe(0);
    await buy(c, 'api_1k');
    // Two charged calls; the third finds nothing and is refunded.
    expect((await c.get('/fbmain/openapi/v1/account', { mid: 21, key })).body.error_code).toBe(0);
    expect((await c.get('/fbmain/openapi/v1/search', { kw: '财经', key })).body.error_code).toBe(0);
    expect((await c.get('/fbmain/openapi/v1/account', { mid: 999, key })).status).toBe(404);
    const r = await c.get(`${M3}/api_user_detail`);
    expect(r.body.status).toBe(200);
    expect(r.body.data).toMatchObject({
      vip_id: 1,
      balance: 100 + 1000 - 2,
      trial_quota: 100,
      recharged_calls: 1000,
      keys_active: 1,
      keys_total: 2,
      calls_today: 2,
      calls_7d: 2,
      calls_30d: 2,
    });
    expect(r.body.data.last_call_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(r.body.data.phone).toMatch(/^137\*{4}\d{4}$/);
    const fresh = await member.get(`${M3}/api_user_detail`);
    expect(fresh.body.data).toMatchObject({ balance: 100, keys_total: 0, calls_30d: 0, last_call_at: '' });
    expect((await new Client(base).get(`${M3}/api_user_detail`)).body).toEqual({
      status: 401,
      msg: '用户未登录',
      error_code: 40001,
    });
  });
});
