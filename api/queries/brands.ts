import type { AnalyticsStore } from '../../clickhouse/store';
import type {
  AccountFigures,
  AccountSort,
  BrandFigures,
  BrandRow,
  BrandSort,
} from '../../contract/shapes/brands';
import { addDays, beijingDay } from '../../core/periods';

/**
 * Brands (主体: accounts.owner) and account comparisons, read from ClickHouse: account_daily (one row per account
 * and Beijing publish day, with the latest counters of that day's articles) summed over the last `days` calendar
 * days including today, as account_stats counts its 7/30-day windows; estimated active fans, WCI and the account
 * index come from account_stats (their own 30-day definitions, docs/analytics.md). Accounts without an owner are
 * in no brand.
 */

/** The window's first and last Beijing days for `days` days ending today. */
export function windowDays(nowMs: number, days: number): { start: string; end: string; all: string[] } {
  const end = beijingDay(nowMs);
  const start = addDays(end, 1 - days);
  return { start, end, all: Array.from({ length: days }, (_, i) => addDays(start, i)) };
}

/** Sum columns of an account over the window, by mid; `mids` is a subquery or an Array parameter. */
const DAILY = (
  mids: string,
) => `SELECT mid, sum(articles) AS articles, sum(posts) AS posts, sum(reads) AS reads,
    sum(likes) AS likes, sum(looking) AS looking, sum(head_articles) AS head_articles, sum(head_reads) AS head_reads,
    max(max_reads) AS max_reads
  FROM account_daily FINAL
  WHERE mid IN ${mids} AND day >= {start:Date} AND day <= {end:Date}
  GROUP BY mid`;

/** Brand ranking sorts; the expression is chosen from this table, never taken from input. */
export const BRAND_SORTS: Record<BrandSort, string> = {
  reads: 'reads',
  avg_reads: 'avg_reads',
  articles: 'articles',
  accounts: 'accounts',
  likes: 'likes',
  looking: 'looking',
  fans: 'fans',
};

const BRAND_COLUMNS = `count() AS accounts, countIf(d.articles > 0) AS active_accounts,
  sum(d.articles) AS articles, sum(d.posts) AS posts, sum(d.reads) AS reads,
  if(sum(d.articles) = 0, 0, round(sum(d.reads) / sum(d.articles))) AS avg_reads,
  if(sum(d.head_articles) = 0, 0, round(sum(d.head_reads) / sum(d.head_articles))) AS head_avg_reads,
  max(d.max_reads) AS max_reads, sum(d.likes) AS likes, sum(d.looking) AS looking, sum(s.fans) AS fans`;

const figures = (r: Record<string, unknown>): BrandFigures => ({
  accounts: Number(r.accounts),
  active_accounts: Number(r.active_accounts),
  articles: Number(r.articles),
  posts: Number(r.posts),
  reads: Number(r.reads),
  avg_reads: Number(r.avg_reads),
  head_avg_reads: Number(r.head_avg_reads),
  max_reads: Number(r.max_reads),
  likes: Number(r.likes),
  looking: Number(r.looking),
  fans: Number(r.fans),
});

/**
 * Owners ranked by their accounts' combined figures over the window; only owners with an article in it are
 * ranked (as the account rankings). Ties fall back to the owner's name, so pages never overlap.
 */
