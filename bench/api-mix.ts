import path from 'node:path';
import { ChdbStore } from '../clickhouse/chdb-store';
import { addDays, beijingDay } from '../core/periods';
import { TARGET_P95_MS } from './api';
import { benchDataset, cpuMs, type Dataset, memberStore, startApi, topMember } from './api-world';
import { fmt } from './ceiling';
import { quantile, seeded, zipfPicker } from './mix';
import { formBody } from './wrk';

/**
 * `npm run bench -- api-mix`: the API under the variety of real members. `bench -- api` repeats each call with the
 * same parameters, so the 2 s read cache answers nearly all of it; members vary what they ask, so most of their
 * reads miss. Here one seeded sequence of requests mixes the calls members make most, each with parameters drawn as
 * members draw them: accounts, industries, keywords and reports Zipf-distributed (a few often, most rarely), pages,
 * periods, ranking days, list windows, sorts and filters varied. BENCH_CONNECTIONS callers (default 16) send it in a
 * closed loop against the platform as its own process (ROLE=api) on the benchmark dataset (SCALE), in four modes,
 * each BENCH_SECONDS (default 20) after a 5 s warm-up:
 *
 * - `repeated`: the same call mix, every call with one fixed parameter set, the read cache as deployed (what
 *   `bench -- api` measures; the baseline of the run);
 * - `zipf`: the varied mix, the read cache as deployed;
 * - `cold`: the varied mix with the read cache off (API_CACHE_MS=0): every read reaches ClickHouse;
 * - `cold_c1`: the same on one read connection (CHDB_READ_CONNECTIONS=1): what the connection pool adds.
 *
 * Prints per mode each call's count, p50/p95/p99 and errors (an answer that is not a success envelope counts), the
 * throughput and the cores the API process used; the last line is `RESULT api-mix …`.
 */

interface MixRequest {
  name: string;
  kind: keyof typeof TARGET_P95_MS;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, string>;
}

/** What the parameters are drawn from, read from the dataset. */
interface Pool {
  mids: number[];
  media: string[];
  areas: string[];
  nameWords: string[];
  titleWords: string[];
  posts: string[];
  today: string;
}

const MODES = ['repeated', 'zipf', 'cold', 'cold_c1'] as const;
type Mode = (typeof MODES)[number];
const MODE_ENV: Record<Mode, Record<string, string>> = {
  repeated: {},
  zipf: {},
  cold: { API_CACHE_MS: '0' },
  cold_c1: { API_CACHE_MS: '0', CHDB_READ_CONNECTIONS: '1' },
};

/** Two or three Han characters out of a text, as members type keywords. */
function wordsOf(texts: string[], next: () => number): string[] {
  const out = new Set<string>();
  for (const t of texts) {
    const han = [...t.replace(/[^\p{Script=Han}]/gu, '')];
    if (han.length < 3) continue;
    const len = next() < 0.6 ? 2 : 3;
    const at = Math.floor(next() * (han.length - len + 1));
    out.add(han.slice(at, at + len).join(''));
  }
  return [...out];
}

async function readPool(d: Dataset, next: () => number): Promise<Pool> {
  const store = new ChdbStore(path.join(d.dataDir, 'clickhouse'));
  try {
    const now = Math.floor(d.nowMs / 1000);
    const col = async <T>(sql: string, key: string): Promise<T[]> =>
      (await store.query<Record<string, T>>(sql)).map((r) => r[key] as T);
    // Accounts that posted in the last 90 days, in a fixed random order: the Zipf rank of each.
    const mids = (
      await col<string>(
        `SELECT toString(mid) AS mid FROM (SELECT DISTINCT mid FROM articles WHERE pubtime >= toDateTime(${now}) - INTERVAL 90 DAY)
         ORDER BY cityHash64(mid) LIMIT 2000`,
        'mid',
      )
    ).map(Number);
    // Industries and areas by size: the large ones are opened most.
    const media = await col<string>(
      `SELECT media FROM accounts FINAL WHERE media != '' GROUP BY media ORDER BY count() DESC, media`,
      'media',
    );
    const areas = await col<string>(
      `SELECT area FROM accounts FINAL WHERE area != '' GROUP BY area ORDER BY count() DESC, area`,
      'area',
    );
    const names = await col<string>(
      'SELECT name FROM accounts FINAL ORDER BY cityHash64(mid) LIMIT 400',
      'name',
    );
    const titles = await col<string>(
      `SELECT title FROM articles FINAL WHERE pubtime >= toDateTime(${now}) - INTERVAL 30 DAY
       ORDER BY cityHash64(mid, aid) LIMIT 400`,
      'title',
    );
    const posts = await col<string>(
      `SELECT concat(toString(mid), '_', aid) AS post FROM fake_reports FINAL ORDER BY cityHash64(mid, aid) LIMIT 400`,
      'post',
    );
    if (mids.length === 0 || media.length === 0 || posts.length === 0)
      throw new Error('the dataset has no accounts, industries or fake reports to draw from');
    return {
      mids,
      media,
      areas,
      nameWords: wordsOf(names, next),
      titleWords: wordsOf(titles, next),
      posts,
      today: beijingDay(d.nowMs),
    };
  } finally {
    await store.close();
  }
}

