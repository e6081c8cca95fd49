import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus';
import { type Topic, topics, validateMessage } from '../bus/messages';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import { fixedClock } from '../core/clock';
import { COPYRIGHT_CODE } from '../core/copyright';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import type { FaultRule } from '../simulator/faults';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { StreamWriter } from '../stream/writer';
import { MAX_NESTING, nestingEstimate, type ParsedArticle, parseArticlePage } from './article-parser';
import { StaticCredentialStore } from './credentials';
import { UpstreamError } from './http';
import { accountMessage, articleMessage, snapshotMessage, videoMessage } from './messages-of';
import { MpSource, upstreamPools } from './mp-source';
import type { SourceArticle } from './source';
import { WereadSource } from './weread-source';

/**
 * Hostile input to everything that reads what comes from outside: the article-page parser, the upstream JSON
 * readers (through the simulator's HTTP, whose 'body' fault answers anything), and the bus message schemas with
 * the stream writer behind them. fast-check runs with fixed seeds, so a failure names a reproducible input.
 */

const log = createLogger('silent');
const UINT32 = 4_294_967_295;
const SEED = 20261125;
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixtures = readdirSync(FIXTURES).map((f) => readFileSync(path.join(FIXTURES, f), 'utf8'));

const isUint = (n: unknown, max = Number.MAX_SAFE_INTEGER) =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max;

/** What every parse must satisfy, whatever the page. */
function checkParsed(a: ParsedArticle): void {
  expect(typeof a.ok).toBe('boolean');
  for (const k of [
    'biz',
    'sn',
    'aid',
    'title',
    'digest',
    'cover',
    'author',
    'nickname',
    'user_name',
    'alias',
    'source_url',
    'href',
    'content',
  ] as const)
    expect(typeof a[k], k).toBe('string');
  for (const k of ['mid', 'msgid', 'idx', 'pubtime', 'copyright_stat'] as const)
    expect(isUint(a[k]), `${k}=${a[k]}`).toBe(true);
  if (a.ok) {
    expect(a.idx).toBeGreaterThanOrEqual(1);
    expect(a.idx).toBeLessThanOrEqual(8);
    expect(a.aid).toBe(`${a.msgid}_${a.idx}`);
  } else expect(a.aid).toBe('');
  expect(a.mini_programs).toEqual(a.mini_program_cards.map((c) => c.appid));
  for (const c of a.mini_program_cards) {
    expect(c.appid).toMatch(/^wx[0-9a-zA-Z]{6,}$/);
    for (const v of Object.values(c)) expect(typeof v).toBe('string');
  }
  if (a.counts !== null)
    for (const [k, v] of Object.entries(a.counts)) expect(isUint(v, UINT32), k).toBe(true);
}

/** Pieces of article pages that parsers trip on: quotes, escapes, entities, unclosed scripts and cards. */
const PIECES = [
  '<script>',
  '</script>',
  'var biz = "',
  "var mid = '",
  'var idx = "1";',
  'var ct = "1700000000" * 1;',
  'htmlDecode("',
  "JsDecode('",
  '" || "',
  '\\',
  '\\x2',
  '\\u00',
  '\\ud83d',
  '&#',
  '&#xD83D;',
  '&#x110000;',
  '&#99999999999;',
  '<div id="js_content">',
  '</div>',
  '<mp-common-miniprogram data-miniprogram-appid="',
  'wx1234567890abcdef',
  'appmsg_bar_data = {"read_num": ',
  '-1',
  '1e300',
  '}',
  '<meta property="og:url" content="',
  'http://mp.weixin.qq.com/s?__biz=MzA3MDM3MTc2Mw==&mid=1&idx=',
  '<!--',
  '-->',
  '<![CDATA[',
  '"',
  "'",
  '`',
  '\n',
  '\u0000',
  '\uFEFF',
];

