import { type CredentialLimits, type CredentialStore, PgCredentialStore } from './credentials';
import { fetchJson, fetchJsonSettingCookies, UpstreamError } from './http';

/**
 * WeChat Reading's web login by QR (weread.qq.com; docs/collectors.md): getuid gives a uid, the QR encodes
 * /web/confirm?pf=2&uid=…, the admin scans it with WeChat, getinfo then returns the login (vid, skey, rt), and
 * weblogin sets the wr_vid / wr_skey / wr_rt cookies. wr_skey lapses daily; /web/login/renewal with wr_rt hands out
 * a new one (renewReading).
 */

export const cookieHeader = (c: Record<string, string>): string =>
  Object.entries(c)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

export function parseCookie(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

/** Starts a QR login: the uid to poll with and the URL the QR code shows. */
export async function startReadingLogin(baseUrl: string): Promise<{ uid: string; qrUrl: string }> {
  const r = await fetchJson<{ uid?: unknown }>(new URL('/web/login/getuid', baseUrl).toString(), {
    method: 'POST',
    body: '{}',
    retries: 1,
  });
  if (typeof r.uid !== 'string' || r.uid === '')
    throw new UpstreamError('weread getuid: no uid', 'malformed');
  return { uid: r.uid, qrUrl: `https://weread.qq.com/web/confirm?pf=2&uid=${encodeURIComponent(r.uid)}` };
}

/**
 * One poll of a QR login: null while nobody has scanned, else the login's cookie (wr_vid, wr_skey, wr_rt) after
 * weblogin. A lapsed QR is an error with a Chinese message for the admin page.
 */
export async function pollReadingLogin(
  baseUrl: string,
  uid: string,
): Promise<{ vid: string; cookie: string; name: string } | null> {
  const info = await fetchJson<{
    succ?: number;
    vid?: number;
    skey?: string;
    rt?: string;
    name?: string;
    errCode?: number;
  }>(new URL('/web/login/getinfo', baseUrl).toString(), {
    method: 'POST',
    body: JSON.stringify({ uid }),
    retries: 1,
  });
  if (info.errCode)
    throw new UpstreamError('二维码已失效，请重新生成二维码', 'rejected', undefined, info.errCode);
  if (!info.succ || !info.vid || !info.skey) return null;
  const login = await fetchJsonSettingCookies<{ vid?: number; errCode?: number }>(
    new URL('/web/login/weblogin', baseUrl).toString(),
    { method: 'POST', body: JSON.stringify({ vid: info.vid, skey: info.skey, rt: info.rt }), retries: 1 },
  );
  if (login.json.errCode || !login.cookies.wr_skey)
    throw new UpstreamError('微信读书登录失败，请重新扫码', 'expired', undefined, login.json.errCode);
  return { vid: String(info.vid), cookie: cookieHeader(login.cookies), name: info.name ?? '' };
}

/** Adds a logged-in reading account to the pool (the admin page's last step). */
export async function addReadingAccount(
  store: PgCredentialStore,
  login: { vid: string; cookie: string; name: string },
  limits: Partial<CredentialLimits> = {},
): Promise<number> {
  return store.add({
    source: 'weread',
    label: login.name || `微信读书 ${login.vid}`,
    secret: { cookie: login.cookie },
    dailyBudget: 50,
    ...limits,
    // The daily token lapses at midnight but is renewed on use (renewReading): the login has no hard expiry.
    expiresAt: null,
  });
}

/**
 * Renews a reading login's daily wr_skey with its wr_rt; the new cookie is stored. Null when the
 * refresh token is gone too (the admin scans again).
 */
export async function renewReading(
  baseUrl: string,
  store: Pick<CredentialStore, 'renew'>,
  cred: { id: number; secret: Record<string, string> },
): Promise<Record<string, string> | null> {
  const jar = parseCookie(cred.secret.cookie ?? '');
  if (!jar.wr_rt) return null;
  const r = await fetchJsonSettingCookies<{ succ?: number; errCode?: number }>(
    new URL('/web/login/renewal', baseUrl).toString(),
    {
      method: 'POST',
      body: JSON.stringify({ rq: '%2Fweb%2Fbook%2Fread', ql: false }),
      headers: { cookie: cred.secret.cookie ?? '' },
      retries: 1,
    },
  );
  if (r.json.succ !== 1 || !r.cookies.wr_skey) return null;
  const secret = { ...cred.secret, cookie: cookieHeader({ ...jar, ...r.cookies }) };
  await store.renew(cred.id, secret, null);
  return secret;
}

export { PgCredentialStore };
