import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ChdbStore } from '../clickhouse/chdb-store';
import { type SpawnedPlatform, spawnPlatform, waitReady } from '../e2e/harness';
import { Sessions } from '../members/sessions';
import { createLogger } from '../platform/log';
import { openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { addDays, beijingDay } from '../stream/analytics/periods';
import type { LoadRequest } from './wrk';

/**
 * What the API benchmarks (api, soak) run against: a dataset in DATA_DIR, a top-level member with a session, the
 * platform as a separate process (ROLE=api) on that DATA_DIR, and the calls a member hits most with parameters
 * picked from the data.
 */

/** The data a run uses: its directory, the clock the platform runs on, and a label for the RESULT line. */
export interface Dataset {
  dataDir: string;
  nowMs: number;
  scale: string;
}

/** A call of the benchmark: its request, and what a correct answer holds (checked before any load). */
export interface BenchCall extends LoadRequest {
  name: string;
  /** List and detail calls must meet the list target; search calls the search target. */
  kind: 'list' | 'detail' | 'search';
  /** Non-empty data: the answer's `data` passes this. */
  filled: (data: Record<string, unknown>) => boolean;
  /** Requests cycled under load instead of this one (the same call over many accounts). */
  variants?: LoadRequest[];
}

const DEMO_NOW = '2026-11-01T21:30:00+08:00';

/** A free TCP port on loopback, for a child process whose URL we then know without reading its logs. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function stopChild(p: SpawnedPlatform): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const code = await p.exit;
  if (code !== 0) throw new Error(`platform exited with ${code}: ${p.stderr().slice(-2000)}`);
}

/**
 * The demo simulator's data, crawled once by the whole platform (role all) and kept under BENCH_DATA_DIR (or a
 * directory per population in /tmp) for later runs. Used until the scale generator's dataset is available.
 */
async function demoDataset(): Promise<Dataset> {
  const accounts = process.env.SIM_ACCOUNTS ?? '300';
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join('/tmp', `gzh-bench-api-demo-${accounts}`);
  const marker = path.join(dataDir, 'bench-dataset.json');
  const nowMs = Date.parse(DEMO_NOW);
  if (existsSync(marker)) return JSON.parse(readFileSync(marker, 'utf8')) as Dataset;
  const started = performance.now();
  const port = await freePort();
  const p = spawnPlatform({
    ROLE: 'all',
    DATA_DIR: dataDir,
    PORT: String(port),
    SIMULATOR_PORT: '0',
    SIM_ACCOUNTS: accounts,
    SIM_HISTORY_DAYS: '90',
    CRAWL_DAYS: '60',
    CRAWL_PAGE_DAYS: '3',
    CLOCK: `fixed:${DEMO_NOW}`,
    LOG_LEVEL: 'warn',
  });
  try {
    await waitReady(`http://127.0.0.1:${port}`, 600_000);
    // One more analytics tick after readiness lets rankings and fake verdicts land.
    await new Promise((r) => setTimeout(r, 8_000));
  } finally {
    await stopChild(p);
  }
  const d: Dataset = { dataDir, nowMs, scale: `demo-${accounts}` };
  writeFileSync(marker, JSON.stringify(d));
  console.log(
    `demo dataset: ${accounts} accounts crawled in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return d;
}

/** The dataset of this run: the scale generator's when it is present, the demo's otherwise. */
export async function benchDataset(): Promise<Dataset> {
  return demoDataset();
}

/** Parameters picked from the data: a big and a small account, words that occur, a reported article, days. */
export interface Picks {
  bigMid: number;
  smallMid: number;
  accountWord: string;
  titleWord: string;
  historyWord: string;
  report: { mid: number; aid: string };
  /** The industry with the most accounts. */
  media: string;
  /** Accounts spread over the population (articles ≥ 1), for calls cycled over many accounts. */
  manyMids: number[];
  today: string;
}

const firstWord = (s: string) => [...s.replace(/[\s\p{P}\d]/gu, '')].slice(0, 2).join('');

/** Reads the picks from ClickHouse in this process, then closes it (chDB: one process per data path). */
export async function pickParameters(d: Dataset): Promise<Picks> {
  const store = new ChdbStore(path.join(d.dataDir, 'clickhouse'));
  try {
    const q = async <T>(sql: string): Promise<T> => {
      const [row] = await store.query<T>(sql);
      if (!row) throw new Error(`the dataset has nothing for: ${sql}`);
      return row;
    };
    // Big: the account with the most articles that has an owner (the owner tab); small: the fewest, at least 3.
    const per = `SELECT a.mid AS mid, count() AS n FROM articles AS a FINAL
                 JOIN (SELECT mid FROM accounts FINAL WHERE owner != '') AS o ON o.mid = a.mid GROUP BY a.mid`;
    const big = await q<{ mid: string }>(
      `SELECT toString(mid) AS mid FROM (${per}) ORDER BY n DESC, mid LIMIT 1`,
    );
    const small = await q<{ mid: string }>(
      `SELECT toString(mid) AS mid FROM (${per}) WHERE n >= 3 ORDER BY n, mid LIMIT 1`,
    );
    const bigName = await q<{ name: string }>(
      `SELECT name FROM accounts FINAL WHERE mid = ${Number(big.mid)}`,
    );
    const recent = await q<{ title: string }>(
      `SELECT title FROM articles FINAL WHERE pubtime >= now() - INTERVAL 3650 DAY AND length(title) > 6
       ORDER BY cityHash64(aid, mid) LIMIT 1`,
    );
    const own = await q<{ title: string }>(
      `SELECT title FROM articles FINAL WHERE mid = ${Number(big.mid)} AND length(title) > 6 ORDER BY pubtime DESC LIMIT 1`,
    );
    const report = await store
      .query<{ mid: string; aid: string }>(
        `SELECT toString(mid) AS mid, aid FROM fake_reports FINAL ORDER BY mid, aid LIMIT 1`,
      )
      .then(async ([r]) =>
        r
          ? r
          : q<{ mid: string; aid: string }>(
              `SELECT toString(mid) AS mid, aid FROM article_snapshots GROUP BY mid, aid ORDER BY count() DESC LIMIT 1`,
            ),
      );
    const media = await q<{ media: string }>(
      `SELECT media FROM accounts FINAL WHERE media != '' GROUP BY media ORDER BY count() DESC, media LIMIT 1`,
    );
    const many = await store.query<{ mid: string }>(
      `SELECT toString(mid) AS mid FROM (SELECT DISTINCT mid FROM articles) ORDER BY cityHash64(mid) LIMIT 200`,
    );
    return {
      manyMids: many.map((r) => Number(r.mid)),
      media: media.media,
      bigMid: Number(big.mid),
      smallMid: Number(small.mid),
      accountWord: firstWord(bigName.name),
      titleWord: firstWord(recent.title),
      historyWord: firstWord(own.title),
      report: { mid: Number(report.mid), aid: report.aid },
      today: beijingDay(d.nowMs),
    };
  } finally {
    await store.close();
  }
}

/** A top-level (超级会员, vip 4) member and a session, made with the members module before the platform starts. */
export async function topMember(d: Dataset): Promise<string> {
  const db = await openMemberDb({ dataDir: path.join(d.dataDir, 'postgres') });
  try {
    await migrateMemberDb(db, createLogger('silent'));
    const phone = '13700009999';
    const [u] = await db.query<{ id: number }>(
      `INSERT INTO users (phone, name, vip_id, vip_expires_at) VALUES ($1, '压测会员', 4, now() + interval '10 years')
       ON CONFLICT (phone) DO UPDATE SET vip_id = 4, vip_expires_at = now() + interval '10 years'
       RETURNING id::int AS id`,
      [phone],
    );
    if (!u) throw new Error('could not create the benchmark member');
    return await new Sessions(db).create(u.id, true);
  } finally {
    await db.close();
  }
}

/** The platform's API role as its own process on the dataset, on the dataset's clock; logs at warn. */
export async function startApi(
  d: Dataset,
): Promise<{ base: string; pid: number; stop: () => Promise<void>; stderr: () => string }> {
  const port = await freePort();
  const p = spawnPlatform({
    ROLE: 'api',
    DATA_DIR: d.dataDir,
    PORT: String(port),
    CLOCK: `fixed:${new Date(d.nowMs).toISOString()}`,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    // BENCH_API_CACHE_MS=0 measures every call's queries without the API's read cache.
    ...(process.env.BENCH_API_CACHE_MS ? { API_CACHE_MS: process.env.BENCH_API_CACHE_MS } : {}),
  });
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${base}/livez`).catch(() => null);
    if (res?.ok) break;
    if (p.child.exitCode !== null || Date.now() > end)
      throw new Error(`api process did not start: ${p.stderr().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, pid: p.child.pid as number, stop: () => stopChild(p), stderr: p.stderr };
}

const has = (k: string) => (d: Record<string, unknown>) => {
  const v = d[k];
  return Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined && v !== '';
};

/** The calls a member hits most, with parameters from the data. */
export function benchCalls(p: Picks): BenchCall[] {
  const monthAgo = addDays(p.today, -30);
  const get = (
    name: string,
    kind: BenchCall['kind'],
    url: string,
    filled: BenchCall['filled'],
  ): BenchCall => ({
    name,
    kind,
    method: 'GET',
    path: `/fbmain${url}`,
    filled,
  });
  const post = (
    name: string,
    kind: BenchCall['kind'],
    url: string,
    body: Record<string, string>,
    filled: BenchCall['filled'],
  ): BenchCall => ({ name, kind, method: 'POST', path: `/fbmain${url}`, body, filled });
  const big = p.bigMid;
  const over = (c: BenchCall, path: (mid: number) => string): BenchCall => ({
    ...c,
    variants: p.manyMids.map((mid) => ({ method: 'GET', path: `/fbmain${path(mid)}` })),
  });
  return [
    get('rank_day', 'list', '/rank/v1/common?period=day&page=1&num=20', has('list')),
    get(
      'rank_month_media',
      'list',
      `/rank/v1/common?period=month&page=1&num=20&media=${encodeURIComponent(p.media)}`,
      has('list'),
    ),
    get('burst_7d', 'list', '/main/v1/burst?days=7&page=1&num=20', has('article_list')),
    get('today_hot', 'list', '/main/v1/today_hot?page=1&num=20', has('article_list')),
    get('detail_big', 'detail', `/search/v1/mp_detail?mId=${big}`, has('account')),
    get('detail_small', 'detail', `/search/v1/mp_detail?mId=${p.smallMid}`, has('account')),
    over(
      get('detail_many', 'detail', `/search/v1/mp_detail?mId=${p.manyMids[0]}`, has('account')),
      (mid) => `/search/v1/mp_detail?mId=${mid}`,
    ),
    over(
      get(
        'history_many',
        'detail',
        `/search/v1/detail_pubList?mId=${p.manyMids[0]}&page=1&num=20`,
        has('article_list'),
      ),
      (mid) => `/search/v1/detail_pubList?mId=${mid}&page=1&num=20`,
    ),
    get('tab_history', 'detail', `/search/v1/detail_pubList?mId=${big}&page=1&num=20`, has('article_list')),
    get(
      'tab_history_filtered',
      'detail',
      `/search/v1/detail_pubList?mId=${big}&page=1&num=20&kw=${encodeURIComponent(p.historyWord)}&start_time=${monthAgo}&end_time=${p.today}`,
      has('article_list'),
    ),
    get(
      'tab_history_hot',
      'detail',
      `/search/v1/detail_pubList?mId=${big}&page=1&num=20&is_hot=1`,
      has('article_list'),
    ),
    get('tab_statistic', 'detail', `/search/v1/detail_statistic?mId=${big}`, has('analysis_info')),
    get('tab_owner', 'detail', `/search/v1/detail_owner?mId=${big}`, has('owner')),
    get('tab_public_time', 'detail', `/search/v1/public_time?mid=${big}`, (d) => Object.keys(d).length > 0),
    get(
      'tab_original_links',
      'detail',
      `/original/v1/original_text_link?id=${big}&page=1&pagesize=10`,
      has('article_list'),
    ),
    get('similar_accounts', 'detail', `/search/v1/mp_similar?mid=${big}&page=1&num=20`, has('accounts')),
    post('account_search', 'search', '/search/v1/search_by_name', { name: p.accountWord }, has('accounts')),
    post('account_key_search', 'search', '/search/v1/key_search', { kw: p.accountWord }, has('accounts')),
    post(
      'article_search',
      'search',
      '/search/v1/article_search_/title',
      { kw: p.titleWord, days: '30' },
      has('article_list'),
    ),
    get(
      'fake_report',
      'detail',
      `/monitor/v1/read_praise_report?post=${p.report.mid}_${encodeURIComponent(p.report.aid)}`,
      has('charts'),
    ),
  ];
}

/**
 * The answer's envelope: success is error_code 0 (or status 200 for the monitor calls), with data. Every variant of
 * a call is checked too.
 */
export async function verifyCall(base: string, token: string, c: BenchCall): Promise<string | null> {
  for (const r of [c, ...(c.variants ?? [])]) {
    const res = await fetch(`${base}${r.path}`, {
      method: r.method,
      headers: {
        accessToken: token,
        ...(r.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: r.body ? new URLSearchParams(r.body).toString() : undefined,
    });
    const text = await res.text();
    if (res.status !== 200) return `${r.path}: HTTP ${res.status}: ${text.slice(0, 300)}`;
    const body = JSON.parse(text) as { error_code?: number; status?: number; data?: Record<string, unknown> };
    const success = body.error_code === 0 || (body.error_code === undefined && body.status === 200);
    if (!success) return `${r.path}: not a success: ${text.slice(0, 300)}`;
    // Most calls answer in `data`; the original/v1 lists answer their fields beside `status`.
    const data = body.data ?? (body as Record<string, unknown>);
    if (!c.filled(data)) return `${r.path}: empty data: ${text.slice(0, 300)}`;
  }
  return null;
}