/** One edit of a page: truncate, cut a slice out, insert a piece, repeat a slice. */
const edit = fc.record({
  kind: fc.constantFrom('truncate', 'cut', 'insert', 'repeat'),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  len: fc.nat({ max: 400 }),
  piece: fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 20 })),
  times: fc.integer({ min: 2, max: 50 }),
});
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function applyEdits(page: string, edits: Edit[]): string {
  let s = page;
  for (const e of edits) {
    const i = Math.floor(e.at * s.length);
    if (e.kind === 'truncate') s = s.slice(0, i);
    else if (e.kind === 'cut') s = s.slice(0, i) + s.slice(i + e.len);
    else if (e.kind === 'insert') s = s.slice(0, i) + e.piece + s.slice(i);
    else s = s.slice(0, i) + s.slice(i, i + e.len).repeat(e.times) + s.slice(i + e.len);
  }
  return s;
}

/** Parses and fails if one page takes longer than `ms` (a hang shows up as a failed run, not a stalled file). */
function timedParse(html: string, url: string, ms: number): ParsedArticle {
  const started = performance.now();
  const a = parseArticlePage(html, url);
  const took = performance.now() - started;
  expect(took, `${Math.round(took)} ms for a ${html.length}-character page`).toBeLessThan(ms);
  return a;
}

