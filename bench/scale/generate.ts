import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChdbStore } from '../../clickhouse/chdb-store';
import { migrateClickHouse } from '../../clickhouse/migrate';
import type { AnalyticsStore } from '../../clickhouse/store';
import { fixedClock } from '../../core/clock';
import { ORIGINAL_CODE } from '../../core/copyright';
import { createLogger } from '../../core/log';
import {
  CITIES,
  CITY_AREA,
  INDUSTRIES,
  NAME_PREFIXES,
  NAME_SUFFIXES,
  OWNER_KINDS,
  OWNER_WORDS,
  TITLE_TEMPLATES,
} from '../../simulator/vocabulary';
import { AnalyticsProcessor } from '../../stream/analytics-processor';

/**
 * The scale generator (issue #11): a realistic population written straight into ClickHouse with
 * INSERT … SELECT FROM numbers(), then the derived tables filled by the real AnalyticsProcessor.
 *
 * - Accounts: names, owners, descriptions, industry and area from the simulator's vocabulary, so bigram search
 *   finds things and results vary. Sizes are Zipf-like: account of size rank r has ≈ c·(r+1)^-ZIPF_S articles
 *   (at least 1, at most one full push a day), c chosen so the total is `articles`.
 * - Articles: spread evenly over `months` up to `nowMs`, positions 1–8 per push (large accounts fill more), a
 *   third original, titles from the simulator's templates with the industry's keywords and cities.
 * - Reads: the account's level falls with its size rank (a few large accounts, most small), times a position
 *   factor and a log-normal factor per article; 0.3% of articles go viral (×5–50), which feeds 低粉爆文.
 * - Snapshots: most articles 1–5 polls (2 h, 1 d, 3 d, 7 d, 30 d after publishing); "monitored" articles (10% of
 *   the last 8 days, 0.4% of older ones) get minute-level points over their first hours, as many minutes as
 *   the snapshot budget allows; a tenth of the recent monitored ones carry bought reads (a linear night ramp
 *   without likes) so fake_reports has both verdicts.
 *
 * Everything is a pure function of (sizes, seed, nowMs): the same parameters give the same rows.
 */

export interface ScaleOptions {
  accounts: number;
  articles: number;
  snapshots: number;
  months: number;
  nowMs: number;
  seed: number;
}

export interface ScaleCounts {
  accounts: number;
  articles: number;
  snapshots: number;
  monitored: number;
  fakeShaped: number;
  minutesPerMonitored: number;
}

export interface ScaleReport {
  counts: ScaleCounts;
  /** Seconds per phase: accounts, articles, snapshots (raw facts), analytics (processor ticks), rankings. */
  seconds: Record<string, number>;
  /** Rows in each derived table after the processor ran. */
  derived: Record<string, number>;
}

export const FULL_SIZES = { accounts: 100_000, articles: 10_000_000, snapshots: 100_000_000 } as const;
/** Default "now": fixed so that figures are reproducible; the API must run with CLOCK=fixed:<this> to match. */
export const DEFAULT_NOW = '2026-11-01T21:30:00+08:00';
export const DEFAULT_SEED = 20261125;

/** Size-rank exponent of the articles per account. */
const ZIPF_S = 0.9;
/** mid = MID_BASE + n·MID_STRIDE + hash(n) mod MID_STRIDE: unique, realistic-looking, and n recoverable. */
const MID_BASE = 3_000_000_000;
const MID_STRIDE = 37;
const MSGID_BASE = 2_247_480_000;
const RECENT_DAYS = 8;
const MONITORED_RECENT = 0.1;
const MONITORED_OLD = 0.004;
const FAKE_SHARE = 0.1;
/** Normal articles: poll offsets (seconds after publishing) and how many articles get 1…5 of them (cumulative %). */
const POLL_OFFSETS = [7200, 86_400, 259_200, 604_800, 2_592_000];
const POLL_CUMULATIVE = [40, 65, 85, 95, 100];
/** At most three days of minute points per monitored article. */
const MAX_MONITOR_MINUTES = 3 * 24 * 60;
/** Articles per generation chunk: each chunk is inserted, then the processor ticks over it. */
const CHUNK_ARTICLES = 1_500_000;

