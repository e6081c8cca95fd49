import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess } from '../e2e/harness';
import {
  ADMIN_PHONE,
  Client,
  lastCode,
  nextPhone,
  refusal as refusalCode,
  signUp,
  startMemberPlatform,
} from '../e2e/members-harness';
import { throwawayDatabase } from '../e2e/postgres';
import { hashPassword } from '../members/passwords';
import { alipayTime, rsa2Sign } from '../members/payments';
import type { Platform } from '../platform/platform';

/**
 * Issue #29 findings 1 and 12: the demo stand-ins (QR confirm page, sandbox cashier, console SMS, Host-built links,
 * open /metrics) run only in demo mode, a production-looking start with one left refuses, and a phone set without
 * an SMS code is an unverified claim. Two platforms: a production-shaped api (real Alipay and SMS configured, an
 * https PUBLIC_URL, a metrics token, WeChat's upstream, no WeChat Open Platform app) and the default demo.
 */

const A = '/fbmain/account/v1';
const PUBLIC_URL = 'https://gzh.example.test';
const METRICS_TOKEN = 'metrics-0123456789abcdef0123';
// The test plays Alipay: the platform verifies notifications with this key pair's public half.
const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ALIPAY_APP_ID = '2021000000000001';
const PRODUCTION: Record<string, string> = {
  ROLE: 'api',
  PUBLIC_URL,
  METRICS_TOKEN,
  ALIPAY_APP_ID,
  ALIPAY_PRIVATE_KEY: appKeys.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
  ALIPAY_PUBLIC_KEY: alipayKeys.publicKey.export({ format: 'pem', type: 'spki' }) as string,
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI0000000000000000',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret000000000000000000000000',
  ALIYUN_SMS_SIGN_NAME: '公众号数据平台',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000000001',
};
const without = (...names: string[]) =>
  Object.fromEntries(Object.entries(PRODUCTION).filter(([k]) => !names.includes(k)));

/** The start's refusal message; a start that succeeds (today's behaviour) is stopped and reported. */
async function refusal(env: Record<string, string>): Promise<string> {
  const started = await startInProcess(env, { embedded: true }).then(
    (p) => p,
    (e: Error) => e,
  );
  if (started instanceof Error) return started.message;
  await (started as Platform).stop();
  return 'started';
}