/** How often members make each call (per 100 requests), and how each one draws its parameters. */
function makers(p: Pool, next: () => number): [number, () => MixRequest][] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const mid = zipfPicker(p.mids, next);
  const media = zipfPicker(p.media, next);
  const area = p.areas.length > 0 ? zipfPicker(p.areas, next) : null;
  const nameWord = zipfPicker(p.nameWords, next);
  const titleWord = zipfPicker(p.titleWords, next);
  const post = zipfPicker(p.posts, next);
  // Page 1 most, then fewer and fewer.
  const page = zipfPicker([1, 2, 3, 4, 5], next, 1.5);
  // Yesterday's list most, older days less.
  const dayBack = zipfPicker(
    Array.from({ length: 30 }, (_, i) => i + 1),
    next,
    1.2,
  );
  const get = (name: string, kind: MixRequest['kind'], url: string): MixRequest => ({
    name,
    kind,
    method: 'GET',
    path: `/fbmain${url}`,
  });
  const q = (o: Record<string, string | number | undefined>) =>
    new URLSearchParams(
      Object.entries(o)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => [k, String(v)]),
    ).toString();
  const listFilters = () => ({
    media: next() < 0.35 ? media() : undefined,
    sort: pick(['read', 'read', 'read', 'zan', 'looking', 'pubtime', 'ratio']),
    original: next() < 0.15 ? '1' : undefined,
    page: page(),
    num: 20,
  });
  return [
    [15, () => get('mp_detail', 'detail', `/search/v1/mp_detail?${q({ mId: mid() })}`)],
    [
      15,
      () => {
        const filtered = next() < 0.2;
        const hot = !filtered && next() < 0.15;
        return get(
          'detail_pubList',
          'detail',
          `/search/v1/detail_pubList?${q({
            mId: mid(),
            page: page(),
            num: 20,
            kw: filtered ? titleWord() : undefined,
            start_time: filtered ? addDays(p.today, -30) : undefined,
            end_time: filtered ? p.today : undefined,
            is_hot: hot ? 1 : undefined,
          })}`,
        );
      },
    ],
    [5, () => get('detail_statistic', 'detail', `/search/v1/detail_statistic?${q({ mId: mid() })}`)],
    [3, () => get('detail_owner', 'detail', `/search/v1/detail_owner?${q({ mId: mid() })}`)],
    [3, () => get('public_time', 'detail', `/search/v1/public_time?${q({ mid: mid() })}`)],
    [
      2,
      () =>
        get(
          'original_text_link',
          'detail',
          `/original/v1/original_text_link?${q({ id: mid(), page: page(), pagesize: 10 })}`,
        ),
    ],
    [4, () => get('mp_similar', 'detail', `/search/v1/mp_similar?${q({ mid: mid(), page: 1, num: 20 })}`)],
    [
      15,
      () => {
        const period = pick(['day', 'day', 'day', 'week', 'month'] as const);
        const by = next();
        return get(
          'rank_common',
          'list',
          `/rank/v1/common?${q({
            period,
            date: period === 'day' ? addDays(p.today, -dayBack()) : undefined,
            media: by < 0.4 ? media() : undefined,
            area: by >= 0.4 && by < 0.55 && area ? area() : undefined,
            page: page(),
            num: 20,
          })}`,
        );
      },
    ],
    [
      8,
      () => get('burst', 'list', `/main/v1/burst?${q({ days: pick([1, 3, 7, 7, 30]), ...listFilters() })}`),
    ],
    [8, () => get('today_hot', 'list', `/main/v1/today_hot?${q(listFilters())}`)],
    [
      8,
      () => ({
        name: 'search_by_name',
        kind: 'search',
        method: 'POST',
        path: '/fbmain/search/v1/search_by_name',
        body: { name: nameWord() },
      }),
    ],
    [
      4,
      () => ({
        name: 'key_search',
        kind: 'search',
        method: 'POST',
        path: '/fbmain/search/v1/key_search',
        body: { kw: next() < 0.5 ? nameWord() : titleWord() },
      }),
    ],
    [
      6,
      () => ({
        name: 'article_search',
        kind: 'search',
        method: 'POST',
        path: '/fbmain/search/v1/article_search_/title',
        body: { kw: titleWord(), days: pick(['7', '30', '30', '90']) },
      }),
    ],
    [4, () => get('read_praise_report', 'detail', `/monitor/v1/read_praise_report?${q({ post: post() })}`)],
  ];
}