const lit = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const arr = (xs: readonly string[]) => `[${xs.map(lit).join(',')}]`;
const arr2 = (xss: readonly (readonly string[])[]) => `[${xss.map(arr).join(',')}]`;
const num = (x: number) => {
  if (!Number.isFinite(x)) throw new Error(`not a finite number: ${x}`);
  return String(x);
};
/** 1-based pick from a literal array by a hash. */
const pick = (array: string, len: number, h: string) => `${array}[${h} % ${len} + 1]`;

/** A prime coprime with n, for a bijection number → size rank. */
function rankPrime(n: number): number {
  for (const p of [7919, 7907, 7901, 7883]) if (n % p !== 0) return p;
  return 1;
}

/** The articles-per-account curve: c such that Σ clamp(round(c·(r+1)^-s), 1, cap) ≈ total. */
export function zipfScale(accounts: number, total: number, cap: number): number {
  const sum = (c: number) => {
    let s = 0;
    for (let r = 0; r < accounts; r++) s += Math.min(cap, Math.max(1, Math.round(c * (r + 1) ** -ZIPF_S)));
    return s;
  };
  let lo = 0;
  let hi = total;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (sum(mid) < total) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** SQL expressions over the generated ids, shared by the inserts. */
function expressions(o: ScaleOptions) {
  const seed = num(o.seed);
  const u = (...args: string[]) => `(cityHash64(${args.join(', ')}, ${seed}) % 1000000 / 1000000.)`;
  // An approximately standard normal from four uniforms (Irwin–Hall).
  const z = (...args: string[]) =>
    `((${[1, 2, 3, 4].map((k) => u(...args, String(k))).join(' + ')} - 2) * 1.7320508)`;
  const n = `intDiv(mid - ${MID_BASE}, ${MID_STRIDE})`;
  const rank = `((${n} * ${rankPrime(o.accounts)} + 13) % ${num(o.accounts)})`;
  return { u, z, n, rank };
}

function accountsSql(o: ScaleOptions): string {
  const { u } = expressions(o);
  const h = (k: number) => `cityHash64(number, ${num(o.seed)}, ${k})`;
  const topics = arr2(INDUSTRIES.map((i) => i.topics));
  const keywords = arr2(INDUSTRIES.map((i) => i.keywords));
  const tags = arr2(INDUSTRIES.map((i) => i.tags));
  const areas = arr(CITIES.map((c) => CITY_AREA[c] ?? c));
  return `INSERT INTO accounts (mid, biz, name, wxid, gh_id, avatar, qrcode, owner, area, description, media, tags,
      service_type, verified, reg_time, updated_at)
    SELECT mid, base64Encode(toString(mid)) AS biz, name,
      concat(${arr(INDUSTRIES.map((i) => i.slug))}[ind], '_', lower(hex(${h(9)} % 4294967296))) AS wxid,
      concat('gh_', lower(hex(${h(10)} % 281474976710656))) AS gh_id,
      concat('https://mmbiz.qpic.cn/mmbiz_png/', hex(${h(11)}), '/0') AS avatar,
      concat('https://open.weixin.qq.com/qr/code?username=gh_', lower(hex(${h(10)} % 281474976710656))) AS qrcode,
      if(${h(3)} % 10 < 3, '', concat(city, ${pick(arr(OWNER_WORDS), OWNER_WORDS.length, h(4))},
        ${pick(arr(OWNER_KINDS), OWNER_KINDS.length, h(5))}, '有限公司')) AS owner,
      ${areas}[ci] AS area,
      concat(name, '：关注', ${topics}[ind][${h(6)} % 4 + 1], '，每周分享', kw1, '、', kw2, '等',
        ${arr(INDUSTRIES.map((i) => i.name))}[ind], '内容。') AS description,
      ${arr(INDUSTRIES.map((i) => i.name))}[ind] AS media,
      arrayDistinct([${tags}[ind][${h(7)} % 4 + 1], ${tags}[ind][${h(8)} % 4 + 1]]) AS tags,
      if(${h(12)} % 5 = 0, 2, 1) AS service_type, ${h(13)} % 3 = 0 AS verified,
      toDateTime('2013-01-01 00:00:00', 'Asia/Shanghai') + toIntervalSecond(${h(14)} % 350000000) AS reg_time,
      toDateTime64(${num(o.nowMs / 1000)}, 3, 'Asia/Shanghai') AS updated_at
    FROM (
      SELECT number, ${MID_BASE} + number * ${MID_STRIDE} + ${h(0)} % ${MID_STRIDE} AS mid,
        ${h(1)} % ${INDUSTRIES.length} + 1 AS ind, ${h(2)} % ${CITIES.length} + 1 AS ci,
        ${arr(CITIES)}[ci] AS city,
        ${keywords}[ind][${h(15)} % 6 + 1] AS kw1, ${keywords}[ind][${h(16)} % 6 + 1] AS kw2,
        multiIf(${u('number', '17')} < 0.45,
          concat(${pick(arr(NAME_PREFIXES), NAME_PREFIXES.length, h(18))}, ${topics}[ind][${h(19)} % 4 + 1],
            ${pick(arr(NAME_SUFFIXES), NAME_SUFFIXES.length, h(20))}),
          ${u('number', '21')} < 0.75,
          concat(city, ${topics}[ind][${h(19)} % 4 + 1], ${pick(arr(NAME_SUFFIXES), NAME_SUFFIXES.length, h(20))}),
          concat(${pick(arr(OWNER_WORDS), OWNER_WORDS.length, h(22))}, kw1, ${pick(arr(NAME_SUFFIXES), NAME_SUFFIXES.length, h(20))})
        ) AS name
      FROM numbers(${num(o.accounts)})
    )`;
}

/** Articles of the accounts with n in [lo, hi). */
function articlesSql(o: ScaleOptions, c: number, lo: number, hi: number): string {
  const { u, rank } = expressions(o);
  const days = Math.round(o.months * 30.44);
  const cap = days * 8;
  const nowS = Math.floor(o.nowMs / 1000);
  const firstS = nowS - days * 86_400;
  const keywords = arr2(INDUSTRIES.map((i) => i.keywords));
  const names = arr(INDUSTRIES.map((i) => i.name));
  const digestTail = arr(['带你看懂', '一文梳理', '值得收藏', '不容错过', '最新解读', '真实体验']);
  return `INSERT INTO articles (mid, aid, biz, msgid, idx, sn, title, digest, cover, author, href, pubtime,
      copyright_stat, source_url, content, item_show_type, updated_at)
    SELECT mid, concat(toString(msgid), '_', toString(idx)) AS aid, biz, msgid, idx, sn, title,
      concat(substringUTF8(title, 1, 12), '……', name, '为你带来关于', kw, '的最新内容，',
        ${digestTail}[cityHash64(mid, msgid, idx, 3) % 6 + 1], '。') AS digest,
      concat('https://mmbiz.qpic.cn/mmbiz_jpg/', hex(cityHash64(mid, msgid, idx, 4)), '/0') AS cover,
      if(cityHash64(mid, msgid, idx, 5) % 3 = 0, name, '') AS author,
      concat('https://mp.weixin.qq.com/s?__biz=', biz, '&mid=', toString(msgid), '&idx=', toString(idx), '&sn=', sn)
        AS href,
      toDateTime(least(pub, ${nowS}), 'Asia/Shanghai') AS pubtime,
      if(cityHash64(mid, msgid, idx, 6) % 3 = 0, ${ORIGINAL_CODE}, 0) AS copyright_stat,
      if(cityHash64(mid, msgid, idx, 7) % 10 = 0, concat('https://www.example.com/', toString(msgid)), '')
        AS source_url,
      concat(title, '。', name, '今天聊聊', kw, '。', city, '的读者朋友们，欢迎在留言区分享你对', kw,
        '的看法。') AS content,
      0 AS item_show_type,
      toDateTime64(${nowS}, 3, 'Asia/Shanghai') AS updated_at
    FROM (
      SELECT mid, biz, name, ind, city, n, k, pushes, j, intDiv(j, k) AS p, j % k + 1 AS idx,
        ${MSGID_BASE} + p AS msgid,
        lower(hex(cityHash64(mid, p, idx, ${num(o.seed)}))) AS sn,
        ${keywords}[ind][cityHash64(mid, p, idx, 1) % 6 + 1] AS kw,
        -- Pushes evenly over the days, at 07:00–22:59 Beijing time.
        ${firstS} + intDiv((p * 2 + 1) * ${days + 1}, pushes * 2) * 86400 - (${firstS} + 8 * 3600) % 86400
          + (7 + cityHash64(mid, p, 2) % 15) * 3600 + cityHash64(mid, p, 8) % 3600 AS pub,
        replaceOne(replaceOne(replaceOne(
          ${arr(TITLE_TEMPLATES)}[cityHash64(mid, p, idx, 9) % ${TITLE_TEMPLATES.length} + 1],
          '{kw}', kw), '{city}', city), '{n}', toString(3 + cityHash64(mid, p, idx, 10) % 8)) AS title
      FROM (
        SELECT mid, biz, name, indexOf(${names}, media) AS ind, area AS city,
          toUInt32(least(${cap}, greatest(1, round(${num(c)} * pow(${rank} + 1, -${ZIPF_S}))))) AS n,
          toUInt32(least(8, greatest(toUInt32(ceil(n / ${days})), 1 + toUInt32(${u('mid', '30')} * 3)))) AS k,
          toUInt32(ceil(n / k)) AS pushes
        FROM accounts
        WHERE ${midRange(lo, hi)}
      )
      ARRAY JOIN range(n) AS j
    )`;
}

/** Per-article columns the snapshot insert and the budget query share (over `articles`). */
function articleModel(o: ScaleOptions, minutes: number): string {
  const { u, z, rank } = expressions(o);
  const nowS = Math.floor(o.nowMs / 1000);
  const recent = nowS - RECENT_DAYS * 86_400;
  const pos = '[1, 0.35, 0.25, 0.2, 0.15, 0.12, 0.1, 0.08]';
  return `mid, aid, toUnixTimestamp(pubtime) AS pub, ${nowS} - pub AS age,
    pub >= ${recent} AS recent,
    ${u('mid', 'aid', '40')} < if(recent, ${MONITORED_RECENT}, ${MONITORED_OLD}) AS monitored,
    monitored AND recent AND ${u('mid', 'aid', '41')} < ${FAKE_SHARE} AS fake,
    -- Final reads: account level (falls with size rank) × position × log-normal, 0.3% viral.
    least(100001., 20000 * pow(${rank} + 1, -0.5) * exp(0.5 * ${z('mid', '42')}) * ${pos}[idx]
      * exp(0.6 * ${z('mid', 'aid', '43')})
      * if(${u('mid', 'aid', '44')} < 0.003, 5 + 45 * ${u('mid', 'aid', '45')}, 1)) AS R,
    0.012 + 0.03 * ${u('mid', '46')} AS like_rate,
    (2 + 10 * ${u('mid', 'aid', '47')}) * 3600 AS tau,
    -- Bought reads: 0.8 × R added linearly from 01:00 to 04:00 the night after publishing, without likes.
    toUnixTimestamp(toStartOfDay(pubtime)) + 86400 + 3600 AS fake_from,
    multiIf(monitored, least(${minutes}, intDiv(age, 60)),
      arrayFirstIndex(x -> ${u('mid', 'aid', '48')} * 100 < x, [${POLL_CUMULATIVE.join(',')}]))
      AS points`;
}

function snapshotsSql(o: ScaleOptions, minutes: number, lo: number, hi: number): string {
  const nowS = Math.floor(o.nowMs / 1000);
  return `INSERT INTO article_snapshots (mid, aid, ts, reads, likes, looking, shares, comments)
    SELECT mid, aid, toDateTime(pub + off, 'Asia/Shanghai') AS ts,
      toUInt32(round(organic + if(fake, 0.8 * R * least(1., greatest(0., (pub + off - fake_from) / 10800.)), 0)))
        AS reads,
      toUInt32(round(organic * like_rate)) AS likes,
      toUInt32(round(organic * like_rate / 3)) AS looking,
      toUInt32(round(organic / 60)) AS shares,
      toUInt32(round(organic / 300)) AS comments
    FROM (
      -- Organic reads follow R·(1 − e^(−t/τ)) from publishing.
      SELECT mid, aid, pub, off, fake, R, fake_from, like_rate, R * (1 - exp(-off / tau)) AS organic
      FROM (
        SELECT ${articleModel(o, minutes)},
          if(monitored, arrayMap(k -> k * 60, range(1, points + 1)),
            arraySlice([${POLL_OFFSETS.join(',')}], 1, points)) AS offs
        FROM articles
        WHERE ${midRange(lo, hi)}
      )
      ARRAY JOIN offs AS off
      WHERE pub + off <= ${nowS}
    )
    SETTINGS max_partitions_per_insert_block = 1000`;
}

const midRange = (lo: number, hi: number) =>
  `mid >= ${MID_BASE + lo * MID_STRIDE} AND mid < ${MID_BASE + hi * MID_STRIDE}`;

/**
 * Minutes per monitored article so that the snapshots come to the asked total (as near as the clock allows),
 * from the articles of the first chunk (a random sample of size ranks) and that chunk's share of the budget.
 */
async function monitorMinutes(
  store: AnalyticsStore,
  o: ScaleOptions,
  lo: number,
  hi: number,
  share: number,
): Promise<number> {
  const nowS = Math.floor(o.nowMs / 1000);
  const offs = `[${POLL_OFFSETS.join(',')}]`;
  const [r] = await store.query<{ normal: string; avail: number[] }>(
    `SELECT sumIf(arrayCount(x -> pub + x <= ${nowS}, arraySlice(${offs}, 1, points)), NOT monitored) AS normal,
       groupArrayIf(toUInt32(least(${MAX_MONITOR_MINUTES}, intDiv(age, 60))), monitored) AS avail
     FROM (SELECT ${articleModel(o, MAX_MONITOR_MINUTES)} FROM articles WHERE ${midRange(lo, hi)})`,
  );
  const budget = o.snapshots * share - Number(r?.normal ?? 0);
  const avail = (r?.avail ?? []).map(Number);
  const total = (k: number) => avail.reduce((s, a) => s + Math.min(k, a), 0);
  let least = 1;
  let most = MAX_MONITOR_MINUTES;
  while (least < most) {
    const m = Math.ceil((least + most) / 2);
    if (total(m) <= budget) least = m;
    else most = m - 1;
  }
  return least;
}

const count = async (store: AnalyticsStore, sql: string) =>
  Number((await store.query<{ n: string }>(`SELECT count() AS n FROM ${sql}`))[0]?.n ?? 0);

/**
 * Fills a freshly migrated store: raw facts by INSERT … SELECT, then the analytics processor over them (one tick
 * per chunk, as the stream would see the data arrive), then every ranking period once.
 */
export async function generateScale(
  store: AnalyticsStore,
  o: ScaleOptions,
  progress: (msg: string) => void = () => {},
  /** derive: false writes the raw facts only (benchmarks that time the processor themselves). */
  { derive = true }: { derive?: boolean } = {},
): Promise<ScaleReport> {
  const seconds: Record<string, number> = {
    accounts: 0,
    articles: 0,
    snapshots: 0,
    analytics: 0,
    rankings: 0,
  };
  const timed = async <T>(phase: string, f: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const r = await f();
    seconds[phase] = (seconds[phase] ?? 0) + (performance.now() - t) / 1000;
    return r;
  };
  const days = Math.round(o.months * 30.44);
  const c = zipfScale(o.accounts, o.articles, days * 8);
  await timed('accounts', () => store.exec(accountsSql(o)));
  progress(`accounts: ${o.accounts} in ${seconds.accounts?.toFixed(1)} s`);

  const chunks = Math.max(1, Math.ceil(o.articles / CHUNK_ARTICLES));
  const bounds = Array.from({ length: chunks + 1 }, (_, i) => Math.round((i * o.accounts) / chunks));
  const processor = new AnalyticsProcessor(store, fixedClock(o.nowMs), createLogger('warn'), {
    tickMs: 1000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 3_600_000,
    fakeEveryMs: 0,
  });
  let minutes = 0;
  let articles = 0;
  for (let i = 0; i < chunks; i++) {
    const lo = bounds[i] as number;
    const hi = bounds[i + 1] as number;
    await timed('articles', () => store.exec(articlesSql(o, c, lo, hi)));
    if (i === 0) {
      const first = await count(store, 'articles');
      minutes = await timed('snapshots', () => monitorMinutes(store, o, lo, hi, first / o.articles));
    }
    await timed('snapshots', () => store.exec(snapshotsSql(o, minutes, lo, hi)));
    articles = await count(store, 'articles');
    if (!derive) continue;
    // The processor sees this chunk's articles and snapshots as new (analytics_dirty, by materialized view).
    const tick = await timed('analytics', () => processor.tick());
    progress(
      `chunk ${i + 1}/${chunks}: ${articles} articles so far; processor tick ${(tick.tookMs / 1000).toFixed(1)} s over ${tick.accounts} accounts (${Object.entries(
        tick.steps,
      )
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
        .join(', ')})`,
    );
  }
  // Every period of every ranking over the whole history, as the processor does when past data arrives.
  if (derive) {
    await timed('rankings', () => processor.rank(true));
    progress(`rankings over ${o.months} months: ${seconds.rankings?.toFixed(1)} s`);
  }
  // /health reports ready once a crawl round is recorded.
  await store.insert('crawl_rounds', [
    {
      collector: 'scale-generator',
      round: 1,
      started_at: o.nowMs,
      finished_at: o.nowMs,
      accounts: o.accounts,
      articles,
      snapshots: 0,
      errors: 0,
    },
  ]);

  const snapshots = await count(store, 'article_snapshots');
  const monitored = await count(
    store,
    `(SELECT 1 FROM article_snapshots GROUP BY mid, aid HAVING count() > ${POLL_OFFSETS.length})`,
  );
  const derived: Record<string, number> = {};
  for (const t of [
    'article_latest',
    'article_metrics',
    'account_daily',
    'account_stats',
    'rankings',
    'fake_reports',
  ])
    derived[t] = await count(store, `${t} FINAL`);
  derived.fake_status_1 = await count(store, '(SELECT 1 FROM fake_reports FINAL WHERE status = 1)');
  return {
    counts: {
      accounts: o.accounts,
      articles,
      snapshots,
      monitored,
      fakeShaped: derived.fake_status_1,
      minutesPerMonitored: minutes,
    },
    seconds,
    derived,
  };
}

/** Sizes from the environment: SCALE (fraction of full, default 0.1; BENCH_SCALE=full means 1) and overrides. */
export function scaleOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ScaleOptions {
  const scale = env.BENCH_SCALE === 'full' ? 1 : Number(env.SCALE ?? 0.1);
  if (!(scale > 0 && scale <= 10)) throw new Error(`SCALE="${env.SCALE}" 无效：必须是 (0, 10] 之间的数`);
  const int = (name: string, dflt: number) => {
    const v = env[name] === undefined ? dflt : Number(env[name]);
    if (!Number.isInteger(v) || v <= 0) throw new Error(`${name}="${env[name]}" 无效：必须是正整数`);
    return v;
  };
  const nowMs = Date.parse(env.SCALE_NOW ?? DEFAULT_NOW);
  if (Number.isNaN(nowMs)) throw new Error(`SCALE_NOW="${env.SCALE_NOW}" 无效：必须是 ISO 时间`);
  return {
    accounts: int('SCALE_ACCOUNTS', Math.round(FULL_SIZES.accounts * scale)),
    articles: int('SCALE_ARTICLES', Math.round(FULL_SIZES.articles * scale)),
    snapshots: int('SCALE_SNAPSHOTS', Math.round(FULL_SIZES.snapshots * scale)),
    months: int('SCALE_MONTHS', 18),
    nowMs,
    seed: int('SCALE_SEED', DEFAULT_SEED),
  };
}

export interface Manifest {
  /** Bump when the generator's output changes, so cached datasets are regenerated. */
  generator: number;
  options: ScaleOptions;
  nowIso: string;
  report: ScaleReport;
  createdAt: string;
  diskBytes: number;
  /** Wall-clock seconds of the whole generation (older manifests: absent). */
  generationSeconds?: number;
}

const GENERATOR_VERSION = 2;
const MANIFEST = 'scale-manifest.json';

export const datasetKey = (o: ScaleOptions) =>
  `a${o.accounts}-r${o.articles}-s${o.snapshots}-m${o.months}-seed${o.seed}-t${Math.floor(o.nowMs / 1000)}`;

const sameOptions = (a: ScaleOptions, b: ScaleOptions) =>
  (Object.keys(a) as (keyof ScaleOptions)[]).every((k) => a[k] === b[k]);

export function readManifest(dataDir: string): Manifest | null {
  const file = path.join(dataDir, MANIFEST);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

function duBytes(dir: string): number {
  let total = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) total += statSync(p).size;
    }
  };
  if (existsSync(dir)) walk(dir);
  return total;
}