export async function brandRanking(
  store: AnalyticsStore,
  q: { days: number; sort: BrandSort; kw: string; page: number; size: number; nowMs: number },
): Promise<{ total: number; start: string; end: string; list: BrandRow[] }> {
  const { start, end } = windowDays(q.nowMs, q.days);
  const params = { kw: q.kw, start, end };
  const ranked = `WITH acc AS (
       SELECT mid, owner, name FROM accounts FINAL
       WHERE owner != '' AND ({kw:String} = '' OR positionCaseInsensitiveUTF8(owner, {kw:String}) > 0)
     )
     SELECT acc.owner AS owner, ${BRAND_COLUMNS},
       argMax(acc.mid, (d.reads, -acc.mid)) AS top_mid, argMax(acc.name, (d.reads, -acc.mid)) AS top_name
     FROM acc
     LEFT JOIN (${DAILY('(SELECT mid FROM acc)')}) AS d ON d.mid = acc.mid
     LEFT JOIN (SELECT mid, fans FROM account_stats FINAL WHERE mid IN (SELECT mid FROM acc)) AS s ON s.mid = acc.mid
     GROUP BY acc.owner
     HAVING articles > 0`;
  const rows = await store.query<Record<string, unknown>>(
    `SELECT *, count() OVER () AS total FROM (${ranked})
     ORDER BY ${BRAND_SORTS[q.sort]} DESC, owner ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { ...params, limit: q.size, offset: (q.page - 1) * q.size },
  );
  // A page past the end has no row to carry the total.
  const total =
    rows.length > 0
      ? Number(rows[0]?.total)
      : Number((await store.query<{ n: string }>(`SELECT count() AS n FROM (${ranked})`, params))[0]?.n ?? 0);
  return {
    total,
    start,
    end,
    list: rows.map((r, i) => ({
      rank: (q.page - 1) * q.size + i + 1,
      owner: String(r.owner),
      ...figures(r),
      top_account: { mid: Number(r.top_mid), name: String(r.top_name) },
    })),
  };
}

/** Account detail sorts (brand_detail). */
export const ACCOUNT_SORTS: Record<AccountSort, string> = {
  reads: 'reads',
  avg_reads: 'avg_reads',
  head_avg_reads: 'head_avg_reads',
  articles: 'articles',
  likes: 'likes',
  fans: 'fans',
};

const ACCOUNT_COLUMNS = `a.mid AS mid, a.name AS name, a.wxid AS wxid, a.avatar AS avatar, a.owner AS owner,
  a.media AS media, a.area AS area, s.fans AS fans, s.wci AS wci, s.account_index AS account_index,
  d.articles AS articles, d.posts AS posts, d.reads AS reads,
  if(d.articles = 0, 0, round(d.reads / d.articles)) AS avg_reads,
  if(d.head_articles = 0, 0, round(d.head_reads / d.head_articles)) AS head_avg_reads,
  d.max_reads AS max_reads, d.likes AS likes, if(d.articles = 0, 0, round(d.likes / d.articles)) AS avg_likes,
  d.looking AS looking, if(d.articles = 0, 0, round(d.looking / d.articles)) AS avg_looking`;

const accountFigures = (r: Record<string, unknown>): AccountFigures => ({
  mid: Number(r.mid),
  name: String(r.name),
  mp_name: String(r.name),
  wxid: String(r.wxid),
  avatar: String(r.avatar),
  owner: String(r.owner),
  media: String(r.media),
  area: String(r.area),
  fans: Number(r.fans),
  wci: Number(r.wci),
  index: Number(r.account_index),
  articles: Number(r.articles),
  posts: Number(r.posts),
  reads: Number(r.reads),
  avg_reads: Number(r.avg_reads),
  head_avg_reads: Number(r.head_avg_reads),
  max_reads: Number(r.max_reads),
  likes: Number(r.likes),
  avg_likes: Number(r.avg_likes),
  looking: Number(r.looking),
  avg_looking: Number(r.avg_looking),
});

/** The owner of an account ('' when unknown), or null when the account is not collected. */
export async function ownerOf(store: AnalyticsStore, mid: number): Promise<string | null> {
  const [r] = await store.query<{ owner: string }>(
    'SELECT owner FROM accounts FINAL WHERE mid = {mid:UInt64}',
    {
      mid,
    },
  );
  return r ? r.owner : null;
}

/** One owner: its combined figures and its accounts with theirs, sorted and paged; null when it has no account. */
export async function brandDetail(
  store: AnalyticsStore,
  q: { owner: string; days: number; sort: AccountSort; page: number; size: number; nowMs: number },
): Promise<{
  start: string;
  end: string;
  summary: BrandFigures & { owner: string; areas: string[]; media: string[] };
  total: number;
  list: AccountFigures[];
} | null> {
  const { start, end } = windowDays(q.nowMs, q.days);
  const params = { owner: q.owner, start, end };
  const acc = `(SELECT mid FROM accounts FINAL WHERE owner = {owner:String})`;
  const [sum] = await store.query<Record<string, unknown>>(
    `SELECT ${BRAND_COLUMNS}, groupUniqArray(a.area) AS areas, groupUniqArray(a.media) AS media_list
     FROM (SELECT mid, area, media FROM accounts FINAL WHERE owner = {owner:String}) AS a
     LEFT JOIN (${DAILY(acc)}) AS d ON d.mid = a.mid
     LEFT JOIN (SELECT mid, fans FROM account_stats FINAL WHERE mid IN ${acc}) AS s ON s.mid = a.mid`,
    params,
  );
  if (!sum || Number(sum.accounts) === 0 || q.owner === '') return null;
  const rows = await store.query<Record<string, unknown>>(
    `SELECT ${ACCOUNT_COLUMNS}, count() OVER () AS total
     FROM (SELECT mid, name, wxid, avatar, owner, media, area FROM accounts FINAL WHERE owner = {owner:String}) AS a
     LEFT JOIN (${DAILY(acc)}) AS d ON d.mid = a.mid
     LEFT JOIN (SELECT mid, fans, wci, account_index FROM account_stats FINAL WHERE mid IN ${acc}) AS s
       ON s.mid = a.mid
     ORDER BY ${ACCOUNT_SORTS[q.sort]} DESC, mid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { ...params, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return {
    start,
    end,
    summary: {
      owner: q.owner,
      ...figures(sum),
      areas: (sum.areas as string[]).filter(Boolean).sort(),
      media: (sum.media_list as string[]).filter(Boolean).sort(),
    },
    total: Number(rows[0]?.total ?? 0),
    list: rows.map(accountFigures),
  };
}

/** The given accounts' figures over the window (in no particular order); accounts not collected are left out. */
export async function accountsFigures(
  store: AnalyticsStore,
  mids: number[],
  nowMs: number,
  days: number,
): Promise<AccountFigures[]> {
  const { start, end } = windowDays(nowMs, days);
  const rows = await store.query<Record<string, unknown>>(
    `SELECT ${ACCOUNT_COLUMNS}
     FROM (SELECT mid, name, wxid, avatar, owner, media, area FROM accounts FINAL WHERE mid IN {mids:Array(UInt64)}) AS a
     LEFT JOIN (${DAILY('{mids:Array(UInt64)}')}) AS d ON d.mid = a.mid
     LEFT JOIN (SELECT mid, fans, wci, account_index FROM account_stats FINAL WHERE mid IN {mids:Array(UInt64)}) AS s
       ON s.mid = a.mid`,
    { mids, start, end },
  );
  return rows.map(accountFigures);
}

export interface DailyRow {
  mid: number;
  day: string;
  articles: number;
  reads: number;
  likes: number;
  looking: number;
}

/** Per account and day over the window (only days with articles have rows). */
export async function dailyRows(
  store: AnalyticsStore,
  mids: number[] | { owner: string },
  nowMs: number,
  days: number,
): Promise<DailyRow[]> {
  const { start, end } = windowDays(nowMs, days);
  const byOwner = !Array.isArray(mids);
  const rows = await store.query<Record<string, unknown>>(
    `SELECT mid, toString(day) AS on_day, articles, reads, likes, looking FROM account_daily FINAL
     WHERE mid IN ${byOwner ? '(SELECT mid FROM accounts FINAL WHERE owner = {owner:String})' : '{mids:Array(UInt64)}'}
       AND day >= {start:Date} AND day <= {end:Date}
     ORDER BY on_day, mid`,
    byOwner ? { owner: mids.owner, start, end } : { mids, start, end },
  );
  return rows.map((r) => ({
    mid: Number(r.mid),
    day: String(r.on_day),
    articles: Number(r.articles),
    reads: Number(r.reads),
    likes: Number(r.likes),
    looking: Number(r.looking),
  }));
}

type Metric = 'articles' | 'reads' | 'likes' | 'looking';

/** One array per metric over `days` (zero where an account had no article that day). */
export function seriesOf(rows: DailyRow[], days: string[]): Record<Metric, number[]> {
  const at = new Map(days.map((d, i) => [d, i]));
  const out: Record<Metric, number[]> = {
    articles: days.map(() => 0),
    reads: days.map(() => 0),
    likes: days.map(() => 0),
    looking: days.map(() => 0),
  };
  for (const r of rows) {
    const i = at.get(r.day);
    if (i === undefined) continue;
    for (const k of ['articles', 'reads', 'likes', 'looking'] as const) out[k][i] = (out[k][i] ?? 0) + r[k];
  }
  return out;
}
