import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { historyArticles } from '../api/queries/accounts';
import { ChdbStore } from '../clickhouse/chdb-store';
import type { AnalyticsStore, QueryParams } from '../clickhouse/store';
import { PG_SERVER } from '../e2e/postgres';
import { HEADLINE_OPEN_RATE } from '../stream/analytics/refresh';
import { ensureDataset, type Manifest, scaleOptionsFromEnv } from './scale/generate';

/**
 * `npm run bench -- vs-postgres`: the same analytical questions on the same generated data (bench/scale/generate.ts)
 * in the embedded ClickHouse (chDB) and in PostgreSQL on the real server (127.0.0.1:5432, its own database
 * bench_vs_pg_<sizes>, loaded once per dataset and reused), warm, median of BENCH_RUNS (5) runs each; the answers
 * are compared before any time is reported.
 *
 * PostgreSQL is set up as a competent user would: the raw facts (accounts, articles, article_snapshots) with
 * primary keys, a latest-counters table kept like the platform's article_latest (one row per article, here built
 * once with DISTINCT ON), btree (mid, pubtime) and (pubtime) on articles, a pg_trgm GIN index on titles (database in
 * C.UTF-8 so Chinese characters are trigram characters), VACUUM ANALYZE, and work_mem 256 MB for the session.
 *
 * Both engines hold the same tables: the raw facts, and article_metrics (the stream's one row per article with its
 * latest counters, which the platform's lists read) copied over as it is. Tables each query reads (ClickHouse |
 * PostgreSQL):
 * - rank_month        上月阅读榜前 100（篇数、阅读合计）from raw facts: articles FINAL + article_latest | articles +
 *                     article_latest
 * - history_page      最大号的历史文章第 1 页（the platform's historyArticles）: account_articles FINAL + article_latest |
 *                     articles + article_latest
 * - position_account  最大号近 30 天按位置的阅读概况（the platform's account analysis shape）: same two | same two
 * - position_month    上月全平台按位置的阅读概况 from raw facts: same two | same two
 * - burst             低粉爆文 from raw facts (last 7 days, reads ≥ 5000 and ≥ 5 × the account's 30-day median, estimated
 *                     fans ≤ 50000): same two | same two
 * - rank_month_m, position_month_m, position_all_m (全部历史), burst_m: the same questions over article_metrics FINAL |
 *                     article_metrics (btree on day and on (mid, day))
 * - search3 / search2 标题搜索（3 字 / 2 字，最新 20 篇与总数）: articles FINAL with the bigram text index | articles with
 *                     the trigram GIN index (a 2-character needle has no trigram, so PostgreSQL scans)
 * - series            the most polled article's read curve at 5-minute resolution: article_snapshots | article_snapshots
 */

interface Query {
  name: string;
  ch: (store: AnalyticsStore) => Promise<unknown>;
  pg: (db: pg.Client) => Promise<unknown>;
}

/** A Beijing wall-clock time parameter ('YYYY-MM-DD HH:MM:SS') as a DateTime: parameters parse in UTC otherwise. */
const bj = (name: string) => `toDateTime({${name}:String}, 'Asia/Shanghai')`;

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LOADED_MARK = 'bench_meta';

