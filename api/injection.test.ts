import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { ADMIN_PHONE, buy, type Client, nextPhone, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';
import { BASELINE, insertFixtures } from '../e2e/test-inputs';
import { PACKAGES } from '../members/pricing';
import type { MemberDb } from '../postgres/db';
import { ACCESS } from './access-matrix';
import { routesOnlyApp, servedRoutes } from './contract-report';
import { FIELD_LABELS } from './envelope';

/**
 * Classic SQL-injection payloads in every string field of every /fbmain route, one field at a time, over real HTTP
 * on chDB + PGlite, as the top-level member (as the admin where the route is the admin's, with the API key where
 * it is the open API's). Every SQL text the app sends to ClickHouse and PostgreSQL is recorded: no payload may ever
 * appear in it (values travel only as bound parameters). No answer is a 500, every JSON answer is the contract's
 * envelope, the database is whole afterwards, and a stored string reads back byte for byte.
 *
 * Which fields a route reads: a discovery request per route sets every candidate name to a marker of its own (on
 * top of the baseline, peeling off names a 400 refuses), and the names whose marker or baseline value shows up in
 * the parameters the route bound are its string fields. Payloads rotate over the fields deterministically, so
 * every payload and every (route, field) pair is sent at least once.
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');

const PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "\\'",
  '1) OR (1=1',
  '" OR ""="',
  "%' --",
  '{x:String}',
  "') UNION SELECT name, name FROM system.tables --",
  '\\\\',
  '’ OR ‘1’=‘1',
  '$1',
  '$$',
  "'; DROP TABLE articles; SELECT '",
  '{mid:UInt64}',
  '\\x27 OR 1=1',
  "1' AND sleep(3) --",
];

/** Candidate names: the labelled inputs, the baseline's, and the free-text fields members and admins fill in. */
const CANDIDATES = [
  ...new Set([
    ...Object.keys(FIELD_LABELS),
    ...Object.keys(BASELINE),
    ...`task_id request_id group_id finder_id title content remark keyword text label tag query name nickname
      company address receiver email tax_no need industry source state key secret code username password
      invitecode scan token openid out_trade_no title_type region user_type referrer original status action`.split(
      /\s+/,
    ),
  ]),
];

interface Call {
  sql: string;
  params: unknown;
}

let base: string;
let store: ChdbStore;
let db: MemberDb;
let close: () => Promise<void>;
let top: Client;
let admin: Client;
let apiKey: string;
let topPackage: string;
/** Every statement the app sent, with its parameters. */
let calls: Call[] = [];

/** Records every SQL text and its parameters on the app's own store and database objects (they still run). */
function record(): void {
  const wrap = <O extends object>(o: O, name: string) => {
    const target = o as unknown as Record<string, (...a: unknown[]) => unknown>;
    const real = target[name]?.bind(o);
    if (!real) return;
    target[name] = (sql: unknown, params?: unknown, ...rest: unknown[]) => {
      if (typeof sql === 'string') calls.push({ sql, params });
      return real(sql, params, ...rest);
    };
  };
  for (const m of ['query', 'exec', 'stream']) wrap(store, m);
  wrap(db, 'query');
  wrap(db, 'exec');
  const tx = db.transaction.bind(db);
  db.transaction = (fn) =>
    tx((t) =>
      fn({
        query: (sql, params) => {
          calls.push({ sql, params });
          return t.query(sql, params);
        },
        exec: (sql) => {
          calls.push({ sql, params: undefined });
          return t.exec(sql);
        },
      }),
    );
}

beforeAll(async () => {
  ({ base, store, db, close } = await openServedApp('injection', NOW, { ADMIN_PHONES: ADMIN_PHONE }));
  await insertFixtures(store, NOW);
  topPackage = PACKAGES.filter((p) => p.kind === 'vip').sort(
    (a, b) => (b.vip_id ?? 0) - (a.vip_id ?? 0) || a.price_fen - b.price_fen,
  )[0]?.id as string;
  [top, admin] = (await Promise.all([signUp(base, nextPhone()), signUp(base, ADMIN_PHONE)])) as [
    Client,
    Client,
  ];
  await Promise.all([buy(top, topPackage), buy(admin, topPackage), buy(top, 'api_10k')]);
  apiKey = (await top.post('/fbmain/api/v1/api_keys', { name: '注入测试' })).body.data.key as string;
  record();
}, 120_000);

afterAll(async () => {
  await close();
});

interface Answer {
  status: number;
  type: string;
  text: string;
}

const inQuery = (m: string) => m === 'GET' || m === 'DELETE';

/** Sends fields to a route as its gate expects: query string or form, with the role's credentials. */
async function send(method: string, path: string, fields: Record<string, string>): Promise<Answer> {
  const access = ACCESS[`${method} ${path}`];
  const headers: Record<string, string> = { connection: 'close' };
  if (access === 'apikey') headers['x-api-key'] = apiKey;
  else headers.accessToken = (access === 'admin' ? admin : top).token as string;
  const q = inQuery(method) ? `?${new URLSearchParams(fields)}` : '';
  if (!inQuery(method)) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(`${base}/fbmain${path.replace(/:[A-Za-z_]+/g, '1')}${q}`, {
    method,
    headers,
    body: inQuery(method) ? undefined : new URLSearchParams(fields).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

const CJK = /[\u4e00-\u9fff]/;

/** Why an answer breaks the contract, or null. */
function problem(a: Answer): string | null {
  let body: Record<string, unknown> | null = null;
  if (a.type.includes('application/json'))
    try {
      body = JSON.parse(a.text);
    } catch {
      return `${a.status} JSON that does not parse`;
    }
  const msg = body?.msg;
  // No bus to the collectors and no WeChat upstream in this app: those calls answer 503 '…暂不可用'.
  if (a.status === 503 && typeof msg === 'string' && msg.includes('暂不可用')) return null;
  if (a.status >= 500) return `${a.status} ${a.text.slice(0, 200)}`;
  if (body) {
    const code = body.error_code ?? body.code ?? body.status;
    if (typeof code !== 'number' || typeof msg !== 'string')
      return `not the envelope: ${a.text.slice(0, 200)}`;
    if (a.status >= 400 && !CJK.test(msg)) return `${a.status} msg not in Chinese: ${msg}`;
    return null;
  }
  if (a.status >= 400 && !(a.type.includes('text/html') && CJK.test(a.text)) && a.text !== 'failure')
    return `${a.status} ${a.type} ${a.text.slice(0, 200)}`;
  return null;
}

/** The value of a parameter set, flattened to text. */
const paramTexts = (p: unknown): string[] =>
  p === null || p === undefined
    ? []
    : typeof p === 'object'
      ? Object.values(p as object).flatMap(paramTexts)
      : [String(p)];

const routes = () =>
  [...servedRoutes(routesOnlyApp())]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, methods]) => [...methods].sort().map((method) => ({ path, method })))
    // Logging out ends the session the other calls go with; its one input is that session.
    .filter((r) => !r.path.endsWith('/login_out'));

const named = (a: Answer): string | null => {
  try {
    return /\(([A-Za-z_]+)\)/.exec(String(JSON.parse(a.text).msg ?? ''))?.[1] ?? null;
  } catch {
    return null;
  }
};

/** Table names and fixture row counts, ClickHouse and PostgreSQL. */
async function snapshot() {
  const ch = await store.query<{ name: string }>(
    'SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name',
  );
  const counts: Record<string, number> = {};
  for (const t of ['accounts', 'articles', 'article_snapshots', 'miniprograms'])
    counts[t] = Number((await store.query<{ n: string }>(`SELECT count() AS n FROM ${t}`))[0]?.n);
  const pg = await db.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const users = Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n);
  return { ch: ch.map((r) => r.name), counts, pg: pg.map((r) => r.tablename), users };
}

