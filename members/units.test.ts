import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../contract/member-texts';
import { loadConfig } from '../core/config';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { type MemberDb, openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { createMembers } from './index';
import { historyStart, LEVEL } from './membership';
import { Metering } from './metering';
import { Orders } from './orders';
import { hashPassword, verifyPassword } from './passwords';
import { alipaySignContent, pagePayUrl, realAlipay, rsa2Sign, rsa2Verify, sandboxAlipay } from './payments';
import { findPackage, type Package, yuan } from './pricing';
import { LOGIN_LIMITS, LoginLimiter } from './rate-limit';
import type { Member } from './sessions';
import { aliyunEncode, aliyunSignature, type SmsProvider, VerificationCodes } from './sms';

const log = createLogger('silent');

describe('member units', () => {
  let db: MemberDb;
  beforeAll(async () => {
    db = await openMemberDb({ dataDir: tempDir('units') });
    await migrateMemberDb(db, log);
  });
  afterAll(() => db.close());

  it('hashes passwords with scrypt and verifies them', async () => {
    const h = await hashPassword('abc12345');
    expect(h).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('abc12345', h)).toBe(true);
    expect(await verifyPassword('abc12346', h)).toBe(false);
    expect(await verifyPassword('abc12345', null)).toBe(false);
    expect(await hashPassword('abc12345')).not.toBe(h);
  });

  it('caps codes per phone per day, and gives back the cooldown when the provider fails', async () => {
    const sent: string[] = [];
    const provider: SmsProvider = { name: 'test', sendCode: async (_p, code) => void sent.push(code) };
    const codes = new VerificationCodes(db, provider, 3, log);
    const phone = '13600000000';
    // Three sends earlier today, each outside the cooldown.
    for (let i = 1; i <= 3; i++)
      await db.query(
        `INSERT INTO sms_codes (phone, code_hash, expires_at, created_at) VALUES ($1, 'x', now(), now() - make_interval(mins => $2))`,
        [phone, i * 10],
      );
    expect(await codes.send(phone, '1.2.3.4')).toEqual({ ok: false, msg: M.CODE_DAILY_CAP });
    const failing = new VerificationCodes(
      db,
      {
        name: 'down',
        sendCode: async () => {
          throw new Error('down');
        },
      },
      10,
      log,
    );
    expect(await failing.send('13600000001', '1.2.3.4')).toEqual({ ok: false, msg: M.SMS_FAILED });
    expect(await codes.send('13600000001', '1.2.3.4')).toEqual({ ok: true });
    // A code checks once; wrong attempts are limited to 5.
    const code = sent.at(-1) as string;
    for (let i = 0; i < 5; i++)
      expect(await codes.check('13600000001', code === '999999' ? '000000' : '999999', true)).toBe(false);
    expect(await codes.check('13600000001', code, true)).toBe(false);
  });

  it('limits login attempts per account (passwords) and per IP within the window', async () => {
    const limiter = new LoginLimiter(db);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++)
      expect(await limiter.attempt('13500000000', `10.0.0.${i + 10}`, true)).toBeNull();
    expect(await limiter.attempt('13500000000', '10.0.0.9', true)).toBe('account');
    expect(await limiter.attempt('13500000001', '10.0.0.9', true)).toBeNull();
    // The phone's lock holds passwords only: an SMS code attempt goes on.
    expect(await limiter.attempt('13500000000', '10.0.0.9', false)).toBeNull();
    await limiter.succeeded('13500000000', '10.0.0.9');
    expect(await limiter.attempt('13500000000', '10.0.0.9', true)).toBeNull();
    // Many phones from one address: the IP limit; a success gives its slot back.
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++)
      expect(await limiter.attempt(`1350000${String(i).padStart(4, '0')}`, '10.0.0.2', true)).toBeNull();
    expect(await limiter.attempt('13599999999', '10.0.0.2', false)).toBe('ip');
    await limiter.succeeded('13500000000', '10.0.0.2');
    expect(await limiter.attempt('13599999999', '10.0.0.2', true)).toBeNull();
    expect(await limiter.attempt('13599999999', '10.0.0.3', true)).toBeNull();
  });

  it('closes an order on TRADE_CLOSED; a later success notification for it grants nothing', async () => {
    const alipay = await sandboxAlipay(db);
    // The key pair is generated once and read back on the next start.
    expect((await sandboxAlipay(db)).appId).toBe(alipay.appId);
    const orders = new Orders(db, alipay);
    const [u] = await db.query<{ id: number }>(
      `INSERT INTO users (phone, vip_id) VALUES ('13400000000', 1) RETURNING id`,
    );
    const pkg = findPackage('vip2_q') as Package;
    const o = await orders.create(Number(u?.id), pkg);
    const notify = (status: string) => {
      const p: Record<string, string> = {
        app_id: alipay.appId,
        out_trade_no: o.out_trade_no,
        total_amount: yuan(pkg.price_fen),
        trade_status: status,
        trade_no: 'T',
        sign_type: 'RSA2',
      };
      return { ...p, sign: rsa2Sign(p, alipay.appPrivateKey) };
    };
    expect(await orders.handleNotify(notify('WAIT_BUYER_PAY'))).toMatchObject({
      verified: true,
      applied: false,
    });
    expect(await orders.handleNotify(notify('TRADE_CLOSED'))).toMatchObject({
      verified: true,
      reason: 'closed',
    });
    expect((await orders.get(o.out_trade_no))?.status).toBe('closed');
    expect(await orders.handleNotify(notify('TRADE_SUCCESS'))).toMatchObject({
      verified: true,
      applied: false,
    });
    const [after] = await db.query<{ vip_id: number }>('SELECT vip_id FROM users WHERE id = $1', [u?.id]);
    expect(after?.vip_id).toBe(1);
    // Every notification is kept for audit.
    const log = await db.query('SELECT 1 FROM payment_notifications WHERE out_trade_no = $1', [
      o.out_trade_no,
    ]);
    expect(log).toHaveLength(3);
  });

  it('makes exactly the ADMIN_PHONES accounts admins at start', async () => {
    await db.query(
      `INSERT INTO users (phone, is_admin) VALUES ('13300000001', false), ('13300000002', true)`,
    );
    await createMembers(db, loadConfig({ ADMIN_PHONES: '13300000001' }), log);
    const rows = await db.query<{ phone: string; is_admin: boolean }>(
      `SELECT phone, is_admin FROM users WHERE phone LIKE '1330000000%' ORDER BY phone`,
    );
    expect(rows).toEqual([
      { phone: '13300000001', is_admin: true },
      { phone: '13300000002', is_admin: false },
    ]);
  });

  it('signs and verifies like Alipay (RSA2 over sorted k=v, sign and sign_type excluded)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const p: Record<string, string> = { b: '2', a: '1', empty: '', sign_type: 'RSA2', subject: '高级会员' };
    expect(alipaySignContent(p)).toBe('a=1&b=2&subject=高级会员');
    const sign = rsa2Sign(p, privateKey);
    expect(rsa2Verify({ ...p, sign }, publicKey)).toBe(true);
    expect(rsa2Verify({ ...p, a: '2', sign }, publicKey)).toBe(false);
    expect(rsa2Verify({ ...p, sign: 'AAAA' }, publicKey)).toBe(false);
    expect(rsa2Verify({ ...p, sign, sign_type: 'RSA' }, publicKey)).toBe(false);
  });

  it('encodes and signs for Aliyun like its documented example', () => {
    expect(aliyunEncode("a b*c~d'!")).toBe('a%20b%2Ac~d%27%21');
    // The worked example of Aliyun's RPC signature documentation (DescribeRegions, secret "testsecret").
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunSignature(params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('builds a signed alipay.trade.page.pay URL that verifies with the app key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = (k: KeyObject, type: 'pkcs8' | 'spki') =>
      k.export({ format: 'der', type }).toString('base64');
    // Alipay hands keys out as bare base64; both forms are read.
    const cfg = realAlipay({
      appId: '2021000000000000',
      privateKey: pem(privateKey, 'pkcs8'),
      publicKey: pem(publicKey, 'spki'),
    });
    const url = new URL(
      pagePayUrl(
        cfg,
        { out_trade_no: 'T1', total_amount: '699.00', subject: '高级会员（年度）' },
        {
          notify: 'https://x.example/fbmain/pay/callback/alipay',
          return: 'https://x.example/main/paySuccess',
        },
      ),
    );
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    const p = Object.fromEntries(url.searchParams);
    expect(p).toMatchObject({
      method: 'alipay.trade.page.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      app_id: '2021000000000000',
    });
    expect(JSON.parse(p.biz_content as string)).toMatchObject({
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '699.00',
    });
    expect(rsa2Verify(p, publicKey)).toBe(true);
  });

  it('limits history depth by level (3/6/12/18 months)', () => {
    const now = new Date('2026-11-22T04:00:00Z');
    const at = (level: number) => historyStart(level === 0 ? null : ({ level } as Member), now);
    expect(at(LEVEL.VISITOR)).toBe('2026-08-22');
    expect(at(LEVEL.SENIOR)).toBe('2026-05-22');
    expect(at(LEVEL.DELUXE)).toBe('2025-11-22');
    expect(at(LEVEL.SUPER)).toBe('2025-05-22');
  });
  it('gives a debit back once, however often the refund is asked for', async () => {
    const [u] = await db.query<{ id: number }>(
      `INSERT INTO users (phone, api_balance) VALUES ('13400000009', 10) RETURNING id`,
    );
    const id = Number(u?.id);
    const m = new Metering(db);
    const debit = await m.debit(id, 'search', 3, 'q');
    expect(debit?.balance).toBe(7);
    await Promise.all([1, 2, 3].map(() => m.refund(id, 'search', 3, debit?.id ?? 0)));
    await m.refund(id, 'search', 3, debit?.id ?? 0);
    expect((await m.balance(id)).balance).toBe(10);
    const rows = await db.query<{ kind: string }>(`SELECT kind FROM api_ledger WHERE user_id = $1`, [id]);
    expect(rows.map((r) => r.kind).sort()).toEqual(['call', 'refund']);
  });
});