function pgUrl(database: string): string {
  const u = new URL(PG_SERVER);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Loads the dataset into its own database unless it already holds this manifest. */
async function ensurePostgres(manifest: Manifest, store: AnalyticsStore): Promise<string> {
  const o = manifest.options;
  const database = `bench_vs_pg_a${o.accounts}_r${o.articles}_s${o.snapshots}`;
  const stamp = JSON.stringify({ schema: 2, options: o, createdAt: manifest.createdAt });
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount;
    if (exists) {
      const db = new pg.Client({ connectionString: pgUrl(database) });
      await db.connect();
      try {
        const r = await db.query(`SELECT stamp FROM ${LOADED_MARK}`).catch(() => ({ rows: [] }));
        if (r.rows[0]?.stamp === stamp) return database;
      } finally {
        await db.end();
      }
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
    }
    await admin.query(
      `CREATE DATABASE ${database} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
  } finally {
    await admin.end();
  }
  const t0 = performance.now();
  const db = new pg.Client({ connectionString: pgUrl(database) });
  await db.connect();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'gzh-vs-pg-'));
  try {
    await db.query(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE TABLE accounts (mid bigint PRIMARY KEY, name text, wxid text, owner text, area text, media text,
        description text);
      CREATE TABLE articles (mid bigint, aid text, msgid bigint, idx smallint, title text, digest text, href text,
        pubtime timestamp, copyright_stat smallint, PRIMARY KEY (mid, aid));
      CREATE TABLE article_snapshots (mid bigint, aid text, ts timestamp, reads int, likes int, looking int,
        shares int, comments int);
      CREATE TABLE article_metrics (day date, mid bigint, aid text, pubtime timestamp, idx smallint,
        original smallint, reads int, likes int, looking int, PRIMARY KEY (mid, aid));`);
    // Times as Beijing wall-clock timestamps, the way ClickHouse prints its Asia/Shanghai columns.
    const tables: [string, string][] = [
      ['accounts', 'SELECT mid, name, wxid, owner, area, media, description FROM accounts FINAL'],
      [
        'articles',
        'SELECT mid, aid, msgid, idx, title, digest, href, pubtime, copyright_stat FROM articles FINAL',
      ],
      [
        'article_metrics',
        'SELECT day, mid, aid, pubtime, idx, original, reads, likes, looking FROM article_metrics FINAL',
      ],
      [
        'article_snapshots',
        'SELECT mid, aid, ts, reads, likes, looking, shares, comments FROM article_snapshots FINAL',
      ],
    ];
    for (const [table, sql] of tables) {
      const file = path.join(tmp, `${table}.tsv`);
      const t = performance.now();
      await store.exec(`${sql} INTO OUTFILE '${file}' TRUNCATE FORMAT TSV`);
      execFileSync('psql', [
        pgUrl(database),
        '-v',
        'ON_ERROR_STOP=1',
        '-qc',
        `\\copy ${table} FROM '${file}'`,
      ]);
      rmSync(file);
      console.log(`postgres: loaded ${table} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const t = performance.now();
    await db.query(`
      SET maintenance_work_mem = '1GB';
      ALTER TABLE article_snapshots ADD PRIMARY KEY (mid, aid, ts);
      CREATE TABLE article_latest AS
        SELECT DISTINCT ON (mid, aid) mid, aid, reads, likes, looking, shares, comments, ts AS last_ts
        FROM article_snapshots ORDER BY mid, aid, ts DESC;
      ALTER TABLE article_latest ADD PRIMARY KEY (mid, aid);
      CREATE INDEX articles_mid_pubtime ON articles (mid, pubtime DESC);
      CREATE INDEX articles_pubtime ON articles (pubtime);
      CREATE INDEX article_metrics_day ON article_metrics (day);
      CREATE INDEX article_metrics_mid_day ON article_metrics (mid, day);
      CREATE INDEX articles_title_trgm ON articles USING gin (title gin_trgm_ops);`);
    await db.query('VACUUM ANALYZE');
    await db.query(`CREATE TABLE ${LOADED_MARK} (stamp text)`);
    await db.query(`INSERT INTO ${LOADED_MARK} VALUES ($1)`, [stamp]);
    console.log(
      `postgres: indexes, latest table and VACUUM ANALYZE in ${((performance.now() - t) / 1000).toFixed(1)} s; load total ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await db.end();
  }
  return database;
}

const chRows = (store: AnalyticsStore, sql: string, params?: QueryParams) => store.query(sql, params);
const pgRows = async (db: pg.Client, sql: string, params: unknown[] = []) =>
  (await db.query(sql, params)).rows;

/** Rows as comparable text: numbers rounded to 2 decimals (averages differ in the last float digits). */
function canonical(rows: unknown): string {
  const norm = (v: unknown): unknown => {
    if (v === null || v === undefined) return 0;
    if (typeof v === 'number') return Math.round(v * 100) / 100;
    if (typeof v === 'string' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(v))
      return Math.round(Number(v) * 100) / 100;
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return v.map(norm);
    if (typeof v === 'object')
      return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, norm(x)]));
    return v;
  };
  return JSON.stringify(norm(rows));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/**
 * Warm medians of both engines, runs interleaved (ClickHouse, PostgreSQL, ClickHouse, …) so that load from other
 * processes on the machine falls on both alike.
 */