describe('article-page parser under hostile pages', () => {
  it('reads any string without throwing, in bounded time, with fields of the right types', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 2000 }),
          fc.string({ unit: 'grapheme', maxLength: 500 }),
          fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join('')),
        ),
        fc.oneof(fc.constant(''), fc.webUrl(), fc.string()),
        (html, url) => checkParsed(timedParse(html, url, 2000)),
      ),
      { numRuns: 1000, seed: SEED },
    );
  });

  it('reads mutated real pages (truncated, cut, spliced, repeated) the same way', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fixtures),
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        (page, edits) => {
          const a = timedParse(applyEdits(page, edits), '', 2000);
          checkParsed(a);
          // What a page yields goes on the bus as is: the message either validates or is refused, never throws.
          if (a.ok) validateMessage('articles', { ...a, crawled_at: 1 });
        },
      ),
      { numRuns: 400, seed: SEED },
    );
  });

  it('reads pages in odd encodings: random bytes as UTF-8 and Latin-1, BOMs, NULs', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.constantFrom(...fixtures), (bytes, page) => {
        const buf = Buffer.from(bytes);
        for (const html of [
          buf.toString('utf8'),
          buf.toString('latin1'),
          `\uFEFF${page}`,
          Buffer.from(page, 'utf8').toString('latin1'),
          page.replace(/"/g, '\u0000'),
        ])
          checkParsed(timedParse(html, '', 2000));
      }),
      { numRuns: 150, seed: SEED },
    );
  });

  it('estimates nesting at or above what the HTML parser builds, so the depth guard cannot be slipped past', () => {
    const depth = (html: string) => {
      const root = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true } }).root()[0];
      let max = 0;
      const stack: [{ children?: unknown[]; type?: string }, number][] = [[root as never, 0]];
      while (stack.length > 0) {
        const [n, d] = stack.pop() as [{ children?: unknown[] }, number];
        max = Math.max(max, d);
        for (const c of n.children ?? [])
          if ((c as { attribs?: unknown }).attribs) stack.push([c as never, d + 1]);
      }
      return max;
    };
    const tags = [
      '<div>',
      '</div>',
      '<p>',
      '</p>',
      '<li>',
      '<a x="<">',
      "<b y='>'>",
      '</x>',
      '<br>',
      '<img/>',
      '<div/>',
      '<svg>',
      '</svg>',
      '<script>',
      '</script>',
      '<style>',
      '</style>',
      '<!--',
      '-->',
      '<textarea>',
      '</textarea>',
      '<table>',
      '<td>',
      'text',
      '"',
      "'",
      '<',
      '>',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...tags), { maxLength: 200 }), (parts) => {
        const html = parts.join('');
        // A void element (<br>) is a leaf below the deepest open element.
        expect(nestingEstimate(html) + 1).toBeGreaterThanOrEqual(depth(html));
      }),
      { numRuns: 1000, seed: SEED },
    );
  });

  it('answers huge and deeply nested pages in bounded time (found: 100,000 nested tags took minutes)', () => {
    const page = fixtures[0] as string;
    const cases: [string, string][] = [
      ['100,000 nested divs', '<div>'.repeat(100_000)],
      ['nested divs with unmatched closes', '<div></x>'.repeat(100_000)],
      ['nested divs with "<" in attributes', '<div a="<">'.repeat(100_000)],
      ['a 2 MB attribute', `<div data-miniprogram-appid="wx${'a'.repeat(2_000_000)}"></div>${page}`],
      ['a 1 MB title', page.replace(/var msg_title = "/, `var msg_title = "${'标'.repeat(1_000_000)}`)],
      ['50,000 unclosed strings', `<script>${'{biz:"'.repeat(50_000)}</script>`],
      ['100,000 empty || links', `<script>var biz = ${'"" || '.repeat(100_000)}"x";</script>`],
      ['an unclosed tag 100,000 times', '<div'.repeat(100_000)],
      ['100,000 scripts', '<script></script>'.repeat(100_000)],
      ['100,000 self-closed divs (they open in HTML)', '<div/>'.repeat(100_000)],
      ['the page 100 times over', page.repeat(100)],
    ];
    for (const [label, html] of cases) {
      const a = timedParse(html, '', 5000);
      checkParsed(a);
      if (label.startsWith('100,000 nested')) expect(nestingEstimate(html)).toBeGreaterThan(MAX_NESTING);
    }
    // A real page is read in full still.
    expect(parseArticlePage(page).ok).toBe(true);
  });
});

/** Nested JSON texts (appmsgpublish's publish_page, publish_info) are opened up so mutations reach inside them. */
const JSON_TEXT = '__json_text__';
function open(v: unknown): unknown {
  if (typeof v === 'string' && /^[[{]/.test(v))
    try {
      return { [JSON_TEXT]: open(JSON.parse(v)) };
    } catch {
      return v;
    }
  if (Array.isArray(v)) return v.map(open);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, open(x)]));
  return v;
}
function close(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(close);
  if (v && typeof v === 'object') {
    if (JSON_TEXT in v) return JSON.stringify(close((v as Record<string, unknown>)[JSON_TEXT]));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, close(x)]));
  }
  return v;
}

/** Values an upstream might put where a field was: wrong types, out-of-range numbers, broken text. */
const HOSTILE: unknown[] = [
  null,
  -1,
  1.5,
  2 ** 53,
  1e300,
  -0,
  '',
  '12',
  '10万+',
  '\ud83d',
  true,
  [],
  {},
  [null],
  'not json {',
  UINT32 + 1,
];
const mutation = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('replace', 'delete', 'hostile'),
  value: fc.jsonValue({ maxDepth: 2 }),
  hostile: fc.constantFrom(...HOSTILE),
});
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

/** Applies mutations to the nodes of a JSON tree (chosen by index in a walk), returning a new tree. */
function mutate(tree: unknown, ms: Mutation[]): unknown {
  let t = structuredClone(tree);
  for (const m of ms) {
    const slots: [Record<string, unknown> | unknown[], string | number][] = [];
    const walk = (v: unknown) => {
      if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          slots.push([v as Record<string, unknown>, Array.isArray(v) ? Number(k) : k]);
          walk(x);
        }
    };
    walk(t);
    const slot = slots[m.at % Math.max(1, slots.length)];
    if (!slot) {
      t = m.value;
      continue;
    }
    const [obj, key] = slot;
    if (m.op === 'delete') {
      if (Array.isArray(obj)) obj.splice(key as number, 1);
      else delete obj[key as string];
    } else (obj as Record<string | number, unknown>)[key] = m.op === 'hostile' ? m.hostile : m.value;
  }
  return t;
}

describe('upstream JSON readers under hostile answers (over the simulator’s HTTP)', () => {
  let sim: RunningSimulator;
  /** Each reader: the simulator path it reads, and a call that reads it and checks what it returns. */
  let readers: { name: string; path: string; real: unknown; read: () => Promise<void> }[];

  const setFault = (rules: FaultRule[]) =>
    fetch(`${sim.url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ rules }) });

  beforeAll(async () => {
    const clock = fixedClock(Date.parse('2026-11-01T21:30:00+08:00'));
    sim = await startSimulator(
      { seed: 7, accounts: 20, historyDays: 10, now: () => clock.now(), host: '127.0.0.1', port: 0 },
      log,
    );
    // No retries, and fresh sources for every read: an answer that says freq control or expired login retires the
    // reading source's credential, and the next read must still reach the upstream.
    const http = { retries: 0, timeoutMs: 5000 };
    const pools = () => upstreamPools({ store: StaticCredentialStore.anonymous(), concurrency: 4 });
    const mp = () => new MpSource(sim.url, { ...pools(), http });
    const listEx = () => new MpSource(sim.url, { ...pools(), http, listApi: 'list_ex' });
    const weread = () => new WereadSource(sim.url, pools().weread, http);
    const seed = mp();
    const acc = sim.world.accounts.find((a) => a.finder) ?? sim.world.accounts[0];
    if (!acc?.finder) throw new Error('no account with a video account');
    const art = (await seed.listPushes(acc.biz, 0, 1)).pushes[0]?.articles[0] as SourceArticle;
    const appid = sim.world.accounts
      .flatMap((a) => sim.world.pushes(a))
      .flatMap((p) => p.articles)
      .flatMap((a) => a.miniPrograms)[0]?.appid as string;
    const now = clock.now();
    /** A result's messages validate on the bus: what a reader returns is something the pipeline can carry. */
    const valid = (topic: Topic, value: unknown) => {
      const v = validateMessage(topic, value);
      expect(v.ok, v.ok ? '' : `${topic}: ${v.reason}`).toBe(true);
    };
    const realOf = async (p: string, init?: RequestInit) => (await fetch(`${sim.url}${p}`, init)).json();
    const q = (o: Record<string, string | number>) =>
      new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
    readers = [
      {
        name: 'searchbiz',
        path: '/cgi-bin/searchbiz',
        real: await realOf(`/cgi-bin/searchbiz?${q({ query: '', begin: 0, count: 5 })}`),
        read: async () => {
          const r = await mp().listAccounts(0, 5);
          expect(isUint(r.total)).toBe(true);
          for (const a of r.accounts) for (const v of Object.values(a)) expect(typeof v).toBe('string');
        },
      },
      {
        name: 'profile_ext',
        path: '/mp/profile_ext',
        real: await realOf(`/mp/profile_ext?${q({ __biz: acc.biz })}`),
        read: async () => {
          const p = await mp().profile(acc.biz);
          if (p.biz === '') throw new Error('profile without biz');
          valid('accounts', accountMessage(p, now));
        },
      },
      {
        name: 'wxaprofile',
        path: '/mp/wxaprofile',
        real: await realOf(`/mp/wxaprofile?${q({ appid })}`),
        read: async () => {
          const m = await mp().miniProgram(appid);
          for (const v of Object.values(m)) expect(typeof v).toBe('string');
          expect(m.appid).not.toBe('');
        },
      },
      {
        name: 'appmsgpublish',
        path: '/cgi-bin/appmsgpublish',
        real: await realOf(`/cgi-bin/appmsgpublish?${q({ fakeid: acc.biz, begin: 0, count: 5 })}`),
        read: async () => {
          const r = await mp().listPushes(acc.biz, 0, 5);
          expect(isUint(r.total)).toBe(true);
          for (const p of r.pushes) {
            expect(isUint(p.msgid) && isUint(p.time)).toBe(true);
            for (const a of p.articles) valid('articles', articleMessage(a, now));
          }
        },
      },
      {
        name: 'appmsg list_ex',
        path: '/cgi-bin/appmsg',
        real: await realOf(
          `/cgi-bin/appmsg?${q({ action: 'list_ex', fakeid: acc.biz, begin: 0, count: 20 })}`,
        ),
        read: async () => {
          const r = await listEx().listPushes(acc.biz, 0, 2);
          for (const p of r.pushes) for (const a of p.articles) valid('articles', articleMessage(a, now));
        },
      },
      {
        name: 'getappmsgext',
        path: '/mp/getappmsgext',
        real: await realOf(
          `/mp/getappmsgext?${q({ __biz: art.biz, mid: art.msgid, idx: art.idx, sn: art.sn })}`,
          { method: 'POST' },
        ),
        read: async () => valid('snapshots', snapshotMessage(art, await mp().counts(art), now)),
      },
      {
        name: 'post_list',
        path: '/cgi-bin/mmfinderassistant-bin/post/post_list',
        real: await realOf('/cgi-bin/mmfinderassistant-bin/post/post_list', {
          method: 'POST',
          body: JSON.stringify({ finderUsername: acc.finder.username }),
        }),
        read: async () => {
          const r = await mp().videoPosts(acc.finder?.username as string);
          for (const v of r.videos)
            valid('videos', videoMessage(v, acc.finder?.username as string, acc.biz, now));
        },
      },
      {
        name: 'weread',
        path: '/web/mp/articles',
        real: await realOf(`/web/mp/articles?${q({ bookId: `MP_WXS_${acc.mid}`, offset: 0 })}`),
        read: async () => {
          const r = await weread().listPushes(acc.biz, 0, 5);
          for (const p of r.pushes) for (const a of p.articles) valid('articles', articleMessage(a, now));
        },
      },
    ];
  }, 60_000);
  afterAll(async () => {
    await sim.close();
  });

  /** Answers `body` once on the reader's path and reads it: a typed result, or an UpstreamError. */
  const readOnce = async (r: (typeof readers)[number], body: string): Promise<'ok' | string> => {
    await setFault([{ mode: 'body', path: r.path, body }]);
    try {
      await r.read();
      return 'ok';
    } catch (e) {
      if (!(e instanceof UpstreamError)) throw new Error(`${r.name}: ${String(e)} for ${body.slice(0, 300)}`);
      return e.kind;
    } finally {
      await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
    }
  };

  it('reads each real answer as it is (the seeds of the mutations)', async () => {
    for (const r of readers) expect(await readOnce(r, JSON.stringify(r.real)), r.name).toBe('ok');
  });

  it('answers arbitrary JSON with a typed result or an UpstreamError', async () => {
    const kinds = new Map<string, number>();
    for (const r of readers)
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (v) => {
          const k = await readOnce(r, JSON.stringify(v));
          kinds.set(k, (kinds.get(k) ?? 0) + 1);
        }),
        { numRuns: 60, seed: SEED },
      );
    expect(kinds.get('malformed')).toBeGreaterThan(0);
  }, 120_000);

  it('answers mutated real answers with a typed result or an UpstreamError, never NaN or a wrapped number', async () => {
    const outcomes = new Map<string, Set<string>>();
    for (const r of readers)
      await fc.assert(
        fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (ms) => {
          const k = await readOnce(r, JSON.stringify(close(mutate(open(r.real), ms))));
          outcomes.set(r.name, (outcomes.get(r.name) ?? new Set()).add(k));
        }),
        { numRuns: 120, seed: SEED },
      );
    // Every reader both survived some mutations and refused others: the mutations reach what it reads.
    for (const r of readers) expect([...(outcomes.get(r.name) ?? [])], r.name).toContain('malformed');
  }, 180_000);

  it('refuses the answers that used to crash or pass garbage on (kept from the fuzzing)', async () => {
    const by = (name: string) => readers.find((r) => r.name === name) as (typeof readers)[number];
    // A TypeError on `.map` of a non-array, a SyntaxError from publish_info, a read count of -1 passed on.
    expect(await readOnce(by('searchbiz'), '{"base_resp":{"ret":0},"list":"x"}')).toBe('malformed');
    expect(await readOnce(by('searchbiz'), 'null')).toBe('malformed');
    expect(
      await readOnce(
        by('appmsgpublish'),
        JSON.stringify({
          base_resp: { ret: 0 },
          publish_page: '{"total_count":1,"publish_list":[{"publish_info":"{"}]}',
        }),
      ),
    ).toBe('malformed');
    expect(
      await readOnce(
        by('getappmsgext'),
        JSON.stringify({
          base_resp: { ret: 0 },
          appmsgstat: { ret: 0, read_num: -1, like_num: 0, old_like_num: 0 },
        }),
      ),
    ).toBe('malformed');
    expect(
      await readOnce(
        by('post_list'),
        JSON.stringify({ errCode: 0, data: { totalCount: 1, list: [{ objectId: 'x' }] } }),
      ),
    ).toBe('malformed');
    // Freq control is still freq control whatever else the answer holds: the pool cools its one credential down
    // and has none left (no_credential), rather than reading the answer as malformed.
    expect(await readOnce(by('profile_ext'), '{"base_resp":{"ret":200013},"fakeid":1}')).toBe(
      'no_credential',
    );
  });
});