/** `n` requests drawn by call weight; `repeated` keeps each call's first draw for all of its requests. */
function sequence(p: Pool, n: number, seed: number, repeated: boolean): MixRequest[] {
  const next = seeded(seed);
  const all = makers(p, next);
  const total = all.reduce((s, [w]) => s + w, 0);
  const fixed = all.map(([, make]) => make());
  const out: MixRequest[] = [];
  for (let i = 0; i < n; i++) {
    let x = next() * total;
    let k = 0;
    while (k < all.length - 1 && x >= (all[k] as [number, unknown])[0]) {
      x -= (all[k] as [number, unknown])[0];
      k++;
    }
    out.push(repeated ? (fixed[k] as MixRequest) : (all[k] as [number, () => MixRequest])[1]());
  }
  return out;
}

interface ModeFigures {
  mode: Mode;
  rps: number;
  cores: number;
  errors: number;
  firstError: string;
  byCall: Map<string, { kind: MixRequest['kind']; lat: number[]; errors: number }>;
}

/** A success envelope: error_code 0, or status 200 for the monitor and original calls. */
function succeeded(text: string): boolean {
  try {
    const b = JSON.parse(text) as { error_code?: number; status?: number };
    return b.error_code === 0 || (b.error_code === undefined && b.status === 200);
  } catch {
    return false;
  }
}

