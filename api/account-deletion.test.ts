import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, lastCode, memberEngines, refusal, signUp } from '../e2e/members-harness';
import { openServedAppOn } from '../e2e/served-app';
import { KEPT_TABLES, PERSONAL_TABLES } from '../members/deletion';
import type { MemberDb } from '../postgres/db';

/**
 * 注销账号 and 账号绑定: deletion needs the password or an SMS code plus the typed sentence, refuses while money or
 * tasks are in flight, then removes personal data, anonymises the user, ends every session and frees the phone.
 */
const NOW = Date.parse('2026-11-01T12:00:00+08:00');
const U = '/fbmain/user/v1';
const userId = async (c: Client) => (await c.get(`${U}/user_info`)).body.data.id as number;

describe.each(await memberEngines())('delete_account and bindings on $name', ({ name, skip }) => {
  let base: string;
  let db: MemberDb;
  let close = async () => {};

  beforeAll(async () => {
    if (skip) return;
    ({ base, db, close } = await openServedAppOn(name, 'account-deletion', NOW));
  }, 60_000);
  afterAll(() => close());

  it.skipIf(skip)(
    'knows every table that refers to users: deleted with the account, or kept as a record',
    async () => {
      const rows = await db.query<{ table_name: string }>(
        `SELECT DISTINCT tc.table_name FROM information_schema.table_constraints tc
         JOIN information_schema.constraint_column_usage ccu
           ON ccu.constraint_name = tc.constraint_name AND ccu.constraint_schema = tc.constraint_schema
        WHERE tc.constraint_type = 'FOREIGN KEY' AND ccu.table_name = 'users' AND tc.table_name <> 'users'
          AND tc.table_schema = current_schema()
        ORDER BY tc.table_name`,
      );
      expect(rows.map((r) => r.table_name)).toEqual([...PERSONAL_TABLES, ...KEPT_TABLES].sort());
    },
  );
  it.skipIf(skip)('checks the password and the typed confirmation', async () => {
    const me = await signUp(base);
    expect((await me.post(`${U}/delete_account`, { confirm_text: '确认注销' })).body.msg).toMatch(
      /请输入登录密码或短信验证码/,
    );
    expect(
      (await me.post(`${U}/delete_account`, { password: 'abc12345', confirm_text: '注销' })).body.msg,
    ).toMatch(/请输入“确认注销”以确认注销/);
    const wrong = await me.post(`${U}/delete_account`, { password: 'wrong-pass', confirm_text: '确认注销' });
    expect(refusal(wrong)).toBe(30002);
    expect(wrong.body.msg).toBe('登录密码错误');
    expect((await me.get(`${U}/user_info`)).body.error_code).toBe(0);
    const visitor = await new Client(base).post(`${U}/delete_account`, {
      password: 'x',
      confirm_text: '确认注销',
    });
    expect(refusal(visitor)).toBe(40001);
  });

  it.skipIf(skip)(
    'refuses while an order may still be paid or a back-collection runs, then deletes',
    async () => {
      const phone = '13712340001';
      const me = await signUp(base, phone);
      const id = await userId(me);
      const second = new Client(base);
      second.token = (
        await second.post('/fbmain/account/v1/login', {
          username: phone,
          password: 'abc12345',
          agree_protocol: 1,
        })
      ).body.data.accessToken;
      await me.post('/fbmain/search/v1/group_add', { name: '我的分组' });
      const order = await me.post('/fbmain/account/v1/create_order', { package_id: 'vip2_q' });
      expect(order.body.error_code).toBe(0);
      await db.query(
        `INSERT INTO history_crawls (user_id, request_id, mid, biz, days, window_from, window_to, cost, month, created_at)
       VALUES ($1, 'req-del-1', 31, 'biz31', 30, now() - interval '30 days', now(), 1, '2026-11', now())`,
        [id],
      );

      const check = (await me.get(`${U}/deletion_check`)).body.data;
      expect(check.confirm_text).toBe('确认注销');
      expect(check.blockers).toHaveLength(2);
      const refused = await me.post(`${U}/delete_account`, {
        password: 'abc12345',
        confirm_text: '确认注销',
      });
      expect(refusal(refused)).toBe(40000);
      expect(refused.body.msg).toMatch(/待支付订单/);
      expect(refused.body.msg).toMatch(/历史回采任务/);

      // An abandoned checkout older than a day and a finished back-collection no longer stand in the way.
      await db.query(`UPDATE orders SET created_at = now() - interval '2 days' WHERE user_id = $1`, [id]);
      await db.query(`UPDATE history_crawls SET state = 'done' WHERE user_id = $1`, [id]);
      expect((await me.get(`${U}/deletion_check`)).body.data.blockers).toEqual([]);
      const done = await me.post(`${U}/delete_account`, { password: 'abc12345', confirm_text: '确认注销' });
      expect(done.body).toEqual({ error_code: 0, msg: '账号已注销' });

      // Every session ended; personal data gone; the accounting records stay with an anonymous user.
      expect(refusal(await me.get(`${U}/user_info`))).toBe(40001);
      expect(refusal(await second.get(`${U}/user_info`))).toBe(40001);
      const [u] = await db.query<Record<string, unknown>>(
        'SELECT phone, name, password_hash, invite_code, api_balance::int AS api_balance, vip_id, deleted_at FROM users WHERE id = $1',
        [id],
      );
      expect(u).toMatchObject({
        phone: null,
        name: '已注销用户',
        password_hash: null,
        invite_code: null,
        api_balance: 0,
        vip_id: 0,
      });
      expect(u?.deleted_at).not.toBeNull();
      expect(await db.query('SELECT 1 FROM account_groups WHERE user_id = $1', [id])).toHaveLength(0);
      expect(await db.query('SELECT 1 FROM sessions WHERE user_id = $1', [id])).toHaveLength(0);
      const orders = await db.query<{ status: string }>('SELECT status FROM orders WHERE user_id = $1', [id]);
      expect(orders.map((o) => o.status)).toEqual(['closed']);
      // The password no longer logs in, and the phone can register again as a new account.
      const login = await new Client(base).post('/fbmain/account/v1/login', {
        username: phone,
        password: 'abc12345',
        agree_protocol: 1,
      });
      expect(login.body.error_code).not.toBe(0);
      const again = await signUp(base, phone);
      expect(await userId(again)).not.toBe(id);
    },
  );

  it.skipIf(skip)('accepts an SMS code instead of the password', async () => {
    const phone = '13712340002';
    const me = await signUp(base, phone);
    // The sign-up's code is used up; past the 60-second cooldown a new one is sent.
    await db.query(`UPDATE sms_codes SET created_at = now() - interval '2 minutes' WHERE phone = $1`, [
      phone,
    ]);
    expect((await me.post('/fbmain/account/v1/sendCode', { phone })).body.error_code).toBe(0);
    const bad = await me.post(`${U}/delete_account`, { code: '000001', confirm_text: '确认注销' });
    expect(bad.body.msg).toBe('验证码错误或已过期');
    const r = await me.post(`${U}/delete_account`, { code: lastCode(phone), confirm_text: '确认注销' });
    expect(r.body.error_code).toBe(0);
  });

  it.skipIf(skip)('binds a scanned WeChat identity and unbinds it; the phone login remains', async () => {
    const me = await signUp(base);
    const qr = (await me.get('/fbmain/account/v1/qrcode')).body.data;
    // Not confirmed yet: the poll keeps answering "token invalid".
    expect((await me.post('/fbmain/account/v1/wx_binding', { token: qr.qrcode })).body.error_code).toBe(501);
    const scan = new URL(qr.url).searchParams.get('scan') as string;
    await fetch(`${base}/fbmain/account/v1/qr_confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ scan, openid: 'bindtest0001', nickname: '微信昵称' }).toString(),
    });
    expect((await me.post('/fbmain/account/v1/wx_binding', { token: qr.qrcode })).body).toEqual({
      error_code: 0,
      msg: '绑定成功',
    });
    expect((await me.get(`${U}/user_info`)).body.data.wx_bound).toBe(1);
    expect((await me.post('/fbmain/account/v1/unbind', { provider: 'qq' })).body.msg).toBe(
      '当前账号未绑定QQ',
    );
    expect((await me.post('/fbmain/account/v1/unbind', { provider: 'weibo' })).body.msg).toMatch(/只能解绑/);
    expect((await me.post('/fbmain/account/v1/unbind', { provider: 'wechat' })).body).toEqual({
      error_code: 0,
      msg: '已解绑微信',
    });
    expect((await me.get(`${U}/user_info`)).body.data.wx_bound).toBe(0);
    expect(refusal(await new Client(base).post('/fbmain/account/v1/unbind', { provider: 'qq' }))).toBe(40001);
  });
});