/** Valid messages of every topic: the seeds of the mutations. */
const VALID: { [T in Topic]: unknown } = {
  accounts: accountMessage(
    {
      biz: 'MzA3MDM3MTc2Mw==',
      name: '财经观察',
      alias: 'cjgc',
      avatar: 'a',
      ghId: 'gh_1',
      owner: 'A公司',
      area: '北京',
      industry: '财经',
      tags: ['x'],
      signature: 's',
      qrcode: 'q',
      regTime: 1_600_000_000,
    },
    1_700_000_000_000,
  ),
  articles: {
    ...articleMessage(
      {
        biz: 'MzA3MDM3MTc2Mw==',
        msgid: 2650001234,
        idx: 1,
        sn: 'ab',
        title: '标题',
        digest: 'd',
        cover: 'c',
        author: 'au',
        link: 'l',
        createTime: 1_700_000_000,
        copyrightStat: COPYRIGHT_CODE.original,
        sourceUrl: '',
      },
      1_700_000_000_000,
    ),
    miniprogram_cards: [{ appid: 'wx1234567890abcdef', nickname: '美团', avatar: 'i', owner: '' }],
    miniprogram_appids: ['wx1234567890abcdef'],
  },
  snapshots: { aid: '1_1', mid: 1, ts: 1_700_000_000, read: 1, zan: 2, looking: 3, share: 4, comment: 5 },
  'crawl.rounds': {
    collector: 'c',
    round: 1,
    started_at: 1,
    finished_at: 2,
    accounts: 1,
    articles: 1,
    snapshots: 1,
    errors: 0,
  },
  'monitor.tasks': {
    task_id: 't',
    kind: 'article',
    biz: 'b',
    msgid: 1,
    idx: 1,
    sn: 's',
    position: 1,
    freq_min: 5,
    days: 1,
    created_at: 1,
  },
  'monitor.status': {
    task_id: 't',
    state: 'monitoring',
    biz: 'b',
    aids: ['1_1'],
    start_ts: 1,
    end_ts: null,
    polls: 1,
    at: 1,
  },
  'crawl.requests': { request_id: 'r', kind: 'backfill', biz: 'b', days: 30, requested_at: 1 },
  'crawl.progress': {
    request_id: 'r',
    kind: 'include',
    state: 'done',
    biz: 'b',
    pages: 1,
    articles: 1,
    snapshots: 1,
    covered_from: null,
    percent: 100,
    message: 'm',
    result: { code: 1, tip: 't', is_success: true, data: [], data2: [] },
    at: 1,
  },
  videos: {
    object_id: 'o',
    finder_username: 'f',
    mid: 1,
    biz: 'b',
    create_time: 1,
    description: 'd',
    read: 1,
    like: 1,
    comment: 1,
    forward: 1,
    fav: 1,
    crawled_at: 1,
  },
  video_accounts: {
    finder_username: 'f',
    mid: 1,
    biz: 'b',
    nickname: 'n',
    avatar: 'a',
    description: 'd',
    crawled_at: 1,
  },
};
const TOPICS = Object.keys(topics) as Topic[];