/** `callers` closed-loop callers over `reqs` (from `from` on) for `seconds`. */
async function drive(
  base: string,
  token: string,
  reqs: MixRequest[],
  from: number,
  callers: number,
  seconds: number,
  record: ModeFigures | null,
): Promise<number> {
  let cursor = from;
  const end = performance.now() + seconds * 1000;
  const one = async (): Promise<void> => {
    while (performance.now() < end) {
      const r = reqs[cursor++ % reqs.length] as MixRequest;
      const t0 = performance.now();
      let text = '';
      let ok = false;
      try {
        const res = await fetch(`${base}${r.path}`, {
          method: r.method,
          headers: {
            accessToken: token,
            ...(r.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: r.body ? formBody(r.body) : undefined,
        });
        text = await res.text();
        ok = res.status === 200 && succeeded(text);
      } catch (e) {
        text = (e as Error).message;
      }
      if (!record) continue;
      const ms = performance.now() - t0;
      const c = record.byCall.get(r.name) ?? { kind: r.kind, lat: [], errors: 0 };
      record.byCall.set(r.name, c);
      c.lat.push(ms);
      if (!ok) {
        c.errors++;
        record.errors++;
        if (!record.firstError) record.firstError = `${r.method} ${r.path}: ${text.slice(0, 200)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: callers }, one));
  return cursor;
}

export async function run(): Promise<void> {
  const callers = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const modes = (process.env.BENCH_MODES?.split(',').filter(Boolean) ?? [...MODES]) as Mode[];
  const dataset = await benchDataset();
  const pool = await readPool(dataset, seeded(20261128));
  const varied = sequence(pool, 50_000, 20261128, false);
  const repeated = sequence(pool, 50_000, 20261128, true);
  const distinct = new Set(varied.map((r) => `${r.path} ${r.body ? formBody(r.body) : ''}`)).size;
  console.log(
    `dataset: ${dataset.scale}; drawn from ${pool.mids.length} accounts, ${pool.media.length} industries, ${pool.areas.length} areas, ${pool.nameWords.length + pool.titleWords.length} keywords, ${pool.posts.length} reports; ${distinct} distinct requests in the first 50,000; ${callers} callers, ${seconds} s per mode`,
  );
  const pg = await memberStore();
  const token = await topMember(dataset, pg.url);
  const figures: ModeFigures[] = [];
  try {
    for (const mode of modes) {
      const api = await startApi(dataset, pg.url, MODE_ENV[mode]);
      try {
        const reqs = mode === 'repeated' ? repeated : varied;
        // Warm-up on another stretch of the same mix (JIT, the engine's marks; the cache starts empty).
        const at = await drive(api.base, token, reqs, 25_000, callers, 5, null);
        const f: ModeFigures = { mode, rps: 0, cores: 0, errors: 0, firstError: '', byCall: new Map() };
        const cpu0 = cpuMs(api.pid);
        const t0 = performance.now();
        await drive(api.base, token, reqs, at % 25_000, callers, seconds, f);
        const wall = (performance.now() - t0) / 1000;
        const n = [...f.byCall.values()].reduce((s, c) => s + c.lat.length, 0);
        f.rps = n / wall;
        f.cores = (cpuMs(api.pid) - cpu0) / 1000 / wall;
        figures.push(f);
        console.log(
          `\n${mode}: ${fmt(f.rps, 0)} req/s, API process ${fmt(f.cores, 2)} cores, errors ${f.errors}${f.firstError ? ` (first: ${f.firstError})` : ''}`,
        );
        console.log('| call | kind | n | p50 ms | p95 ms | p99 ms | errors | p95 target |');
        console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
        for (const [name, c] of [...f.byCall].sort((a, b) => a[0].localeCompare(b[0]))) {
          const p95 = quantile(c.lat, 0.95);
          const target = TARGET_P95_MS[c.kind];
          console.log(
            `| ${name} | ${c.kind} | ${c.lat.length} | ${fmt(quantile(c.lat, 0.5))} | ${fmt(p95)} | ${fmt(quantile(c.lat, 0.99))} | ${c.errors} | ${p95 <= target ? 'ok' : 'MISSED'} ≤ ${target} |`,
          );
        }
      } finally {
        await api.stop();
      }
    }
  } finally {
    await pg.drop();
  }
  const parts = [`scale=${dataset.scale}`, `callers=${callers}`, `seconds=${seconds}`];
  for (const f of figures) {
    const worst = [...f.byCall].map(([name, c]) => ({ name, p95: quantile(c.lat, 0.95) }));
    const top = worst.reduce((a, b) => (b.p95 > a.p95 ? b : a), { name: '-', p95: 0 });
    const missed = [...f.byCall.values()].filter((c) => quantile(c.lat, 0.95) > TARGET_P95_MS[c.kind]);
    parts.push(
      `${f.mode}_rps=${fmt(f.rps, 0)} ${f.mode}_p95_max=${fmt(top.p95)} ${f.mode}_worst=${top.name} ${f.mode}_missed=${missed.length} ${f.mode}_cores=${fmt(f.cores, 2)} ${f.mode}_errors=${f.errors}`,
    );
  }
  const rps = (m: Mode) => figures.find((f) => f.mode === m)?.rps ?? 0;
  if (rps('repeated') > 0 && rps('zipf') > 0)
    parts.push(`zipf_vs_repeated=${fmt(rps('zipf') / rps('repeated'), 2)}`);
  if (rps('cold_c1') > 0 && rps('cold') > 0)
    parts.push(`cold_pool_speedup=${fmt(rps('cold') / rps('cold_c1'), 2)}`);
  console.log(`RESULT api-mix ${parts.join(' ')}`);
}
