import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PHONE, buy, type Client, nextPhone, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';
import { BASELINE, insertFixtures } from '../e2e/test-inputs';
import { ACCESS, ACCESS_ROLES, type Access, type AccessRole, allows } from './access-matrix';
import { routesOnlyApp, servedRoutes } from './contract-report';

/**
 * The authorization matrix, tested: every /fbmain route the app serves (read from the app itself, so a route added
 * later without a row fails here) is called with every method it serves, as every role — a visitor, members of
 * levels 1–4, an admin, and a client holding only an API key — and the answer must grant exactly what
 * api/access-matrix.ts grants. Turned away means 401 (用户未登录 or an invalid key) or 403 with a level or admin
 * code, before the input is read; anything else is let in (it may still be a 400 about the input).
 * ACCESS_DISCOVER=1 prints the observed matrix as table rows, to review when adding routes.
 */

const NOW = Date.parse('2026-11-01T21:30:00+08:00');
let base: string;
let close: () => Promise<void>;
const tokens = new Map<AccessRole, { token: string | null; apiKey: string | null }>();

beforeAll(async () => {
  const opened = await openServedApp('access-matrix', NOW, { ADMIN_PHONES: ADMIN_PHONE });
  ({ base, close } = opened);
  await insertFixtures(opened.store, NOW);
  const free = await signUp(base, nextPhone());
  const level = async (id: string) => {
    const c = await signUp(base, nextPhone());
    await buy(c, id);
    return c;
  };
  const [senior, deluxe, superMember] = await Promise.all([
    level('vip2_q'),
    level('vip3_q'),
    level('vip4_q'),
  ]);
  const admin = await signUp(base, ADMIN_PHONE);
  await buy(admin, 'vip4_q');
  const keyHolder: Client = await level('api_10k');
  const key = (await keyHolder.post('/fbmain/api/v1/api_keys', { name: '授权矩阵' })).body.data.key as string;
  tokens.set('visitor', { token: null, apiKey: null });
  tokens.set('free', { token: free.token, apiKey: null });
  tokens.set('senior', { token: senior.token, apiKey: null });
  tokens.set('deluxe', { token: deluxe.token, apiKey: null });
  tokens.set('super', { token: superMember.token, apiKey: null });
  tokens.set('admin', { token: admin.token, apiKey: null });
  tokens.set('apikey', { token: null, apiKey: key });
}, 180_000);

afterAll(async () => close?.());

/** Turned away by the gate: not logged in / bad key (401), or below the level or not an admin (403). */
/**
 * Where the baseline does not pass a route's validation (which some routes run before their gate), the inputs that
 * do: article calls take post as 公众号ID_文章ID; a few take one of two names, not both.
 */
const OVERRIDES: [RegExp, Record<string, string | undefined>][] = [
  [
    /read_praise|read_zan|spend_time|tencent_claim|isExistReport|article_content/,
    { post: '21_300_1', url: undefined },
  ],
  [/same_owner_minipro/, { appid: undefined }],
  [/link_permanent/, { urls: undefined }],
  [/crawl_progress/, { request_id: '00000000-0000-4000-8000-000000000000' }],
];

function inputsOf(path: string): Record<string, string> {
  const out: Record<string, string | undefined> = { ...BASELINE };
  for (const [re, o] of OVERRIDES) if (re.test(path)) Object.assign(out, o);
  return Object.fromEntries(Object.entries(out).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Status of each route's last answer to the visitor, for ACCESS_DISCOVER. */
const visitorStatus = new Map<string, number>();

async function turnedAway(role: AccessRole, method: string, path: string): Promise<boolean> {
  const who = tokens.get(role);
  const headers: Record<string, string> = { connection: 'close' };
  if (who?.token) headers.accessToken = who.token;
  if (who?.apiKey) headers['x-api-key'] = who.apiKey;
  // Logging out would end the role's session for the calls after it: it goes with a session of its own.
  if (path === '/user/v1/login_out' && who?.token)
    headers.accessToken = (await signUp(base, nextPhone())).token ?? '';
  // Inputs that pass validation where a route reads them, so a gate placed after validation is reached too.
  const inputs = new URLSearchParams(inputsOf(path));
  const query = method === 'GET' || method === 'DELETE' ? `?${inputs}` : '';
  if (!query) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(`${base}/fbmain${path.replace(/:[A-Za-z_]+/g, '1')}${query}`, {
    method,
    headers,
    body: query ? undefined : inputs.toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  if (role === 'visitor') visitorStatus.set(`${method} ${path}`, res.status);
  // The open API refuses a missing or wrong key by HTTP 401 (its clients read statuses: docs/api.md).
  if (res.status === 401) return true;
  // /fbmain refusals are HTTP 200 with the body's code (docs/api.md "HTTP 状态码规则").
  if (res.status !== 200) return false;
  let body: { error_code?: number; status?: number } = {};
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  // Not logged in, level insufficient, forbidden; refusals about the object (not found, conflicts) are answers.
  return (
    body.error_code === 40001 ||
    body.error_code === 40002 ||
    body.status === 4002 ||
    body.error_code === 40003
  );
}

const served = () =>
  [...servedRoutes(routesOnlyApp())]
    .flatMap(([path, methods]) => [...methods].sort().map((method) => `${method} ${path}`))
    .sort();

describe('the authorization matrix', () => {
  it('has one row for every route the app serves, and no row for a route it does not', () => {
    const routes = served();
    expect(routes.filter((r) => !(r in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('grants each role exactly what its row says, on every route', async () => {
    const wrong: string[] = [];
    const observed = new Map<string, AccessRole[]>();
    const routes = served();
    // Logging out goes last, so no other call runs on a session it ended.
    routes.sort((a, b) => Number(a.endsWith('/login_out')) - Number(b.endsWith('/login_out')));
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const granted: AccessRole[] = [];
      for (const role of ACCESS_ROLES) {
        const away = await turnedAway(role, method, path);
        if (!away) granted.push(role);
        const access = ACCESS[route] as Access | undefined;
        if (access && allows(access, role) === away)
          wrong.push(`${route} as ${role}: ${away ? 'turned away' : 'let in'}, the matrix says ${access}`);
      }
      observed.set(route, granted);
    }
    if (process.env.ACCESS_DISCOVER === '1')
      for (const [route, granted] of observed)
        console.log(`  '${route}': ${JSON.stringify(granted)}, // visitor ${visitorStatus.get(route)}`);
    console.log(`[access matrix] ${routes.length} routes × ${ACCESS_ROLES.length} roles checked`);
    expect(wrong).toEqual([]);
  }, 900_000);
});