/** A parse either refuses, or returns a message that validates again to the same JSON (it re-serialises to itself). */
function checkRoundTrip(topic: Topic, value: unknown): boolean {
  const v = validateMessage(topic, value);
  if (!v.ok) {
    expect(typeof v.reason).toBe('string');
    return false;
  }
  const json = JSON.stringify(v.value);
  const again = validateMessage(topic, JSON.parse(json));
  expect(again.ok).toBe(true);
  if (again.ok) expect(JSON.stringify(again.value)).toBe(json);
  // Nothing a column cannot hold: no lone surrogate survives, no number outside its range.
  expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(json)).toBe(false);
  return true;
}

describe('bus message schemas under arbitrary and mutated messages', () => {
  it('takes each seed as valid', () => {
    for (const t of TOPICS) expect(validateMessage(t, VALID[t]).ok, t).toBe(true);
  });

  it('refuses or round-trips arbitrary values, on every topic', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TOPICS), fc.anything({ maxDepth: 3 }), (t, v) => {
        checkRoundTrip(t, v);
      }),
      { numRuns: 2000, seed: SEED },
    );
  });

  it('refuses or round-trips mutated valid messages, and accepts some', () => {
    const accepted = new Map<Topic, number>();
    fc.assert(
      fc.property(fc.constantFrom(...TOPICS), fc.array(mutation, { minLength: 1, maxLength: 3 }), (t, ms) => {
        if (checkRoundTrip(t, mutate(VALID[t], ms))) accepted.set(t, (accepted.get(t) ?? 0) + 1);
      }),
      { numRuns: 3000, seed: SEED },
    );
    for (const t of TOPICS) expect(accepted.get(t) ?? 0, t).toBeGreaterThan(0);
  });
});

