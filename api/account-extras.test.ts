import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { beijingDay } from '../core/periods';
import { bizOf } from '../core/wechat-ids';
import { buy, Client, lastCode, nextPhone, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';

/**
 * account/v1 api_aggregate and last_mpaccount, main/v1 invite_to_vip, on real chDB + PGlite over HTTP; expected
 * figures by hand. API ledger rows and page views carry the wall clock (as in production), so times are relative to it.
 */
const A = '/fbmain/account/v1';
const NOW = Date.parse('2026-11-01T21:30:00+08:00');

let base: string;
let store: ChdbStore;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ base, store, close } = await openServedApp('account-extras', NOW));
  await store.insert('accounts', [
    { mid: 31, biz: bizOf(31), name: '甲号', wxid: 'jia', owner: '甲公司', media: '科技', updated_at: NOW },
    { mid: 32, biz: bizOf(32), name: '乙号', wxid: 'yi', media: '财经', updated_at: NOW },
    { mid: 33, biz: bizOf(33), name: '丙号', wxid: 'bing', updated_at: NOW },
  ]);
}, 60_000);

afterAll(async () => {
  await close();
});

const beijing = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const userId = async (c: Client) => (await c.get('/fbmain/user/v1/user_info')).body.data.id as number;

describe('last_mpaccount', () => {
  it('lists the accounts a member opened, last visit first, from the dashboard’s page views', async () => {
    const me = await signUp(base);
    const other = await signUp(base);
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
    const view = (uid: number, s: number, path: string, query: string) => ({
      ts: t0 + s * 1000,
      path,
      query,
      referrer: '',
      vid: 'v1234567',
      user_id: uid,
    });
    const [mine, theirs] = [await userId(me), await userId(other)];
    await store.insert('page_views', [
      view(mine, 0, '/detail', 'mid=31&active=0'),
      view(mine, 60, '/appsearch/detail', 'mid=32'),
      view(mine, 120, '/detail', 'active=1&mid=31'),
      view(mine, 180, '/', ''),
      // Not collected, or no account at all: left out.
      view(mine, 240, '/detail', 'mid=999'),
      view(mine, 300, '/detail', 'active=0'),
      view(theirs, 360, '/detail', 'mid=33'),
    ]);
    const r = await me.get(`${A}/last_mpaccount`);
    expect(r.body).toEqual({
      error_code: 0,
      msg: 'success',
      data: {
        page: 1,
        num: 10,
        total: 2,
        list: [
          {
            mid: 31,
            name: '甲号',
            mp_name: '甲号',
            wx: 'jia',
            wxid: 'jia',
            avatar: '',
            owner: '甲公司',
            zhuti: '甲公司',
            media: '科技',
            last_view: beijing(t0 + 120_000),
            views: 2,
          },
          expect.objectContaining({ mid: 32, name: '乙号', last_view: beijing(t0 + 60_000), views: 1 }),
        ],
      },
    });
    const page2 = await me.get(`${A}/last_mpaccount`, { page: 2, num: 1 });
    expect(page2.body.data.list.map((x: { mid: number }) => x.mid)).toEqual([32]);
    // A route change the dashboard reports now (page_view with the member's token) comes first.
    const sent = await me.call(
      'POST',
      '/fbmain/common/v1/page_view',
      { path: '/detail', query: 'mid=33' },
      true,
    );
    expect(sent.body.error_code).toBe(0);
    const after = await me.get(`${A}/last_mpaccount`);
    expect(after.body.data.list.map((x: { mid: number }) => x.mid)).toEqual([33, 31, 32]);
    expect(
      (await other.get(`${A}/last_mpaccount`)).body.data.list.map((x: { mid: number }) => x.mid),
    ).toEqual([33]);
  });

  it('needs a member and valid paging', async () => {
    expect((await new Client(base).get(`${A}/last_mpaccount`)).body).toEqual({
      error_code: 40001,
      msg: '用户未登录',
    });
    const me = await signUp(base);
    expect((await me.get(`${A}/last_mpaccount`)).body.data).toEqual({ page: 1, num: 10, total: 0, list: [] });
    const bad = await me.get(`${A}/last_mpaccount`, { num: 51 });
    expect(refusal(bad)).toBe(40000);
    expect(bad.body.msg).toBe('参数错误：每页条数 (num) 最大为 50');
  });
});

