import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M, MemberCodes } from '../contract/member-texts';
import { LOGIN_LIMITS } from '../members/rate-limit';
import { CODE_POLICY } from '../members/sms';
import type { MemberDb } from '../postgres/db';
import { memberEngines, nextPhone, signUp } from './members-harness';
import { openServedAppOn } from './served-app';

/**
 * The abuse limits over HTTP, behind two trusted proxies (TRUST_PROXY=2: the client address is the X-Forwarded-For
 * entry the outer proxy appended, before the inner proxy's own 10.0.0.1):
 * verification codes are capped per phone per day (SMS_DAILY_CAP, past the 60 s cooldown) and per IP per day;
 * failed logins lock an IP after LOGIN_LIMITS.perIp failures spread over many accounts, while other addresses
 * still log in. The 60 s cooldown and the per-account lock are in e2e/members-auth.test.ts. The day is simulated
 * by moving the stored send times back, not by waiting.
 */

const NOW = Date.parse('2026-11-01T12:00:00+08:00');
const A = '/fbmain/account/v1';
const DAILY_CAP = 3;

describe.each(await memberEngines())('abuse limits over HTTP on $name', ({ name, skip }) => {
  let base = '';
  let db: MemberDb;
  let close = async () => {};
  beforeAll(async () => {
    if (skip) return;
    ({ base, db, close } = await openServedAppOn(name, 'abuse', NOW, {
      TRUST_PROXY: '2',
      SMS_DAILY_CAP: String(DAILY_CAP),
    }));
  }, 90_000);
  afterAll(() => close());

  const post = async (path: string, ip: string, fields: Record<string, string>) => {
    const r = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `${ip}, 10.0.0.1` },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: r.status, body: (await r.json()) as { error_code: number; msg: string } };
  };
  const sendCode = (phone: string, ip: string) => post(`${A}/sendCode`, ip, { phone });
  /** As if the phone's codes were sent `s` seconds earlier: past the cooldown, within the day. */
  const age = (phone: string, s: number) =>
    db.query(`UPDATE sms_codes SET created_at = created_at - make_interval(secs => $2) WHERE phone = $1`, [
      phone,
      s,
    ]);

  it.skipIf(skip)('caps codes per phone per day, whatever the address', async () => {
    const phone = nextPhone();
    for (let i = 0; i < DAILY_CAP; i++) {
      expect((await sendCode(phone, `198.51.100.${i + 1}`)).body).toEqual({
        error_code: 0,
        msg: M.CODE_SENT,
      });
      // Still within the cooldown: refused for that, with the seconds left.
      expect((await sendCode(phone, '198.51.100.99')).body.msg).toMatch(/^发送过于频繁，请\d+秒后再试$/);
      await age(phone, CODE_POLICY.cooldownS + 1);
    }
    const over = await sendCode(phone, '198.51.100.200');
    expect(over.status).toBe(200);
    expect(over.body).toEqual({ error_code: MemberCodes.CODE_REFUSED, msg: M.CODE_DAILY_CAP });
    // A day later the phone may receive codes again.
    await age(phone, 86_400);
    expect((await sendCode(phone, '198.51.100.201')).body.error_code).toBe(0);
  });

  it.skipIf(skip)('caps codes per IP per day, across phones; other addresses go on', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < CODE_POLICY.perIpDaily; i++) {
      const r = await sendCode(nextPhone(), ip);
      expect(r.body.error_code, `send ${i + 1}`).toBe(0);
    }
    const phone = nextPhone();
    const over = await sendCode(phone, ip);
    expect(over.status).toBe(200);
    expect(over.body).toEqual({ error_code: MemberCodes.CODE_REFUSED, msg: M.CODE_DAILY_CAP });
    expect((await sendCode(phone, '203.0.113.8')).body).toEqual({ error_code: 0, msg: M.CODE_SENT });
  });

  it.skipIf(skip)('locks an address after too many failed logins over many accounts', async () => {
    const phone = nextPhone();
    await signUp(base, phone, 'right12345');
    const ip = '192.0.2.50';
    const login = (username: string, password: string, from: string) =>
      post(`${A}/login`, from, { username, password, agree_protocol: '1' });
    // Failures spread so that no account reaches its own limit: only the address's count does.
    const perPhone = LOGIN_LIMITS.perAccount - 1;
    const phones = Array.from({ length: Math.ceil(LOGIN_LIMITS.perIp / perPhone) }, () => nextPhone());
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      const r = await login(phones[Math.floor(i / perPhone)] as string, 'wrong1234', ip);
      expect(r.body, `failure ${i + 1}`).toEqual({
        error_code: MemberCodes.LOGIN_FAILED,
        msg: M.LOGIN_FAILED,
      });
    }
    // Locked from that address, even with the right password of an account that never failed.
    expect((await login(phone, 'right12345', ip)).body).toEqual({
      error_code: MemberCodes.LOGIN_FAILED,
      msg: M.LOGIN_LOCKED,
    });
    const elsewhere = await login(phone, 'right12345', '192.0.2.51');
    expect(elsewhere.body.error_code).toBe(0);
  });
});