/**
 * A complete dataset for these options under `dataDir` (DATA_DIR, default ~/.cache/gzh-bench/<key>), laid out as
 * the platform expects (DATA_DIR/clickhouse). Generated only when the directory does not already hold one of the
 * same options (scale-manifest.json is written last, so an interrupted run is regenerated).
 */
export async function ensureDataset(
  o: ScaleOptions,
  opts: { dataDir?: string; progress?: (msg: string) => void } = {},
): Promise<{ dataDir: string; manifest: Manifest; generated: boolean }> {
  const dataDir =
    opts.dataDir ?? process.env.DATA_DIR ?? path.join(os.homedir(), '.cache', 'gzh-bench', datasetKey(o));
  const existing = readManifest(dataDir);
  if (existing && existing.generator === GENERATOR_VERSION && sameOptions(existing.options, o)) {
    // A dataset made before a schema change gets the migrations since, as the platform would on start (a new
    // derived table is backfilled by its migration).
    const store = new ChdbStore(path.join(dataDir, 'clickhouse'));
    try {
      const applied = await migrateClickHouse(store, createLogger('warn'));
      if (applied > 0) opts.progress?.(`applied ${applied} newer migration(s) to the existing dataset`);
    } finally {
      await store.close();
    }
    return { dataDir, manifest: existing, generated: false };
  }
  const t0 = performance.now();
  rmSync(path.join(dataDir, MANIFEST), { force: true });
  rmSync(path.join(dataDir, 'clickhouse'), { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const store = new ChdbStore(path.join(dataDir, 'clickhouse'));
  let report: ScaleReport;
  try {
    await migrateClickHouse(store, createLogger('warn'));
    report = await generateScale(store, o, opts.progress);
    // As background merges would leave them after a while: one part each, not the insert blocks of the backfill.
    // article_metrics and articles are replacing tables read with FINAL: unmerged duplicates across insert blocks
    // make every FINAL read merge them (at full scale 52 parts and 1.4M superseded rows of article_metrics).
    for (const table of ['article_latest', 'account_articles', 'article_metrics', 'articles'])
      await store.exec(`OPTIMIZE TABLE ${table} FINAL`);
  } finally {
    await store.close();
  }
  const manifest: Manifest = {
    generator: GENERATOR_VERSION,
    options: o,
    nowIso: new Date(o.nowMs).toISOString(),
    report,
    createdAt: new Date().toISOString(),
    diskBytes: duBytes(path.join(dataDir, 'clickhouse')),
    generationSeconds: Math.round((performance.now() - t0) / 100) / 10,
  };
  writeFileSync(path.join(dataDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dataDir, manifest, generated: true };
}

/** `npm run bench -- generate`. */
export async function run(): Promise<void> {
  const o = scaleOptionsFromEnv();
  console.log(
    `sizes: ${o.accounts} accounts, ${o.articles} articles, ${o.snapshots} snapshots over ${o.months} months up to ${new Date(o.nowMs).toISOString()} (seed ${o.seed})`,
  );
  const t = performance.now();
  const { dataDir, manifest, generated } = await ensureDataset(o, { progress: (m) => console.log(m) });
  const s = generated
    ? (performance.now() - t) / 1000
    : (manifest.generationSeconds ?? Object.values(manifest.report.seconds).reduce((a, b) => a + b, 0));
  const { counts, seconds, derived } = manifest.report;
  console.log(
    generated
      ? `generated into ${dataDir}`
      : `already complete in ${dataDir} (manifest ${manifest.createdAt}); not regenerated`,
  );
  const rate = (rows: number, sec = 0) => (sec > 0 ? Math.round(rows / sec) : 0);
  console.log(
    `rows/s: accounts ${rate(counts.accounts, seconds.accounts)}, articles ${rate(counts.articles, seconds.articles)}, snapshots ${rate(counts.snapshots, seconds.snapshots)}`,
  );
  console.log(
    `monitored articles ${counts.monitored} (${counts.minutesPerMonitored} minute points at most), fake verdicts ${counts.fakeShaped}`,
  );
  console.log(
    `analytics over the generated data: processor ticks ${seconds.analytics?.toFixed(1)} s, all rankings ${seconds.rankings?.toFixed(1)} s; derived rows ${Object.entries(
      derived,
    )
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  console.log(
    `disk: ${(manifest.diskBytes / 2 ** 20).toFixed(0)} MiB; API: DATA_DIR=${dataDir} CLOCK=fixed:${manifest.nowIso}`,
  );
  const raw = (seconds.accounts ?? 0) + (seconds.articles ?? 0) + (seconds.snapshots ?? 0);
  console.log(
    `RESULT generate accounts=${counts.accounts} articles=${counts.articles} snapshots=${counts.snapshots} seconds=${s.toFixed(1)} rows_per_s=${rate(counts.accounts + counts.articles + counts.snapshots, raw)} analytics_s=${((seconds.analytics ?? 0) + (seconds.rankings ?? 0)).toFixed(1)} cached=${generated ? 0 : 1}`,
  );
}