async function timeBoth(
  ch: () => Promise<unknown>,
  pq: () => Promise<unknown>,
): Promise<{ chMs: number; pgMs: number; chResult: unknown; pgResult: unknown }> {
  let chResult = await ch(); // warm-up
  let pgResult = await pq();
  const chTimes: number[] = [];
  const pgTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    chResult = await ch();
    chTimes.push(performance.now() - t);
    t = performance.now();
    pgResult = await pq();
    pgTimes.push(performance.now() - t);
  }
  return { chMs: median(chTimes), pgMs: median(pgTimes), chResult, pgResult };
}

/** Beijing wall-clock 'YYYY-MM-DD HH:MM:SS' of an instant. */
const beijing = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function buildQueries(store: AnalyticsStore, manifest: Manifest): Promise<Query[]> {
  const nowMs = manifest.options.nowMs;
  const now = beijing(nowMs);
  const today = now.slice(0, 10);
  const [y, m] = today.split('-').map(Number) as [number, number];
  // The last complete month before "now".
  const monthFrom = `${new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10)} 00:00:00`;
  const monthTo = `${new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10)} 00:00:00`;
  const dayMs = 86_400_000;
  const startOfToday = Date.parse(`${today}T00:00:00+08:00`);
  const d30 = beijing(startOfToday - 29 * dayMs);
  const d7 = beijing(startOfToday - 6 * dayMs);
  const tomorrow = beijing(startOfToday + dayMs);
  const [big] = await store.query<{ mid: string }>(
    'SELECT toString(mid) AS mid FROM articles GROUP BY mid ORDER BY count() DESC, mid LIMIT 1',
  );
  const mid = Number(big?.mid);
  const [mon] = await store.query<{ mid: string; aid: string }>(
    `SELECT toString(mid) AS mid, aid FROM article_snapshots GROUP BY mid, aid ORDER BY count() DESC, mid, aid LIMIT 1`,
  );
  const monitored = { mid: Number(mon?.mid), aid: String(mon?.aid) };
  const latest = (where: string) =>
    `SELECT mid, aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes FROM article_latest
     WHERE ${where} GROUP BY mid, aid`;
  const positionSql = {
    ch: (where: string) =>
      `SELECT a.idx AS position, count() AS article_num, avg(l.reads) AS avg_read, max(l.reads) AS read_max,
         avg(l.likes) AS avg_praise, max(l.likes) AS praise_max
       FROM (SELECT mid, aid, idx FROM articles FINAL WHERE ${where}) AS a
       LEFT JOIN (${latest(`(mid, aid) IN (SELECT mid, aid FROM articles WHERE ${where})`)}) AS l
         ON l.mid = a.mid AND l.aid = a.aid
       GROUP BY position ORDER BY position`,
    pg: (where: string) =>
      `SELECT a.idx AS position, count(*) AS article_num, avg(coalesce(l.reads, 0)) AS avg_read,
         max(coalesce(l.reads, 0)) AS read_max, avg(coalesce(l.likes, 0)) AS avg_praise,
         max(coalesce(l.likes, 0)) AS praise_max
       FROM articles a LEFT JOIN article_latest l ON l.mid = a.mid AND l.aid = a.aid
       WHERE ${where} GROUP BY a.idx ORDER BY a.idx`,
  };
  const search = (kw: string): Pick<Query, 'ch' | 'pg'> => ({
    ch: async (s) =>
      (
        await chRows(
          s,
          `SELECT mid, aid, title, toString(a.pubtime) AS pubtime, count() OVER () AS total FROM articles AS a FINAL
           WHERE hasAllTokens(title, {kw:String}) AND positionCaseInsensitiveUTF8(title, {kw:String}) > 0
           ORDER BY a.pubtime DESC, mid, aid LIMIT 20`,
          { kw },
        )
      ).map((r) => ({ ...r, pubtime: String(r.pubtime) })),
    pg: async (db) =>
      (
        await pgRows(
          db,
          // The matches first (MATERIALIZED, so through the trigram index), then the window and the order: written as
          // one SELECT, the planner sometimes walked the pubtime index backwards over every row (2.3 s, 2026-11-26).
          `WITH m AS MATERIALIZED (SELECT mid, aid, title, pubtime FROM articles WHERE title ILIKE '%' || $1 || '%')
           SELECT mid, aid, title, to_char(m.pubtime, 'YYYY-MM-DD HH24:MI:SS') AS pubtime, count(*) OVER () AS total
           FROM m ORDER BY m.pubtime DESC, mid, aid LIMIT 20`,
          [kw],
        )
      ).map((r) => ({ ...r })),
  });
  return [
    {
      name: 'rank_month',
      ch: (s) =>
        chRows(
          s,
          `SELECT a.mid AS mid, count() AS articles, sum(l.reads) AS reads
           FROM (SELECT mid, aid FROM articles FINAL WHERE pubtime >= ${bj('from')} AND pubtime < ${bj('to')}) AS a
           LEFT JOIN (${latest(`(mid, aid) IN (SELECT mid, aid FROM articles WHERE pubtime >= ${bj('from')} AND pubtime < ${bj('to')})`)}) AS l
             ON l.mid = a.mid AND l.aid = a.aid
           GROUP BY mid ORDER BY reads DESC, mid LIMIT 100`,
          { from: monthFrom, to: monthTo },
        ),
      pg: (db) =>
        pgRows(
          db,
          `SELECT a.mid, count(*) AS articles, sum(coalesce(l.reads, 0)) AS reads
           FROM articles a LEFT JOIN article_latest l ON l.mid = a.mid AND l.aid = a.aid
           WHERE a.pubtime >= $1 AND a.pubtime < $2
           GROUP BY a.mid ORDER BY reads DESC, a.mid LIMIT 100`,
          [monthFrom, monthTo],
        ),
    },
    {
      name: 'history_page',
      ch: async (s) =>
        (
          await historyArticles(s, {
            mid,
            page: 1,
            num: 20,
            kw: '',
            kwType: 'title',
            hotOnly: false,
            headlineOnly: false,
            start: null,
            end: null,
          })
        ).rows.map((r) => ({
          aid: r.aid,
          idx: r.idx,
          reads: r.reads,
          likes: r.likes,
          avg_read: r.avg_read,
          total: r.total,
        })),
      pg: (db) =>
        pgRows(
          db,
          // Joined on the latest table's key, and the average as a scalar subquery: written as a CTE used twice,
          // PostgreSQL materialises it and joins by nested loop (4.8 s at a tenth of full size).
          `SELECT a.aid, a.idx, coalesce(l.reads, 0) AS reads, coalesce(l.likes, 0) AS likes,
                  (SELECT avg(reads) FROM article_latest WHERE mid = $1) AS avg_read, count(*) OVER () AS total
           FROM articles a LEFT JOIN article_latest l ON l.mid = a.mid AND l.aid = a.aid
           WHERE a.mid = $1 ORDER BY a.pubtime DESC, a.idx ASC LIMIT 20`,
          [mid],
        ),
    },
    {
      name: 'position_account',
      ch: (s) =>
        chRows(
          s,
          `WITH latest AS (
             SELECT aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes
             FROM article_latest WHERE mid = {mid:UInt64} GROUP BY aid)
           SELECT a.idx AS position, count() AS article_num, avg(l.reads) AS avg_read, max(l.reads) AS read_max,
             avg(l.likes) AS avg_praise, max(l.likes) AS praise_max
           FROM account_articles AS a FINAL LEFT JOIN latest AS l ON l.aid = a.aid
           WHERE a.mid = {mid:UInt64} AND a.pubtime >= ${bj('from')} AND a.pubtime < ${bj('to')}
           GROUP BY position ORDER BY position`,
          {
            mid,
            from: d30,
            to: tomorrow,
          },
        ),
      pg: (db) =>
        pgRows(db, positionSql.pg('a.mid = $1 AND a.pubtime >= $2 AND a.pubtime < $3'), [mid, d30, tomorrow]),
    },
    {
      name: 'position_month',
      ch: (s) =>
        chRows(s, positionSql.ch(`pubtime >= ${bj('from')} AND pubtime < ${bj('to')}`), {
          from: monthFrom,
          to: monthTo,
        }),
      pg: (db) => pgRows(db, positionSql.pg('a.pubtime >= $1 AND a.pubtime < $2'), [monthFrom, monthTo]),
    },
    {
      name: 'burst',
      ch: (s) =>
        chRows(
          s,
          `WITH w AS (
             SELECT a.mid AS mid, a.aid AS aid, a.idx AS idx, a.pubtime AS pubtime, l.reads AS reads
             FROM (SELECT mid, aid, idx, pubtime FROM articles FINAL
                   WHERE pubtime >= ${bj('d30')} AND pubtime < ${bj('end')}) AS a
             LEFT JOIN (${latest(`(mid, aid) IN (SELECT mid, aid FROM articles WHERE pubtime >= ${bj('d30')} AND pubtime < ${bj('end')})`)}) AS l
               ON l.mid = a.mid AND l.aid = a.aid),
           m AS (
             SELECT mid, quantileExactInclusive(0.5)(reads) AS med,
               ifNotFinite(quantileExactInclusiveIf(0.5)(reads, idx = 1), 0) AS med_head
             FROM w GROUP BY mid)
           SELECT w.mid AS mid, w.aid AS aid, w.reads AS reads, count() OVER () AS total
           FROM w INNER JOIN m ON m.mid = w.mid
           WHERE w.pubtime >= ${bj('d7')} AND w.reads >= 5000 AND w.reads >= 5 * m.med
             AND m.med_head > 0 AND m.med_head / ${HEADLINE_OPEN_RATE} <= 50000
           ORDER BY reads DESC, mid, aid LIMIT 50`,
          { d30, d7, end: tomorrow },
        ),
      pg: (db) =>
        pgRows(
          db,
          `WITH w AS (
             SELECT a.mid, a.aid, a.idx, a.pubtime, coalesce(l.reads, 0) AS reads
             FROM articles a LEFT JOIN article_latest l ON l.mid = a.mid AND l.aid = a.aid
             WHERE a.pubtime >= $1 AND a.pubtime < $3),
           m AS (
             SELECT mid, percentile_cont(0.5) WITHIN GROUP (ORDER BY reads) AS med,
               coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY reads) FILTER (WHERE idx = 1), 0) AS med_head
             FROM w GROUP BY mid)
           SELECT w.mid, w.aid, w.reads, count(*) OVER () AS total
           FROM w JOIN m ON m.mid = w.mid
           WHERE w.pubtime >= $2 AND w.reads >= 5000 AND w.reads >= 5 * m.med
             AND m.med_head > 0 AND m.med_head / ${HEADLINE_OPEN_RATE} <= 50000
           ORDER BY w.reads DESC, w.mid, w.aid LIMIT 50`,
          [d30, d7, tomorrow],
        ),
    },
    {
      name: 'rank_month_m',
      ch: (s) =>
        chRows(
          s,
          `SELECT mid, count() AS articles, sum(reads) AS reads FROM article_metrics FINAL
           WHERE day >= {from:Date} AND day < {to:Date}
           GROUP BY mid ORDER BY reads DESC, mid LIMIT 100`,
          { from: monthFrom.slice(0, 10), to: monthTo.slice(0, 10) },
        ),
      pg: (db) =>
        pgRows(
          db,
          `SELECT mid, count(*) AS articles, sum(reads) AS reads FROM article_metrics
           WHERE day >= $1 AND day < $2 GROUP BY mid ORDER BY reads DESC, mid LIMIT 100`,
          [monthFrom.slice(0, 10), monthTo.slice(0, 10)],
        ),
    },
    {
      name: 'position_month_m',
      ch: (s) =>
        chRows(
          s,
          `SELECT idx AS position, count() AS article_num, avg(reads) AS avg_read, max(reads) AS read_max,
             avg(likes) AS avg_praise, max(likes) AS praise_max
           FROM article_metrics FINAL WHERE day >= {from:Date} AND day < {to:Date}
           GROUP BY position ORDER BY position`,
          { from: monthFrom.slice(0, 10), to: monthTo.slice(0, 10) },
        ),
      pg: (db) =>
        pgRows(
          db,
          `SELECT idx AS position, count(*) AS article_num, avg(reads) AS avg_read, max(reads) AS read_max,
             avg(likes) AS avg_praise, max(likes) AS praise_max
           FROM article_metrics WHERE day >= $1 AND day < $2 GROUP BY idx ORDER BY idx`,
          [monthFrom.slice(0, 10), monthTo.slice(0, 10)],
        ),
    },
    {
      name: 'position_all_m',
      ch: (s) =>
        chRows(
          s,
          `SELECT idx AS position, count() AS article_num, avg(reads) AS avg_read, max(reads) AS read_max,
             avg(likes) AS avg_praise, max(likes) AS praise_max
           FROM article_metrics FINAL GROUP BY position ORDER BY position`,
        ),
      pg: (db) =>
        pgRows(
          db,
          `SELECT idx AS position, count(*) AS article_num, avg(reads) AS avg_read, max(reads) AS read_max,
             avg(likes) AS avg_praise, max(likes) AS praise_max
           FROM article_metrics GROUP BY idx ORDER BY idx`,
        ),
    },
    {
      name: 'burst_m',
      ch: (s) =>
        chRows(
          s,
          `WITH w AS (SELECT mid, aid, idx, day, reads FROM article_metrics FINAL
                      WHERE day >= {d30:Date} AND day <= {today:Date}),
           m AS (
             SELECT mid, quantileExactInclusive(0.5)(reads) AS med,
               ifNotFinite(quantileExactInclusiveIf(0.5)(reads, idx = 1), 0) AS med_head
             FROM w GROUP BY mid)
           SELECT w.mid AS mid, w.aid AS aid, w.reads AS reads, count() OVER () AS total
           FROM w INNER JOIN m ON m.mid = w.mid
           WHERE w.day >= {d7:Date} AND w.reads >= 5000 AND w.reads >= 5 * m.med
             AND m.med_head > 0 AND m.med_head / ${HEADLINE_OPEN_RATE} <= 50000
           ORDER BY reads DESC, mid, aid LIMIT 50`,
          { d30: d30.slice(0, 10), d7: d7.slice(0, 10), today },
        ),
      pg: (db) =>
        pgRows(
          db,
          `WITH w AS (SELECT mid, aid, idx, day, reads FROM article_metrics WHERE day >= $1 AND day <= $3),
           m AS (
             SELECT mid, percentile_cont(0.5) WITHIN GROUP (ORDER BY reads) AS med,
               coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY reads) FILTER (WHERE idx = 1), 0) AS med_head
             FROM w GROUP BY mid)
           SELECT w.mid, w.aid, w.reads, count(*) OVER () AS total
           FROM w JOIN m ON m.mid = w.mid
           WHERE w.day >= $2 AND w.reads >= 5000 AND w.reads >= 5 * m.med
             AND m.med_head > 0 AND m.med_head / ${HEADLINE_OPEN_RATE} <= 50000
           ORDER BY w.reads DESC, w.mid, w.aid LIMIT 50`,
          [d30.slice(0, 10), d7.slice(0, 10), today],
        ),
    },
    { name: 'search3', ...search('小龙虾') },
    { name: 'search2', ...search('火锅') },
    {
      name: 'series',
      ch: (s) =>
        chRows(
          s,
          `SELECT intDiv(toUnixTimestamp(ts), 300) * 300 AS t, max(reads) AS reads, max(likes) AS likes
           FROM article_snapshots WHERE mid = {mid:UInt64} AND aid = {aid:String} GROUP BY t ORDER BY t`,
          monitored,
        ),
      pg: (db) =>
        pgRows(
          db,
          `SELECT (floor(extract(epoch FROM ts AT TIME ZONE 'Asia/Shanghai') / 300) * 300)::bigint AS t,
             max(reads) AS reads, max(likes) AS likes
           FROM article_snapshots WHERE mid = $1 AND aid = $2 GROUP BY 1 ORDER BY 1`,
          [monitored.mid, monitored.aid],
        ),
    },
  ];
}