describe('classic injection payloads in every string field of every /fbmain route', () => {
  it('never reach SQL text, never answer 500, keep the envelope and leave the database whole', async () => {
    const before = await snapshot();
    const started = performance.now();
    const all = routes();
    // Discovery, one route at a time so the recorded statements are that route's.
    const fieldsOf = new Map<string, { base: Record<string, string>; fields: string[] }>();
    for (const { path, method } of all) {
      const baseline = { ...BASELINE };
      const markers: Record<string, string> = Object.fromEntries(
        CANDIDATES.filter((n) => !(n in BASELINE)).map((n) => [n, `mk${n.replace(/_/g, '')}`]),
      );
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        calls = [];
        const a = await send(method, path, { ...baseline, ...markers });
        const texts = new Set(calls.flatMap((c) => paramTexts(c.params)));
        for (const [n, v] of Object.entries(markers)) if ([...texts].some((t) => t.includes(v))) seen.add(n);
        for (const [n, v] of Object.entries(baseline)) if (texts.has(v)) seen.add(n);
        const field = a.status === 400 ? named(a) : null;
        if (!field) break;
        seen.add(field);
        if (field in markers) delete markers[field];
        else if (field in baseline) delete baseline[field];
        else break;
      }
      fieldsOf.set(`${method} ${path}`, { base: baseline, fields: [...seen].sort() });
    }
    const discovered = performance.now();

    // Injection: one payload in one field at a time, rotating the payloads over the fields.
    calls = [];
    const jobs: { method: string; path: string; fields: Record<string, string>; label: string }[] = [];
    let k = 0;
    for (const { path, method } of all) {
      const { base: b, fields } = fieldsOf.get(`${method} ${path}`) as {
        base: Record<string, string>;
        fields: string[];
      };
      for (const f of fields) {
        const p = PAYLOADS[k++ % PAYLOADS.length] as string;
        jobs.push({ method, path, fields: { ...b, [f]: p }, label: `${f}=${JSON.stringify(p)}` });
      }
    }
    const failures: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < jobs.length) {
          const j = jobs[next++] as (typeof jobs)[number];
          const a = await send(j.method, j.path, j.fields).catch((e: Error) => e);
          const why = a instanceof Error ? `no answer: ${a.message}` : problem(a);
          if (why) failures.push(`${j.method} ${j.path} ${j.label}: ${why}`);
        }
      }),
    );
    const pairs = jobs.length;
    const fieldCount = [...fieldsOf.values()].reduce((n, f) => n + f.fields.length, 0);
    console.log(
      `injection: ${all.length} route methods, ${fieldCount} (route, field) pairs, ${pairs} payload requests; ` +
        `discovery ${Math.round((discovered - started) / 1000)} s, payloads ${Math.round((performance.now() - discovered) / 1000)} s`,
    );
    expect(failures.slice(0, 30), `${failures.length} failures`).toEqual([]);
    // Values travel as bound parameters only: no SQL text carries a payload (a few payloads are SQL's own
    // spelling of a placeholder, $1 and {x:String}: those are checked by where they sit, in the parameters).
    const distinctive = PAYLOADS.filter((p) => p.length > 4 && !/^\{[a-z]+:[A-Za-z0-9]+\}$/.test(p));
    const leaked = calls.filter((c) => distinctive.some((p) => c.sql.includes(p)));
    expect(leaked.map((c) => c.sql.slice(0, 200))).toEqual([]);
    const bound = new Set(calls.flatMap((c) => paramTexts(c.params)));
    // And the payloads did reach the databases, as parameters: otherwise the test proved nothing.
    expect(PAYLOADS.filter((p) => ![...bound].some((t) => t.includes(p)))).toEqual([]);
    // Every payload and every discovered field was sent at least once.
    expect(new Set(jobs.map((j) => j.label.slice(j.label.indexOf('=') + 1))).size).toBe(PAYLOADS.length);
    expect(fieldCount).toBeGreaterThan(all.length);
    const after = await snapshot();
    expect(after).toEqual(before);
  }, 600_000);

  it('stores group names and keywords byte for byte', async () => {
    // A member of its own: the sweep above may have filled the other's groups and keywords up to their limits.
    const top = await signUp(base, nextPhone());
    await buy(top, topPackage);
    const paths = new Set(routes().map((r) => r.path));
    const find = (suffix: string) => [...paths].find((p) => p.endsWith(suffix)) as string;
    // Group names and keywords hold 20 characters: the payloads that fit.
    const fits = (n: number) => PAYLOADS.filter((p) => [...p].length <= n);
    expect(fits(20).length).toBeGreaterThan(10);
    for (const p of fits(20)) {
      for (const [add, list] of [
        ['/group_add', '/group_list'],
        ['/collect_group_add', '/collect_group_list'],
      ] as const) {
        const r = await top.post(`/fbmain${find(add)}`, { name: p });
        expect(r.status, `${add} ${p} ${JSON.stringify(r.body)}`).toBe(200);
        const l = await top.get(`/fbmain${find(list)}`);
        const names = (l.body.data as { name: string }[]).map((g) => g.name);
        expect(names).toContain(p);
        await top.post(`/fbmain${find(add.replace('_add', '_delete'))}`, {
          group_id: String(r.body.data.group_id),
        });
      }
    }
    const keywords = fits(20).slice(0, 12);
    for (const p of keywords) {
      const r = await top.post(`/fbmain${find('/userkeyword')}`, { keyword: p });
      expect(r.status, `userkeyword ${p} ${JSON.stringify(r.body)}`).toBe(200);
    }
    const kw = await top.get(`/fbmain${find('/userkeyword')}`);
    expect((kw.body.data as { keyword: string }[]).map((k) => k.keyword)).toEqual(
      expect.arrayContaining(keywords),
    );
  });
});
