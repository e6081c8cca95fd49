import { consoleOutbox } from '../members/sms';
import type { Platform } from '../platform/platform';
import { startInProcess } from './harness';
import { templateCopy } from './pg-template';
import { PG_SERVER, pgServerReachable, throwawayDatabase } from './postgres';

/** Shared by the member API tests: engines (PGlite, PostgreSQL server), a small HTTP client, sign-up. */

export const ADMIN_PHONE = '13900000001';

/**
 * One platform per engine for a test file. The server variant is skipped (with a warning) when
 * PostgreSQL is unreachable, except in CI where that is a failure.
 */
export async function memberEngines(): Promise<{ name: string; skip: boolean }[]> {
  const reachable = await pgServerReachable();
  if (!reachable)
    console.warn(`[member API tests on PostgreSQL server] skipped: ${PG_SERVER} is not reachable`);
  return [
    { name: 'PGlite', skip: false },
    { name: 'PostgreSQL server', skip: !reachable && process.env.CI !== 'true' },
  ];
}

export async function startMemberPlatform(
  engine: string,
  env: Record<string, string> = {},
): Promise<{ platform: Platform; url: string; stop: () => Promise<void> }> {
  const extra: Record<string, string> = { ADMIN_PHONES: ADMIN_PHONE, ...env };
  let drop = async () => {};
  if (engine === 'PostgreSQL server') {
    // A copy of the run's migrated template when its tier made one, else an empty database the platform migrates.
    const d = (await templateCopy()) ?? (await throwawayDatabase());
    extra.DATABASE_URL = d.url;
    drop = d.drop;
  }
  const platform = await startInProcess(extra, { embedded: true });
  return {
    platform,
    url: platform.url as string,
    stop: async () => {
      await platform.stop();
      await drop();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: replies are read by assertions, which check their shape.
type Json = any;

export interface Reply {
  status: number;
  body: { error_code?: number; code?: number; status?: number; msg?: string; data?: Json } & Record<
    string,
    Json
  >;
  headers: Headers;
  text: string;
}

/**
 * The code a /fbmain reply refuses with (docs/api.md "HTTP 状态码规则": refusals are HTTP 200 with the body's code):
 * error_code when non-zero, else status other than 200, else mp_update's code; a reply that is not HTTP 200
 * reads `HTTP <status>`, so an assertion on the code also fails on a refusal sent with another HTTP status.
 */
export function refusal(r: { status: number; body: Reply['body'] }): number | string {
  if (r.status !== 200) return `HTTP ${r.status}`;
  const b = r.body ?? {};
  if (typeof b.error_code === 'number' && b.error_code !== 0) return b.error_code;
  if (typeof b.status === 'number' && b.status !== 200) return b.status;
  if (typeof b.code === 'number' && b.code !== 0) return b.code;
  return 0;
}

/** refusal() of a fetch Response; its body is read from a clone, so the caller may still read it. */
export async function responseRefusal(res: Response): Promise<number | string> {
  const body = await res
    .clone()
    .json()
    .catch(() => ({}));
  return refusal({ status: res.status, body });
}

/** A browser-like client: sends the accessToken header once logged in. */
export class Client {
  token: string | null = null;
  constructor(public base: string) {}

  async call(
    method: string,
    path: string,
    fields: Record<string, unknown> = {},
    json = false,
    // Headers of this call alone (e.g. the X-Forwarded-For a proxy would send).
    extra: Record<string, string> = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...extra };
    if (this.token) headers.accessToken = this.token;
    let url = `${this.base}${path}`;
    let body: string | undefined;
    if (method === 'GET') {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) q.append(k, String(v));
      if ([...q].length) url += `?${q}`;
    } else if (json) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(fields);
    } else {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(fields))
        for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item));
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = q.toString();
    }
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: Json = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = {};
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  }
  get = (p: string, f?: Record<string, unknown>) => this.call('GET', p, f);
  post = (p: string, f?: Record<string, unknown>) => this.call('POST', p, f);
  put = (p: string, f?: Record<string, unknown>) => this.call('PUT', p, f);
  del = (p: string, f?: Record<string, unknown>) => this.call('DELETE', p, f);
}

/** The last code the console SMS provider sent to a phone (same process as the in-process platform). */
export function lastCode(phone: string): string {
  const sent = consoleOutbox.filter((s) => s.phone === phone).at(-1);
  if (!sent) throw new Error(`no code sent to ${phone}`);
  return sent.code;
}

let phoneSeq = 0;
/** Distinct valid phones per test process (the pid keeps parallel files apart on a shared server). */
export const nextPhone = () =>
  `137${String((process.pid % 10_000) * 1000 + (phoneSeq++ % 1000)).padStart(8, '0')}`;

/**
 * Signs up through sendCode + register, as the dialog does; returns a logged-in client. `codeOf` reads the code
 * sent (by default from this process's console outbox; a spawned platform logs it instead).
 */
export async function signUp(
  base: string,
  phone = nextPhone(),
  password = 'abc12345',
  codeOf: (phone: string) => string | Promise<string> = lastCode,
): Promise<Client> {
  const c = new Client(base);
  const sent = await c.post('/fbmain/account/v1/sendCode', { phone });
  if (sent.body.error_code !== 0) throw new Error(`sendCode: ${sent.text}`);
  const r = await c.post('/fbmain/account/v1/register', {
    username: `测试${phone.slice(-4)}`,
    phone,
    accessToken: '',
    code: await codeOf(phone),
    password,
    confirm: password,
    invitecode: '',
  });
  if (r.body.error_code !== 0) throw new Error(`register: ${r.text}`);
  c.token = r.body.data.accessToken;
  return c;
}

const unescapeHtml = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e as string] ?? _,
  );

/** The hidden fields of the sandbox cashier's form: the signed notification Alipay would send. */
export function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    out[unescapeHtml(m[1] as string)] = unescapeHtml(m[2] as string);
  return out;
}

/** Buys a package end to end through the sandbox cashier, as a browser would. */
export async function buy(
  c: Client,
  packageId: string,
): Promise<{ outTradeNo: string; notify: Record<string, string> }> {
  const order = await c.post('/fbmain/account/v1/create_order', { package_id: packageId });
  if (order.body.error_code !== 0) throw new Error(`create_order: ${order.text}`);
  const page = await fetch(order.body.data.pay_url);
  const notify = hiddenFields(await page.text());
  const paid = await fetch(`${c.base}/fbmain/pay/sandbox/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(notify).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status} ${await paid.text()}`);
  return { outTradeNo: order.body.data.out_trade_no, notify };
}
