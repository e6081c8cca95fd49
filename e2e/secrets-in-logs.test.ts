import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../members/tokens';
import type { MemberDb } from '../postgres/db';
import { ADMIN_PHONE, buy, Client, hiddenFields, lastCode, nextPhone, signUp } from './members-harness';
import { openServedApp } from './served-app';

/**
 * No secret in the logs: a member signs up with a password and an SMS code, logs in by password and by code
 * (and fails once), creates an API key and uses it (header and query), pays a recharge through the Alipay callback
 * (and a forged one is refused), and an admin saves and rotates an upstream credential, all over real HTTP while
 * everything the app logs at debug level is captured. No password, code, session token, API key, credential cookie
 * or private key may appear in any line, except the code in the console SMS provider's own line (that provider's
 * whole job, in demo and development, is to "send" the code to the log; production uses SMS_PROVIDER=aliyun).
 * The database keeps only hashes of session tokens, API keys and codes.
 */

const NOW = Date.parse('2026-11-01T12:00:00+08:00');
const A = '/fbmain/account/v1';
const API = '/fbmain/api/v1';
const CONSOLE_SMS_LINE = 'SMS verification code (console provider)';

const lines: Record<string, unknown>[] = [];
let base = '';
let db: MemberDb;
let close = async () => {};

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  ({ base, db, close } = await openServedApp(
    'secrets-in-logs',
    NOW,
    { ADMIN_PHONES: ADMIN_PHONE },
    {},
    pino({ level: 'debug' }, sink),
  ));
}, 90_000);
afterAll(() => close());