describe('api_aggregate', () => {
  it('sums the member’s charged API calls per endpoint and per day, refunds netted out', async () => {
    const c = await signUp(base);
    const key = (await c.post('/fbmain/api/v1/api_keys', { name: 'k' })).body.data.key;
    for (const q of [
      { p: 'account', f: { mid: 31 } },
      { p: 'account', f: { mid: 32 } },
      { p: 'search', f: { kw: '号' } },
      // Nothing found: refunded.
      { p: 'account', f: { mid: 999 } },
    ])
      await c.get(`/fbmain/openapi/v1/${q.p}`, { ...q.f, key });
    const r = await c.get(`${A}/api_aggregate`, { days: 7 });
    expect(r.body).toEqual({
      error_code: 0,
      msg: 'success',
      data: {
        days: 7,
        total_calls: 3,
        total_cost: 3,
        endpoints: [
          { endpoint: 'account', calls: 2, cost: 2 },
          { endpoint: 'search', calls: 1, cost: 1 },
        ],
        daily: [{ date: beijingDay(Date.now()), calls: 3, cost: 3 }],
      },
    });
    // Another member's calls are not counted.
    const none = await (await signUp(base)).get(`${A}/api_aggregate`);
    expect(none.body.data).toEqual({ days: 30, total_calls: 0, total_cost: 0, endpoints: [], daily: [] });
  });

  it('needs a member and a window of 1–365 days', async () => {
    expect(refusal(await new Client(base).get(`${A}/api_aggregate`))).toBe(40001);
    const c = await signUp(base);
    const bad = await c.get(`${A}/api_aggregate`, { days: 0 });
    expect(refusal(bad)).toBe(40000);
    expect(bad.body.msg).toBe('参数错误：时间范围 (days) 最小为 1');
    expect(refusal(await c.get(`${A}/api_aggregate`, { days: 'x' }))).toBe(40000);
  });
});

describe('invite_to_vip', () => {
  const INVITE = '/fbmain/main/v1/invite_to_vip';
  /** Registers a new member with an invite code, as the registration dialog does. */
  const invited = async (code: string) => {
    const c = new Client(base);
    const phone = nextPhone();
    await c.post(`${A}/sendCode`, { phone });
    const r = await c.post(`${A}/register`, {
      username: `受邀${phone.slice(-4)}`,
      phone,
      accessToken: '',
      code: lastCode(phone),
      password: 'abc12345',
      confirm: 'abc12345',
      invitecode: code,
    });
    expect(r.body.error_code).toBe(0);
  };
  const codeOf = async (c: Client) =>
    (await c.get('/fbmain/user/v1/invite_record')).body.data.invite_code as string;
  const expiryMs = (s: string) => Date.parse(`${s.replace(' ', 'T')}+08:00`);
  const DAY = 86_400_000;

  it('turns every 3 registered invitees into 7 days of senior membership, each invitee once', async () => {
    const a = await signUp(base);
    const code = await codeOf(a);
    await invited(code);
    await invited(code);
    const short = await a.post(INVITE);
    expect(refusal(short)).toBe(40000);
    expect(short.body).toMatchObject({
      error_code: 40000,
      msg: '每邀请 3 位好友注册，可兑换 7 天高级会员；当前可用 2 位，还需邀请 1 位',
      data: { invite_code: code, invited: 2, redeemed: 0, available: 2, need: 1 },
    });
    await invited(code);
    const before = Date.now();
    const r = await a.post(INVITE);
    expect(r.body).toMatchObject({
      error_code: 0,
      msg: '兑换成功：获得 7 天会员',
      data: {
        days: 7,
        used: 3,
        vip_id: 2,
        vip_name: '高级会员',
        invited: 3,
        redeemed: 3,
        available: 0,
        need: 3,
      },
    });
    const expires = expiryMs(r.body.data.vip_expire);
    expect(expires).toBeGreaterThanOrEqual(before - 1000 + 7 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 1000 + 7 * DAY);
    expect((await a.get('/fbmain/user/v1/user_profile')).body.data.vip_id).toBe(2);
    // The same invitees cannot be spent twice.
    const again = await a.post(INVITE);
    expect(refusal(again)).toBe(40000);
    expect(again.body.data).toMatchObject({ invited: 3, redeemed: 3, available: 0, need: 3 });
  });

  it('extends an active paid level from its expiry and keeps it', async () => {
    const b = await signUp(base);
    await buy(b, 'vip3_q');
    const was = (await b.get('/fbmain/user/v1/user_profile')).body.data.vip_expire as string;
    const code = await codeOf(b);
    for (let i = 0; i < 7; i++) await invited(code);
    // 7 invitees: two rewards (14 days), one invitee left for later.
    const r = await b.post(INVITE);
    expect(r.body.data).toMatchObject({
      days: 14,
      used: 6,
      vip_id: 3,
      vip_name: '豪华会员',
      available: 1,
      need: 2,
    });
    expect(expiryMs(r.body.data.vip_expire) - expiryMs(was)).toBe(14 * DAY);
  });

  it('redeems once when two requests race, and needs a member', async () => {
    const c = await signUp(base);
    const code = await codeOf(c);
    for (let i = 0; i < 3; i++) await invited(code);
    const answers = await Promise.all([c.post(INVITE), c.post(INVITE)]);
    expect(answers.map(refusal).sort()).toEqual([0, 40000]);
    expect((await new Client(base).post(INVITE)).body).toEqual({ error_code: 40001, msg: '用户未登录' });
  });
});