describe('stream writer with poison messages in the batch', () => {
  const store = new ChdbStore(path.join(tempDir('parsers-fuzz'), 'ch'));
  const bus = new MemoryBus(log);
  const writer = new StreamWriter(bus, store, log);
  beforeAll(async () => {
    await migrateClickHouse(store, log);
    await writer.start();
  }, 60_000);
  afterAll(async () => {
    await writer.stop();
    await bus.close();
    await store.close();
  });

  /** Drains the bus, failing (instead of waiting for ever) if a batch is stuck. */
  const drained = () =>
    Promise.race([
      bus.drain(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the writer is stuck on a batch')), 15_000),
      ),
    ]);

  it('writes the rest of the batch around a lone surrogate and out-of-range counters (found: the batch stalled)', async () => {
    const base = VALID.articles as Record<string, unknown>;
    const article = (aid: string, title: string, extra: Record<string, unknown> = {}) => ({
      key: '1',
      value: { ...base, aid, title, ...extra } as never,
    });
    await bus.publish('articles', [
      article('p_1', '正常'),
      // An emoji cut in half: ClickHouse refused the whole insert, and the batch was redelivered for ever.
      article('p_2', '半个表情\ud83d'),
      // Would wrap in UInt8: refused into the dead letters.
      article('p_3', '版权', { copyright_stat: 300 }),
      article('p_4', '正常二'),
    ]);
    await bus.publish('snapshots', [
      { key: '1', value: { ...(VALID.snapshots as object), aid: 'p_1', read: UINT32 + 1 } as never },
      { key: '1', value: { ...(VALID.snapshots as object), aid: 'p_4', read: 7 } as never },
    ]);
    await drained();
    const rows = await store.query<{ aid: string; title: string }>(
      "SELECT aid, title FROM articles FINAL WHERE aid LIKE 'p\\_%' ORDER BY aid",
    );
    expect(rows).toEqual([
      { aid: 'p_1', title: '正常' },
      { aid: 'p_2', title: '半个表情\uFFFD' },
      { aid: 'p_4', title: '正常二' },
    ]);
    const snaps = await store.query<{ aid: string; reads: number }>(
      "SELECT aid, reads FROM article_snapshots FINAL WHERE aid LIKE 'p\\_%'",
    );
    expect(snaps).toEqual([{ aid: 'p_4', reads: 7 }]);
    const dead = bus.deadLetters().map((d) => `${d.topic}: ${d.reason}`);
    expect(dead.some((d) => d.startsWith('articles: copyright_stat'))).toBe(true);
    expect(dead.some((d) => d.startsWith('snapshots: read'))).toBe(true);
  });

  it('lands every message the schema accepts, whatever the mutation (no poison stalls a batch)', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(mutation, { maxLength: 3 }), { minLength: 1, maxLength: 25 }),
        async (batch) => {
          round++;
          const published = batch.map((ms, i) => ({
            ...(mutate(VALID.articles, ms) as Record<string, unknown>),
            // A unique key per message, so each accepted one must show up as its own row.
            aid: `f${round}_${i}`,
          }));
          const accepted = published.filter((m) => validateMessage('articles', m).ok).map((m) => m.aid);
          await bus.publish(
            'articles',
            published.map((value) => ({ key: '1', value: value as never })),
          );
          await drained();
          const rows = await store.query<{ aid: string }>(
            'SELECT aid FROM articles FINAL WHERE startsWith(aid, {p:String}) ORDER BY aid',
            { p: `f${round}_` },
          );
          expect(rows.map((r) => r.aid)).toEqual([...accepted].sort());
        },
      ),
      { numRuns: 30, seed: SEED },
    );
  }, 120_000);
});