export async function run(): Promise<void> {
  const o = scaleOptionsFromEnv();
  const { dataDir, manifest } = await ensureDataset(o, { progress: (m) => console.log(m) });
  const c = manifest.report.counts;
  const scale = `${c.accounts}/${c.articles}/${c.snapshots}`;
  console.log(`dataset ${dataDir}: ${c.accounts} accounts, ${c.articles} articles, ${c.snapshots} snapshots`);
  const store = new ChdbStore(path.join(dataDir, 'clickhouse'));
  const database = await ensurePostgres(manifest, store);
  const db = new pg.Client({ connectionString: pgUrl(database) });
  await db.connect();
  await db.query("SET work_mem = '256MB'");
  const queries = await buildQueries(store, manifest);
  const ratios: number[] = [];
  const below: string[] = [];
  let mismatches = 0;
  console.log(`query              clickhouse_ms  postgres_ms   ratio  answers (median of ${RUNS} warm runs)`);
  for (const q of queries) {
    const t = await timeBoth(
      () => q.ch(store),
      () => q.pg(db),
    );
    const ch = { ms: t.chMs, result: t.chResult };
    const pq = { ms: t.pgMs, result: t.pgResult };
    const same = canonical(ch.result) === canonical(pq.result);
    const n = Array.isArray(ch.result) ? ch.result.length : 0;
    if (!same) {
      mismatches++;
      console.log(
        `  ${q.name}: answers differ\n    clickhouse ${canonical(ch.result).slice(0, 400)}\n    postgres   ${canonical(pq.result).slice(0, 400)}`,
      );
    }
    const ratio = pq.ms / ch.ms;
    ratios.push(ratio);
    if (ratio < 10) below.push(q.name);
    console.log(
      `${q.name.padEnd(18)} ${ch.ms.toFixed(1).padStart(13)} ${pq.ms.toFixed(1).padStart(12)} ${ratio.toFixed(2).padStart(7)}  ${same ? 'equal' : 'DIFFER'} (${n} rows)`,
    );
  }
  await db.end();
  await store.close();
  if (below.length) console.log(`below 10×: ${below.join(', ')}`);
  console.log(
    `RESULT vs-postgres scale=${scale} queries=${queries.length} min_ratio=${Math.min(...ratios).toFixed(2)} median_ratio=${median(ratios).toFixed(2)} max_ratio=${Math.max(...ratios).toFixed(2)} below_10x=${below.length} mismatches=${mismatches}`,
  );
  if (mismatches > 0) process.exitCode = 1;
}
