import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import type { MemberDb } from '../postgres/db';
import { newToken } from './tokens';

/**
 * Alipay's RSA2 signature: the parameters except sign and sign_type, empty values dropped, sorted by
 * key, joined as k=v&k=v (raw values), signed SHA256withRSA, base64. Used for requests we send and
 * for the async notifications Alipay posts back.
 */
export function alipaySignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const rsa2Sign = (params: Record<string, string>, key: KeyObject) =>
  sign('sha256', Buffer.from(alipaySignContent(params), 'utf8'), key).toString('base64');

export function rsa2Verify(params: Record<string, string>, key: KeyObject): boolean {
  const sig = params.sign;
  if (!sig || (params.sign_type && params.sign_type !== 'RSA2')) return false;
  try {
    return verify('sha256', Buffer.from(alipaySignContent(params), 'utf8'), key, Buffer.from(sig, 'base64'));
  } catch {
    return false;
  }
}

/** Alipay hands out keys as bare base64 (PKCS#8 / PKCS#1 private, SPKI public); PEM is accepted too. */
export function readPrivateKey(s: string): KeyObject {
  if (s.includes('-----BEGIN')) return createPrivateKey(s);
  const der = Buffer.from(s.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

export function readPublicKey(s: string): KeyObject {
  if (s.includes('-----BEGIN')) return createPublicKey(s);
  return createPublicKey({ key: Buffer.from(s.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
}

/** Alipay's timestamp format, Beijing time. */
export const alipayTime = (d = new Date()) =>
  new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export interface AlipayConfig {
  mode: 'sandbox' | 'alipay';
  appId: string;
  gateway: string;
  /** Our application key: signs requests (and, in the sandbox, the simulated notifications). */
  appPrivateKey: KeyObject;
  /** Alipay's public key: verifies notifications. */
  alipayPublicKey: KeyObject;
}

const SANDBOX_SETTING = 'alipay_sandbox_keys';

/**
 * The demo's payment provider: a key pair generated at first start and kept in the database, so every
 * api replica and every restart verifies with the same key. The sandbox gateway is our own checkout page.
 */
export async function sandboxAlipay(db: MemberDb): Promise<AlipayConfig> {
  const existing = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [
    SANDBOX_SETTING,
  ]);
  if (!existing[0]) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const value = JSON.stringify({
      app_id: `sandbox${Date.now()}${newToken(3)}`,
      private_key: privateKey.export({ format: 'pem', type: 'pkcs8' }),
      public_key: publicKey.export({ format: 'pem', type: 'spki' }),
    });
    // Two replicas starting together: the first insert wins and both read it back.
    await db.query('INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      SANDBOX_SETTING,
      value,
    ]);
  }
  const [row] = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [
    SANDBOX_SETTING,
  ]);
  const k = JSON.parse(row?.value ?? '{}') as { app_id: string; private_key: string; public_key: string };
  return {
    mode: 'sandbox',
    appId: k.app_id,
    gateway: '/fbmain/pay/sandbox/checkout',
    appPrivateKey: readPrivateKey(k.private_key),
    alipayPublicKey: readPublicKey(k.public_key),
  };
}

export function realAlipay(c: {
  appId: string;
  privateKey: string;
  publicKey: string;
  gateway?: string;
}): AlipayConfig {
  return {
    mode: 'alipay',
    appId: c.appId,
    gateway: c.gateway ?? 'https://openapi.alipay.com/gateway.do',
    appPrivateKey: readPrivateKey(c.privateKey),
    alipayPublicKey: readPublicKey(c.publicKey),
  };
}

/** alipay.trade.page.pay: the signed URL that opens Alipay's cashier for an order. */
export function pagePayUrl(
  cfg: AlipayConfig,
  o: { out_trade_no: string; total_amount: string; subject: string },
  urls: { notify: string; return: string },
): string {
  const params: Record<string, string> = {
    app_id: cfg.appId,
    method: 'alipay.trade.page.pay',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTime(),
    version: '1.0',
    notify_url: urls.notify,
    return_url: urls.return,
    biz_content: JSON.stringify({ ...o, product_code: 'FAST_INSTANT_TRADE_PAY' }),
  };
  params.sign = rsa2Sign(params, cfg.appPrivateKey);
  return `${cfg.gateway}?${new URLSearchParams(params)}`;
}
