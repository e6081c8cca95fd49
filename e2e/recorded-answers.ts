import { createHash } from 'node:crypto';
import { routesOnlyApp, servedRoutes } from '../api/contract-report';
import { PACKAGES } from '../members/pricing';
import { ADMIN_PHONE, buy, nextPhone, signUp } from './members-harness';
import { openServedApp } from './served-app';
import { BASELINE, insertFixtures } from './test-inputs';

/**
 * The recorded set of /fbmain calls that proves a restructuring behaviour-preserving: every served route and
 * method, as a visitor, a free member, a top-level member and an admin, with the inputs the route sweeps use
 * (api/test-inputs.ts BASELINE), on the fixture rows and a fixed clock, sent one at a time in one fixed order.
 * `npm run record:answers` writes e2e/recorded/fbmain-answers.json; e2e/recorded-answers.test.ts sends the same
 * calls to today's code and wants every answer byte-identical, except where a value cannot be the same twice.
 *
 * What cannot be the same twice is found, not guessed: the recording runs the whole set twice on two fresh apps,
 * and every JSON place whose values differ (session tokens, keys, order numbers, phones of new members) is written
 * down as volatile; so are timestamps of the wall clock (PostgreSQL's now(), after the fixed clock's day), by rule,
 * since two runs within one second would not tell them apart.
 */

export const NOW = Date.parse('2026-11-01T21:30:00+08:00');
/** Calls left out: they end the session they are sent with, or the member's account. */
const LEFT_OUT = new Set(['/user/v1/login_out', '/user/v1/delete_account']);
/** Bodies longer than this are kept as their SHA-256 (exports, pages, images): still byte-identical or not. */
const KEEP_TEXT = 4096;

export interface RecordedAnswer {
  /** `METHOD /path as role`. */
  call: string;
  status: number;
  type: string;
  /** Parsed JSON, the text, or `sha256:<hex>` of a long non-JSON body. */
  body: unknown;
}

export interface Recording {
  recordedAt: string;
  answers: RecordedAnswer[];
  /** `call|json.path` places whose values differ between two runs of the same code. */
  volatile: string[];
}

/** Wall-clock instants (anything after the fixed clock's next day) read as one placeholder. */
const AFTER = NOW + 86_400_000;
const WALL = '<wall-clock>';
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/;

function wallClock(v: unknown): boolean {
  if (typeof v === 'number' && Number.isInteger(v)) {
    if (v > 1e12 && v < 1e13) return v > AFTER;
    if (v > 1e9 && v < 1e10) return v * 1000 > AFTER;
    return false;
  }
  if (typeof v === 'string' && DATE_TIME.test(v)) {
    const t = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(v) ? v : `${v.replace(' ', 'T')}+08:00`);
    return Number.isFinite(t) && t > AFTER;
  }
  return false;
}

/** Replaces wall-clock values and the recording's volatile places of one answer by placeholders. */
export function normalise(answer: RecordedAnswer, volatile: Set<string>): RecordedAnswer {
  const walk = (v: unknown, at: string): unknown => {
    if (volatile.has(`${answer.call}|${at}`)) return '<volatile>';
    if (wallClock(v)) return WALL;
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${at}[${i}]`));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, `${at}.${k}`)]));
    return v;
  };
  return { ...answer, body: walk(answer.body, '$') };
}

/** The JSON places where two answers to one call differ (a whole array where lengths differ). */
export function differences(a: unknown, b: unknown, at = '$'): string[] {
  if (Object.is(a, b)) return [];
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length)
    return a.flatMap((x, i) => differences(x, b[i], `${at}[${i}]`));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = Object.keys(a as object);
    const same = keys.length === Object.keys(b as object).length && keys.every((k) => k in (b as object));
    if (same)
      return keys.flatMap((k) =>
        differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`),
      );
  }
  return [at];
}

/** Sends the recorded set of calls to a fresh app of today's code, in the fixed order. */
export async function runCalls(name: string): Promise<RecordedAnswer[]> {
  const { base, app, store, close } = await openServedApp(name, NOW, { ADMIN_PHONES: ADMIN_PHONE });
  try {
    await insertFixtures(store, NOW);
    const top = PACKAGES.filter((p) => p.kind === 'vip').sort(
      (a, b) => (b.vip_id ?? 0) - (a.vip_id ?? 0) || a.price_fen - b.price_fen,
    )[0]?.id as string;
    // One after another: the phones, orders and ids they get follow the same order in every run.
    const free = await signUp(base, nextPhone());
    const topMember = await signUp(base, nextPhone());
    await buy(topMember, top);
    const admin = await signUp(base, ADMIN_PHONE);
    await buy(admin, top);
    const roles = [
      { name: 'visitor', token: null },
      { name: 'free', token: free.token },
      { name: 'top', token: topMember.token },
      { name: 'admin', token: admin.token },
    ];
    const routes = [...servedRoutes(routesOnlyApp())]
      .filter(([p]) => !LEFT_OUT.has(p))
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([path, methods]) => [...methods].sort().map((method) => ({ path, method })));
    const out: RecordedAnswer[] = [];
    for (const { path, method } of routes)
      for (const role of roles) {
        const headers: Record<string, string> = {};
        if (role.token) headers.accessToken = role.token;
        const inQuery = method === 'GET' || method === 'DELETE';
        const query = inQuery ? `?${new URLSearchParams(BASELINE)}` : '';
        if (!inQuery) headers['content-type'] = 'application/x-www-form-urlencoded';
        const res = await app.request(`${base}/fbmain${path}${query}`, {
          method,
          headers,
          body: inQuery ? undefined : new URLSearchParams(BASELINE).toString(),
        });
        const type = res.headers.get('content-type') ?? '';
        const bytes = Buffer.from(await res.arrayBuffer());
        let body: unknown;
        if (type.includes('application/json')) body = JSON.parse(bytes.toString('utf8'));
        else if (bytes.length <= KEEP_TEXT && !/image|octet|spreadsheet|zip/.test(type))
          body = bytes.toString('utf8');
        else body = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
        out.push({ call: `${method} ${path} as ${role.name}`, status: res.status, type, body });
      }
    return out;
  } finally {
    await close();
  }
}

/** Two runs of today's code: the answers of the first and the places where the second differs from it. */
export async function record(): Promise<Recording> {
  const first = await runCalls('record-1');
  const second = await runCalls('record-2');
  const volatile = new Set<string>();
  first.forEach((a, i) => {
    const b = second[i];
    if (!b || b.call !== a.call) throw new Error(`the two runs sent different calls at ${i}: ${a.call}`);
    if (a.status !== b.status) throw new Error(`${a.call} answered ${a.status} and ${b.status}`);
    const none = new Set<string>();
    for (const at of differences(normalise(a, none).body, normalise(b, none).body))
      volatile.add(`${a.call}|${at}`);
  });
  return {
    recordedAt: new Date().toISOString(),
    answers: first.map((a) => normalise(a, volatile)),
    volatile: [...volatile].sort(),
  };
}