/** A request with a Host header of the client's choosing (fetch would send the URL's). */
function withHost(
  base: string,
  path: string,
  host: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const u = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: u.hostname,
        port: u.port,
        path: `${u.pathname}${u.search}`,
        method: opts.method ?? 'GET',
        headers: { ...opts.headers, host },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += String(d);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('production-shaped start (real Alipay and SMS, https PUBLIC_URL, no WeChat Open Platform app)', () => {
  let url: string;
  let platform: Platform;
  let drop: () => Promise<void>;
  let sql: pg.Client;
  let member: Client;
  const memberPhone = nextPhone();

  beforeAll(async () => {
    const d = await throwawayDatabase();
    drop = d.drop;
    platform = await startInProcess({ ...PRODUCTION, DATABASE_URL: d.url });
    url = platform.url as string;
    sql = new pg.Client({ connectionString: d.url });
    await sql.connect();
    // An existing member (before this deployment could send SMS, say): a verified phone and a password.
    await sql.query(
      `INSERT INTO users (phone, name, password_hash, vip_id, invite_code) VALUES ($1, '老会员', $2, 1, 'PRODTEST')`,
      [memberPhone, await hashPassword('abc12345')],
    );
    member = new Client(url);
    const r = await member.post(`${A}/login`, {
      username: memberPhone,
      password: 'abc12345',
      agree_protocol: '1',
    });
    member.token = r.body.data.accessToken;
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await platform?.stop();
    await drop?.();
  });

  it('finding 1: the register-without-code path registers no one: no QR stand-in, no client-chosen openid', async () => {
    const c = new Client(url);
    const victim = nextPhone();
    // Step 1: no demo QR; without WeChat's / QQ's app there is no QR login at all.
    const qr = await c.get(`${A}/qrcode`);
    expect(refusalCode(qr)).toBe(40003);
    expect(qr.body).toEqual({ error_code: 40003, msg: '微信扫码登录未开通，请使用手机号登录' });
    expect((await c.get(`${A}/qq_login`)).body.msg).toBe('QQ 登录未开通，请使用手机号登录');
    // Step 2: the demo confirm page, where the client names its openid, does not exist.
    for (const method of ['GET', 'POST']) {
      const confirm = await c.call(method, `${A}/qr_confirm`, { scan: 'x'.repeat(24), openid: 'attacker01' });
      expect(refusalCode(confirm)).toBe(40004);
      expect(confirm.body).toEqual({ error_code: 40004, msg: '演示确认页只在演示模式下可用' });
    }
    // Steps 3–4: no registration token can exist, and without one the empty code is refused.
    const poll = await c.post(`${A}/login`, { token: 'x'.repeat(43), agree_protocol: '1' });
    expect(poll.body.error_code).toBe(30003);
    const form = { phone: victim, code: '', password: 'abc12345', confirm: 'abc12345' };
    expect((await c.post(`${A}/register`, { ...form, accessToken: 'x'.repeat(43) })).body).toEqual({
      error_code: 501,
      msg: '登录凭证已失效，请重新扫码',
    });
    expect((await c.post(`${A}/register`, { ...form, accessToken: '' })).body).toEqual({
      error_code: 30009,
      msg: '验证码不能为空',
    });
    expect((await c.post(`${A}/register`, { ...form, code: '000000' })).body.error_code).toBe(30009);
    expect((await sql.query('SELECT 1 FROM users WHERE phone = $1', [victim])).rowCount).toBe(0);
  });

  it('finding 1: the sandbox cashier is off and no order is paid without a notification Alipay signed', async () => {
    const order = await member.post(`${A}/create_order`, { package_id: 'vip2_q' });
    expect(order.body.error_code).toBe(0);
    const no = order.body.data.out_trade_no as string;
    expect(order.body.data.pay_url).toMatch(/^https:\/\/openapi\.alipay\.com\/gateway\.do\?/);
    const checkout = await fetch(`${url}/fbmain/pay/sandbox/checkout?out_trade_no=${no}`);
    expect(checkout.status).toBe(404);
    expect(await checkout.json()).toEqual({
      error_code: 40004,
      msg: '沙箱收银台只在演示模式下可用，请通过支付宝支付',
    });
    const notify: Record<string, string> = {
      notify_time: alipayTime(),
      notify_type: 'trade_status_sync',
      notify_id: `n${Date.now()}`,
      app_id: ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: `T${Date.now()}`,
      out_trade_no: no,
      trade_status: 'TRADE_SUCCESS',
      total_amount: order.body.data.total_amount,
    };
    const post = (path: string, params: Record<string, string>) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
        redirect: 'manual',
      });
    // Signed by anyone but Alipay (here: our own application key): refused on both doors.
    const forged = { ...notify, sign: rsa2Sign(notify, appKeys.privateKey) };
    expect((await post('/fbmain/pay/sandbox/pay', forged)).status).toBe(404);
    expect((await post('/fbmain/pay/callback/alipay', forged)).status).toBe(400);
    const status = async () =>
      (await member.get(`${A}/check_order_status`, { out_trade_no: no })).body.data.status as string;
    expect(await status()).toBe('pending');
    // Alipay's own notification pays it.
    const real = await post('/fbmain/pay/callback/alipay', {
      ...notify,
      sign: rsa2Sign(notify, alipayKeys.privateKey),
    });
    expect(await real.text()).toBe('success');
    expect(await status()).toBe('paid');
  });

  it('finding 12: /metrics answers only with the bearer token', async () => {
    const open = await fetch(`${url}/metrics`);
    expect(open.status).toBe(401);
    expect((await open.json()).msg).toMatch(/Authorization: Bearer/);
    const wrong = await fetch(`${url}/metrics`, {
      headers: { authorization: 'Bearer wrong-token-000000000' },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toMatch(/gzh_http_request_duration_seconds/);
  });

  it('finding 12: pay_url, Alipay notify and return URLs, and short links come from PUBLIC_URL, never the Host header', async () => {
    const headers = {
      accesstoken: member.token as string,
      'content-type': 'application/x-www-form-urlencoded',
    };
    const order = await withHost(url, `${A}/create_order`, 'evil.example', {
      method: 'POST',
      headers,
      body: 'package_id=api_1k',
    });
    const payUrl = new URL(JSON.parse(order.body).data.pay_url);
    expect(payUrl.searchParams.get('notify_url')).toBe(`${PUBLIC_URL}/fbmain/pay/callback/alipay`);
    expect(payUrl.searchParams.get('return_url')).toMatch(new RegExp(`^${PUBLIC_URL}/main/paySuccess`));
    expect(order.body).not.toContain('evil.example');
    const short = await withHost(url, '/fbmain/tools/v1/short_link', 'evil.example', {
      method: 'POST',
      headers,
      body: `url=${encodeURIComponent('https://mp.weixin.qq.com/s/AbCdEfGhIjKlMnOpQrStUv')}`,
    });
    expect(JSON.parse(short.body).data.short_url).toMatch(new RegExp(`^${PUBLIC_URL}/t/`));
  });
});

describe('start-up refuses a production-looking configuration that keeps a stand-in', () => {
  it('finding 1: real payment or SMS configured elsewhere, but the sandbox cashier or console SMS left', async () => {
    const msg = await refusal(without('ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'));
    expect(msg).toMatch(
      /^配置错误 \(configuration error\): 检测到生产配置（.*PUBLIC_URL=https:\/\/gzh\.example\.test/,
    );
    expect(msg).toMatch(/沙箱收银台（请设置 ALIPAY_APP_ID、ALIPAY_PRIVATE_KEY、ALIPAY_PUBLIC_KEY）/);
    expect(msg).toMatch(/设置 DEMO_MODE=on 明确以演示模式运行$/);
    expect(msg).not.toMatch(/\n/);
    expect(await refusal(without('SMS_PROVIDER'))).toMatch(/控制台短信（请设置 SMS_PROVIDER=aliyun/);
    // DEMO_MODE=off with nothing configured: every stand-in is named.
    expect(await refusal({ ROLE: 'api', DEMO_MODE: 'off' })).toMatch(
      /DEMO_MODE=off，但以下演示替身仍会运行：沙箱收银台.*控制台短信.*PUBLIC_URL.*METRICS_TOKEN/,
    );
  }, 60_000);

  it('finding 12: no PUBLIC_URL (links from the Host header) or no METRICS_TOKEN in production', async () => {
    expect(await refusal(without('PUBLIC_URL'))).toMatch(
      /按请求的 Host 生成链接（请设置 PUBLIC_URL=https:\/\/…）/,
    );
    expect(await refusal(without('METRICS_TOKEN'))).toMatch(/公开的 \/metrics（请设置 METRICS_TOKEN）/);
  }, 60_000);
});

describe('demo mode: a phone set without a code is an unverified claim', () => {
  let url: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, stop } = await startMemberPlatform('PGlite', { ROLE: 'api' }));
  }, 120_000);
  afterAll(async () => stop?.());

  let seq = 0;
  /** A new WeChat user through the demo QR, registering `phone` with the dialog's hidden (empty) code. */
  async function wechatUser(phone: string, invitecode = ''): Promise<{ c: Client; openid: string }> {
    const c = new Client(url);
    const openid = `unverified${process.pid}x${seq++}`;
    const qr = await c.get(`${A}/qrcode`);
    expect(qr.body.data.demo).toBe(true);
    const scan = new URL(qr.body.data.url).searchParams.get('scan') ?? '';
    await c.post(`${A}/qr_confirm`, { scan, openid });
    const polled = await c.post(`${A}/login`, { token: qr.body.data.qrcode, agree_protocol: '1' });
    expect(polled.body.data.type).toBe(0);
    const r = await c.post(`${A}/register`, {
      phone,
      accessToken: polled.body.data.accessToken,
      code: '',
      password: 'abc12345',
      confirm: 'abc12345',
      invitecode,
    });
    expect(r.body.error_code).toBe(0);
    c.token = r.body.data.accessToken;
    return { c, openid };
  }
  /** Logs in by scanning the demo QR as `openid`: the login data (type 1 with a session, or type 0). */
  async function scanAs(openid: string) {
    const c = new Client(url);
    const qr = await c.get(`${A}/qrcode`);
    await c.post(`${A}/qr_confirm`, { scan: new URL(qr.body.data.url).searchParams.get('scan'), openid });
    return (await c.post(`${A}/login`, { token: qr.body.data.qrcode, agree_protocol: '1' })).body.data;
  }
  const trial = async (c: Client) => (await c.get(`${A}/user_remaining_amount`)).body.data;

  it('finding 1: earns no trial calls, no invitation reward and no admin rights', async () => {
    const { c } = await wechatUser(nextPhone());
    expect(await trial(c)).toMatchObject({ remaining: 0, trial_quota: 0 });
    // Nor is it a login to fall back on: unbinding WeChat would leave the account to whoever owns the number.
    expect((await c.post(`${A}/unbind`, { provider: 'wechat' })).body).toEqual({
      error_code: 40000,
      msg: '解绑后将无法登录：请先设置手机号和登录密码，并通过验证码验证手机号',
    });
    const inviter = await signUp(url);
    const code = (await inviter.get('/fbmain/user/v1/user_info')).body.data.invite_code as string;
    for (let i = 0; i < 3; i++) await wechatUser(nextPhone(), code);
    const redeem = await inviter.post('/fbmain/main/v1/invite_to_vip');
    expect(refusalCode(redeem)).toBe(40000);
    expect(redeem.body.data).toMatchObject({ invited: 0, available: 0, need: 3 });
    const admin = await wechatUser(ADMIN_PHONE);
    expect((await admin.c.get(`${A}/whether_admin`)).body.data.is_admin).toBe(0);
  });

  it('finding 1: does not block the number’s owner from registering by code', async () => {
    const phone = nextPhone();
    const squatter = await wechatUser(phone);
    const owner = await signUp(url, phone);
    expect(await trial(owner)).toMatchObject({ remaining: 100, trial_quota: 100 });
    expect((await owner.get('/fbmain/user/v1/user_info')).body.data.phone).toBe(
      `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    );
    // The squatter keeps its WeChat login, without the number; the phone and password now open the owner's.
    const back = await scanAs(squatter.openid);
    expect(back.type).toBe(1);
    const pw = await new Client(url).post(`${A}/login`, {
      username: phone,
      password: 'abc12345',
      agree_protocol: '1',
    });
    expect(pw.body.error_code).toBe(0);
    const me = new Client(url);
    me.token = pw.body.data.accessToken;
    expect(await trial(me)).toMatchObject({ trial_quota: 100 });
  });

  it('finding 1: a reset or a login by code verifies the phone: the trial comes, the identity that typed it in goes', async () => {
    // Reset by code (steps 1 and 2).
    const phone = nextPhone();
    const squatter = await wechatUser(phone);
    const c = new Client(url);
    expect((await c.post(`${A}/sendCode`, { phone })).body.error_code).toBe(0);
    const code = lastCode(phone);
    expect((await c.post(`${A}/reset`, { phone, code })).body.msg).toBe('验证通过');
    const reset = await c.post(`${A}/reset`, { phone, code, password: 'new12345', confirm: 'new12345' });
    expect(reset.body).toEqual({ error_code: 0, msg: '密码修改成功' });
    // The squatter's session ended and its WeChat identity no longer opens the account.
    expect(refusalCode(await squatter.c.get(`${A}/user_remaining_amount`))).toBe(40001);
    expect((await scanAs(squatter.openid)).type).toBe(0);
    const login = await c.post(`${A}/login`, { username: phone, password: 'new12345', agree_protocol: '1' });
    c.token = login.body.data.accessToken;
    expect(await trial(c)).toMatchObject({ remaining: 100, trial_quota: 100 });

    // Login by code.
    const phone2 = nextPhone();
    const squatter2 = await wechatUser(phone2);
    const owner = new Client(url);
    await owner.post(`${A}/sendCode`, { phone: phone2 });
    const byCode = await owner.post(`${A}/login`, {
      username: phone2,
      verifyCode: lastCode(phone2),
      agree_protocol: '1',
    });
    expect(byCode.body.error_code).toBe(0);
    owner.token = byCode.body.data.accessToken;
    expect(await trial(owner)).toMatchObject({ remaining: 100, trial_quota: 100 });
    expect(refusalCode(await squatter2.c.get(`${A}/user_remaining_amount`))).toBe(40001);
    expect((await scanAs(squatter2.openid)).type).toBe(0);
  });
});