describe('secrets in logs and at rest', () => {
  it('logs none of the secrets a member and an admin handled, and stores only hashes', async () => {
    const secrets: Record<string, string> = {};
    const codes: string[] = [];

    // Registration with a password and an SMS code.
    const phone = nextPhone();
    secrets.password = 'Secr3tPw-Reg9';
    const member = await signUp(base, phone, secrets.password);
    codes.push(lastCode(phone));
    secrets.registerToken = member.token as string;

    // Login by password, a failed one, and login by SMS code.
    const login = (fields: Record<string, string>) =>
      new Client(base).post(`${A}/login`, { username: phone, agree_protocol: '1', ...fields });
    const byPassword = await login({ password: secrets.password, is_remember: '1' });
    expect(byPassword.body.error_code).toBe(0);
    secrets.loginToken = byPassword.body.data.accessToken;
    secrets.wrongPassword = 'Wr0ngGuess-77';
    expect((await login({ password: secrets.wrongPassword })).body.error_code).not.toBe(0);
    await db.query(`UPDATE sms_codes SET created_at = created_at - interval '61 seconds' WHERE phone = $1`, [
      phone,
    ]);
    expect((await new Client(base).post(`${A}/sendCode`, { phone })).body.error_code).toBe(0);
    codes.push(lastCode(phone));
    const byCode = await login({ password: '', verifyCode: codes[1] as string });
    expect(byCode.body.error_code, byCode.text).toBe(0);
    secrets.codeToken = byCode.body.data.accessToken;

    // An API key, used in the header, in the query, and a wrong one.
    const created = await member.post(`${API}/api_keys`, { name: '日志测试' });
    const apiKey = created.body.data.key as string;
    secrets.apiKey = apiKey;
    expect(
      (await fetch(`${base}/fbmain/openapi/v1/balance`, { headers: { 'X-Api-Key': apiKey } })).status,
    ).toBe(200);
    expect((await fetch(`${base}/fbmain/openapi/v1/balance?key=${secrets.apiKey}`)).status).toBe(200);
    expect(
      (await fetch(`${base}/fbmain/openapi/v1/balance`, { headers: { 'X-Api-Key': `${secrets.apiKey}x` } }))
        .status,
    ).toBe(401);

    // A recharge paid through the sandbox Alipay callback, and a forged notification for another order.
    await buy(member, 'api_1k');
    const pending = await member.post(`${API}/api_create_order`, { package_id: 'api_1k' });
    const notify = hiddenFields(await (await fetch(pending.body.data.pay_url)).text());
    const forged = await fetch(`${base}/fbmain/pay/callback/alipay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...notify, total_amount: '0.01' }).toString(),
    });
    expect(forged.status).toBe(400);
    const [keys] = await db.query<{ value: string }>(
      "SELECT value FROM app_settings WHERE key = 'alipay_sandbox_keys'",
    );
    const pem = JSON.parse(keys?.value ?? '{}').private_key as string;
    // A line of the private key's base64 body stands for the key.
    secrets.privateKey = pem.split('\n')[5] as string;
    expect(secrets.privateKey).toMatch(/^[A-Za-z0-9+/=]{40,}$/);

    // An admin saves and rotates an upstream credential (a WeChat cookie).
    const admin = await signUp(base, ADMIN_PHONE);
    codes.push(lastCode(ADMIN_PHONE));
    secrets.adminToken = admin.token as string;
    secrets.cookie = 'slave_sid=QmFzZTY0U2VjcmV0Q29va2llVmFsdWU';
    secrets.rotated = 'slave_sid=Um90YXRlZFNlY3JldENvb2tpZVZhbHVl';
    const saved = await admin.post('/fbmain/admin/v1/credentials', {
      source: 'mp',
      label: '日志测试',
      secret: JSON.stringify({ token: '1234567890', cookie: secrets.cookie }),
    });
    expect(saved.body.error_code, saved.text).toBe(0);
    const rotated = await admin.put('/fbmain/admin/v1/credentials', {
      id: saved.body.data.id,
      secret: JSON.stringify({ token: '1234567891', cookie: secrets.rotated }),
    });
    expect(rotated.body.error_code).toBe(0);

    // The logs are not empty: every request of the flow has its line, so a leak would have had somewhere to be.
    const text = lines.map((l) => JSON.stringify(l));
    const paths = new Set(lines.filter((l) => l.msg === 'request').map((l) => l.path));
    for (const p of [
      `${A}/register`,
      `${A}/login`,
      `${API}/api_keys`,
      '/fbmain/openapi/v1/balance',
      '/fbmain/pay/callback/alipay',
    ])
      expect(paths, p).toContain(p);
    expect(text.some((l) => l.includes('upstream credential added'))).toBe(true);
    expect(text.some((l) => l.includes('payment notification refused'))).toBe(true);

    for (const [what, s] of Object.entries(secrets)) {
      const leaks = text.filter((l) => l.includes(s));
      expect(leaks, `${what} in the logs`).toEqual([]);
    }
    for (const code of codes) {
      const leaks = lines.filter((l) => l.msg !== CONSOLE_SMS_LINE && JSON.stringify(l).includes(code));
      expect(leaks, `SMS code ${code} outside the console provider's line`).toEqual([]);
    }
    // The console provider's line is the code's only channel here (and proves the search sees codes at all).
    expect(lines.filter((l) => l.msg === CONSOLE_SMS_LINE).map((l) => l.code)).toEqual(codes);

    // At rest: hashes of tokens, keys and codes only.
    const [u] = await db.query<{ id: number; password_hash: string }>(
      'SELECT id, password_hash FROM users WHERE phone = $1',
      [phone],
    );
    expect(u?.password_hash).toMatch(/^scrypt\$/);
    expect(u?.password_hash).not.toContain(secrets.password);
    const sessions = await db.query<{ token_hash: string }>('SELECT * FROM sessions WHERE user_id = $1', [
      u?.id,
    ]);
    const stored = JSON.stringify(sessions);
    for (const t of [secrets.registerToken, secrets.loginToken, secrets.codeToken]) {
      expect(stored).not.toContain(t as string);
      expect(sessions.map((s) => s.token_hash)).toContain(sha256(t as string));
    }
    const apiKeys = await db.query<{ key_hash: string; prefix: string }>(
      'SELECT * FROM api_keys WHERE user_id = $1',
      [u?.id],
    );
    expect(JSON.stringify(apiKeys)).not.toContain(secrets.apiKey);
    expect(apiKeys.map((k) => k.key_hash)).toEqual([sha256(secrets.apiKey as string)]);
    expect(secrets.apiKey?.startsWith(apiKeys[0]?.prefix ?? '')).toBe(true);
    expect((apiKeys[0]?.prefix.length ?? 99) < (secrets.apiKey?.length ?? 0) / 2).toBe(true);
    const smsRows = JSON.stringify(await db.query('SELECT * FROM sms_codes WHERE phone = $1', [phone]));
    for (const code of codes.slice(0, 2)) expect(smsRows).not.toContain(`"${code}"`);
  });
});
