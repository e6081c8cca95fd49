import type { AnalyticsStore } from '../../clickhouse/store';
import type { SeniorSort } from '../../contract/shapes/accounts';
import { normalizeQuery, relevanceSql } from './search-text';

/** ClickHouse reads behind the account endpoints; the SQL is written once and bound, never spliced. */

export interface AccountRow {
  mid: number;
  biz: string;
  name: string;
  wxid: string;
  avatar: string;
  qrcode: string;
  owner: string;
  area: string;
  description: string;
  media: string;
  tags: string[];
  reg_time: string;
  update_time: string;
}

/** The spec's account identity with both spellings of each field (name/mp_name, wx/wxid). */
export function accountIdentity(r: {
  mid: number;
  name: string;
  wxid: string;
  avatar: string;
  media: string;
}) {
  return {
    mid: Number(r.mid),
    name: r.name,
    mp_name: r.name,
    wx: r.wxid,
    wxid: r.wxid,
    avatar: r.avatar,
    media: r.media,
  };
}

/** Identity plus owner (owner/zhuti), area, tags and description, as list and detail answers carry them. */
export function accountProfile(
  r: Parameters<typeof accountIdentity>[0] & {
    owner: string;
    area: string;
    tags: string[];
    description: string;
  },
) {
  return {
    ...accountIdentity(r),
    owner: r.owner,
    zhuti: r.owner,
    area: r.area,
    tag: r.tags,
    desc: r.description,
  };
}

/**
 * One account by mid, with its manual industry override applied (the same row as `accounts_effective`): read from
 * account_cards (0011), whose compact 256-row granules make this point read a third of the view's cost. Every
 * account page starts with it.
 */
export async function getAccount(store: AnalyticsStore, mid: number): Promise<AccountRow | undefined> {
  const [row] = await store.queryByKey<AccountRow>(
    // The overrides as a scalar subquery (a map by mid): a join here costs more than the point read itself.
    `WITH (SELECT CAST((groupArray(mid), groupArray(media)), 'Map(UInt64, String)') FROM (
             SELECT mid, any(media) AS media FROM account_overrides FINAL WHERE mid IN {keys:Array(UInt64)} GROUP BY mid
           )) AS overrides
     SELECT c.mid AS key, c.mid AS mid, biz, name, wxid, avatar, qrcode, owner, area, description,
            if(overrides[c.mid] != '', overrides[c.mid], c.media) AS media, tags,
            toString(reg_time) AS reg_time, toString(toDateTime(updated_at, 'Asia/Shanghai')) AS update_time
     FROM account_cards AS c FINAL WHERE c.mid IN {keys:Array(UInt64)}`,
    mid,
  );
  return row;
}

export async function accountArticleStats(store: AnalyticsStore, mid: number) {
  const [row] = await store.queryByKey<{ fetched: number; last_pub: string; links: number }>(
    `SELECT mid AS key, count() AS fetched, toString(max(pubtime)) AS last_pub, countIf(source_url != '') AS links
     FROM account_articles FINAL WHERE mid IN {keys:Array(UInt64)} GROUP BY mid`,
    mid,
  );
  return { fetched: Number(row?.fetched ?? 0), lastPub: row?.last_pub ?? '', links: Number(row?.links ?? 0) };
}

export async function ownerAccountCount(store: AnalyticsStore, owner: string): Promise<number> {
  if (owner === '') return 0;
  const [row] = await store.queryByKey<{ n: number }>(
    'SELECT owner AS key, count() AS n FROM accounts FINAL WHERE owner IN {keys:Array(String)} GROUP BY owner',
    owner,
  );
  return Number(row?.n ?? 0);
}

/** The owner's other accounts (同主体), by name; the first 200 unless a page is given. */
export async function sameOwnerAccounts(
  store: AnalyticsStore,
  owner: string,
  exceptMid: number,
  page: { limit: number; offset: number } = { limit: 200, offset: 0 },
) {
  return store.query<{ mid: number; name: string; wxid: string; avatar: string; media: string }>(
    `SELECT mid, name, wxid, avatar, media FROM accounts FINAL
     WHERE owner = {owner:String} AND mid != {mid:UInt64} ORDER BY name, mid
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { owner, mid: exceptMid, ...page },
  );
}

export interface AccountListRow {
  mid: number;
  name: string;
  wxid: string;
  avatar: string;
  owner: string;
  area: string;
  media: string;
  tags: string[];
  description: string;
  fetched: number;
  last_pub: string;
  /** The analytics processor's figures (account_stats); null before its first tick for the account. */
  fans: number | null;
  account_index: number | null;
  wci: number | null;
  head_avg_reads: number | null;
  total: number;
}

/**
 * Accounts matching a keyword, ranked by relevance (search-text.ts) and, within a tier, by weight (WCI, then the
 * newest post); `relevance` is the tier expression, the query bound as {q:String}. The article counts and the
 * processor's figures are read for the matching accounts only, not grouped over every article on each search.
 */
const rankedAccounts = (relevance: string) => `WITH matched AS (
         SELECT a.*, ${relevance} AS relevance FROM accounts_effective AS a
         WHERE {q:String} = '' OR relevance > 0),
       articles AS (SELECT mid, count() AS fetched, max(pubtime) AS last FROM account_articles FINAL
                    WHERE mid IN (SELECT mid FROM matched) GROUP BY mid),
       figures AS (SELECT mid, fans, account_index, wci, head_avg_reads FROM account_stats FINAL
                   WHERE mid IN (SELECT mid FROM matched))
     SELECT a.mid AS mid, a.name AS name, a.wxid AS wxid, a.avatar AS avatar, a.owner AS owner, a.area AS area,
            a.media AS media, a.tags AS tags, a.description AS description, s.fetched AS fetched,
            if(s.fetched = 0, '', toString(s.last)) AS last_pub,
            f.fans AS fans, f.account_index AS account_index, f.wci AS wci, f.head_avg_reads AS head_avg_reads,
            count() OVER () AS total
     FROM matched AS a
     LEFT JOIN articles AS s ON s.mid = a.mid
     LEFT JOIN figures AS f ON f.mid = a.mid
     ORDER BY a.relevance DESC, ifNull(f.wci, 0) DESC, s.last DESC, a.mid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`;

const orNull = (v: number | string | null) => (v === null ? null : Number(v));

/** An account list row as search answers carry it, with the figures one can sort by. */
export const accountListItem = (r: AccountListRow) => ({
  ...accountProfile(r),
  mp_fetch_sum: Number(r.fetched ?? 0),
  pubtime: r.last_pub,
  fans: orNull(r.fans),
  index: orNull(r.account_index),
  wci: orNull(r.wci),
  avg_top_read: orNull(r.head_avg_reads),
});

/**
 * Accounts matching a keyword in name, 微信号, industry, tags or description, and in the owner's name with `byOwner`
 * (the owner rule of docs/members.md: listing an owner's accounts is for level 3); the most relevant first.
 */
export async function searchAccounts(
  store: AnalyticsStore,
  q: { kw: string; page: number; num: number; byOwner: boolean },
) {
  const rows = await store.query<AccountListRow>(rankedAccounts(relevanceSql()), {
    q: normalizeQuery(q.kw),
    byOwner: q.byOwner ? 1 : 0,
    limit: q.num,
    offset: (q.page - 1) * q.num,
  });
  return { total: Number(rows[0]?.total ?? 0), rows };
}

/** Accounts by name or 微信号: the exact name or id first, then name prefix, name contains and one-character typos. */
export async function searchAccountsByName(store: AnalyticsStore, name: string, page: number, num: number) {
  const rows = await store.query<AccountListRow>(rankedAccounts(relevanceSql(true)), {
    q: normalizeQuery(name),
    limit: num,
    offset: (page - 1) * num,
  });
  return { total: Number(rows[0]?.total ?? 0), rows };
}

/**
 * Sorts of the advanced account search, over the analytics processor's account_stats; 综合 (relevance) is the name
 * tiers of key_search (search-text.ts), then WCI.
 */
export const SENIOR_SORTS: Record<SeniorSort, string> = {
  relevance: 'relevance DESC, s.wci DESC',
  fans: 's.fans DESC',
  index: 's.account_index DESC',
  wci: 's.wci DESC',
  articles: 's.articles_7d DESC',
  head_read: 's.head_avg_reads DESC',
};
export type { SeniorSort };

export interface SeniorQuery {
  name: string;
  media: string | null;
  area: string | null;
  minFans: number | null;
  maxFans: number | null;
  sort: SeniorSort;
  page: number;
  num: number;
}

/** Advanced account search (senior_search): name, industry, area and an estimated-fans range, sorted by a figure. */
export async function seniorSearchAccounts(store: AnalyticsStore, q: SeniorQuery) {
  const rows = await store.query<
    Omit<AccountListRow, 'fans' | 'account_index' | 'wci' | 'head_avg_reads'> & {
      fans: string;
      account_index: number;
      wci: number;
      articles_7d: string;
      head_avg_reads: string;
    }
  >(
    `SELECT a.mid AS mid, a.name AS name, a.wxid AS wxid, a.avatar AS avatar, a.owner AS owner, a.area AS area,
            a.media AS media, a.tags AS tags, a.description AS description, s.fans AS fans,
            s.account_index AS account_index, s.wci AS wci, s.articles_7d AS articles_7d,
            s.head_avg_reads AS head_avg_reads, toString(s.last_pub) AS last_pub, ${relevanceSql(true)} AS relevance,
            count() OVER () AS total
     FROM accounts_effective AS a
     INNER JOIN (SELECT * FROM account_stats FINAL) AS s ON s.mid = a.mid
     WHERE ({name:String} = '' OR positionCaseInsensitiveUTF8(a.name, {name:String}) > 0)
       AND ({media:String} = '' OR a.media = {media:String})
       AND ({area:String} = '' OR a.area = {area:String})
       AND s.fans >= {minFans:UInt32} AND s.fans <= {maxFans:UInt32}
     ORDER BY ${SENIOR_SORTS[q.sort]}, a.mid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    {
      name: q.name,
      q: normalizeQuery(q.name),
      media: q.media ?? '',
      area: q.area ?? '',
      minFans: q.minFans ?? 0,
      maxFans: q.maxFans ?? 4_294_967_295,
      limit: q.num,
      offset: (q.page - 1) * q.num,
    },
  );
  return { total: Number(rows[0]?.total ?? 0), rows };
}

export interface HistoryFilter {
  mid: number;
  page: number;
  num: number;
  kw: string;
  kwType: 'title' | 'body';
  hotOnly: boolean;
  headlineOnly: boolean;
  start: string | null;
  end: string | null;
}

export interface HistoryRow {
  aid: string;
  idx: number;
  title: string;
  href: string;
  copyright_stat: number;
  /** Message kind (core/message-kind.ts) and a reprint's source account; '' when not read. */
  kind: string;
  source_account: string;
  pubtime: string;
  pub_ts: number;
  reads: number;
  likes: number;
  looking: number;
  up_time: string;
  avg_read: number;
  avg_zan: number;
  total: number;
}

/**
 * An account's articles with their latest counters and the account's averages (over all its crawled
 * articles), paged by article, newest push first and by position within a push.
 * 'Hot' means reads at least HOT_QUALITY times the account's average.
 */
export const HOT_QUALITY = 2;

export async function historyArticles(store: AnalyticsStore, f: HistoryFilter) {
  // Chosen in code, not by a condition in SQL: a condition naming the body makes every history page read the
  // bodies (the largest column) of all the account's articles, even when only titles are searched. Titles are in
  // account_articles (one account's rows together); bodies and digests only in articles (partitioned by month).
  const source = f.kw !== '' && f.kwType === 'body' ? 'articles' : 'account_articles';
  const keywordMatch =
    f.kw === ''
      ? '1'
      : f.kwType === 'title'
        ? 'positionCaseInsensitiveUTF8(title, {kw:String}) > 0'
        : `(positionCaseInsensitiveUTF8(content, {kw:String}) > 0
           OR positionCaseInsensitiveUTF8(digest, {kw:String}) > 0)`;
  const params = {
    top: f.headlineOnly ? 1 : 0,
    hotQuality: HOT_QUALITY,
    kw: f.kw,
    start: f.start ?? '1970-01-01',
    end: f.end ?? '2149-06-06',
    limit: f.num,
    offset: (f.page - 1) * f.num,
  };
  // The account's averages are over all its articles with counters, whatever the filter.
  const base = `SELECT avg(r) AS avg_read, avg(z) AS avg_zan FROM (
        SELECT argMaxMerge(reads) AS r, argMaxMerge(likes) AS z FROM article_latest WHERE mid = {mid:UInt64} GROUP BY aid)`;
  const matching = (
    accounts: string,
  ) => `SELECT mid, aid, idx, title, href, copyright_stat, kind, source_account, pubtime FROM ${source} FINAL
        WHERE ${accounts}
          AND ({top:UInt8} = 0 OR idx = 1)
          AND ${keywordMatch}
          AND toDate(pubtime) BETWEEN {start:Date} AND {end:Date}`;
  const columns = `a.aid AS aid, a.idx AS idx, a.title AS title, a.href AS href, a.copyright_stat AS copyright_stat,
            a.kind AS kind, a.source_account AS source_account,
            toString(a.pubtime) AS pubtime, toUnixTimestamp(a.pubtime) AS pub_ts,
            l.reads AS reads, l.likes AS likes, l.looking AS looking,
            if(l.up = 0, '', toString(l.up)) AS up_time,
            b.avg_read AS avg_read, b.avg_zan AS avg_zan`;
  const latest = `SELECT aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes,
               argMaxMerge(looking) AS looking, max(last_ts) AS up
        FROM article_latest WHERE mid = {mid:UInt64} GROUP BY aid`;
  if (f.hotOnly) {
    // 'Hot' compares every matching article's reads with the average: all their counters are read.
    const rows = await store.query<HistoryRow>(
      `WITH latest AS (${latest}), base AS (${base})
       SELECT ${columns}, count() OVER () AS total
       FROM (${matching('mid = {mid:UInt64}')}) AS a
       INNER JOIN latest AS l ON l.aid = a.aid
       CROSS JOIN base AS b
       WHERE b.avg_read > 0 AND l.reads >= {hotQuality:Float64} * b.avg_read
       ORDER BY a.pubtime DESC, a.idx ASC
       LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      { ...params, mid: f.mid },
    );
    return { total: Number(rows[0]?.total ?? 0), rows };
  }
  // Otherwise two reads, each table once (a CTE named twice is evaluated twice): the page cut from the articles,
  // then its rows' counters beside the account's averages; each batched with other accounts' pages (keyed-reads.ts).
  const page = await store.queryByKey<
    Pick<
      HistoryRow,
      | 'aid'
      | 'idx'
      | 'title'
      | 'href'
      | 'copyright_stat'
      | 'kind'
      | 'source_account'
      | 'pubtime'
      | 'pub_ts'
      | 'total'
    >
  >(
    `SELECT a.mid AS key, a.aid AS aid, a.idx AS idx, a.title AS title, a.href AS href,
            a.copyright_stat AS copyright_stat, a.kind AS kind, a.source_account AS source_account,
            toString(a.pubtime) AS pubtime, toUnixTimestamp(a.pubtime) AS pub_ts,
            count() OVER (PARTITION BY a.mid) AS total
     FROM (${matching('mid IN {keys:Array(UInt64)}')}) AS a
     ORDER BY a.mid, a.pubtime DESC, a.idx ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32} BY a.mid`,
    f.mid,
    params,
  );
  if (page.length === 0) return { total: 0, rows: [] as HistoryRow[] };
  // Keyed by page (the account and its rows' ids, one cached result per page); the account narrows the read to its
  // range of the table's order, and the averages are over all its counters (windowed before the rows are picked).
  const counters = await store.queryByKey<
    Pick<HistoryRow, 'aid' | 'reads' | 'likes' | 'looking' | 'up_time' | 'avg_read' | 'avg_zan'>
  >(
    `WITH pages AS (SELECT arrayJoin({keys:Array(String)}) AS k)
     SELECT p.k AS key, l.aid AS aid, l.reads AS reads, l.likes AS likes, l.looking AS looking,
            if(l.up = 0, '', toString(l.up)) AS up_time, l.avg_read AS avg_read, l.avg_zan AS avg_zan
     FROM (SELECT k, JSONExtract(k, 'mid', 'UInt64') AS mid, arrayJoin(JSONExtract(k, 'aids', 'Array(String)')) AS aid
           FROM pages) AS p
     INNER JOIN (
       SELECT mid, aid, reads, likes, looking, up,
              avg(reads) OVER (PARTITION BY mid) AS avg_read, avg(likes) OVER (PARTITION BY mid) AS avg_zan
       FROM (
         SELECT mid, aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes,
                argMaxMerge(looking) AS looking, max(last_ts) AS up
         FROM article_latest WHERE mid IN (SELECT JSONExtract(k, 'mid', 'UInt64') FROM pages)
         GROUP BY mid, aid)
     ) AS l ON l.mid = p.mid AND l.aid = p.aid`,
    JSON.stringify({ mid: f.mid, aids: page.map((r) => r.aid) }),
  );
  const byAid = new Map(counters.map((c) => [c.aid, c]));
  // The averages are the account's, so every row carries them, with or without counters of its own.
  const avgRead = counters[0]?.avg_read ?? 0;
  const avgZan = counters[0]?.avg_zan ?? 0;
  const rows: HistoryRow[] = page.map((r) => {
    const c = byAid.get(r.aid);
    return {
      ...r,
      reads: c?.reads ?? 0,
      likes: c?.likes ?? 0,
      looking: c?.looking ?? 0,
      up_time: c?.up_time ?? '',
      avg_read: avgRead,
      avg_zan: avgZan,
    };
  });
  return { total: Number(page[0]?.total ?? 0), rows };
}

export async function platformCounts(store: AnalyticsStore) {
  const [row] = await store.query<{
    accounts: number;
    articles: number;
    snapshots: number;
    last_crawl_at: string;
  }>(
    `SELECT (SELECT count() FROM accounts FINAL) AS accounts,
            (SELECT count() FROM articles FINAL) AS articles,
            (SELECT count() FROM article_snapshots) AS snapshots,
            (SELECT if(count() = 0, '', toString(max(finished_at))) FROM crawl_rounds) AS last_crawl_at`,
  );
  return {
    accounts: Number(row?.accounts ?? 0),
    articles: Number(row?.articles ?? 0),
    snapshots: Number(row?.snapshots ?? 0),
    last_crawl_at: row?.last_crawl_at ? row.last_crawl_at.slice(0, 19) : null,
  };
}

/** When the first finished crawl round landed (ms on ClickHouse's clock, as the watermarks); null before any. */
export async function firstRoundLandedMs(store: AnalyticsStore): Promise<number | null> {
  const [row] = await store.query<{ n: number; ms: string }>(
    'SELECT count() AS n, toUnixTimestamp64Milli(min(landed_at)) AS ms FROM crawl_rounds',
  );
  return Number(row?.n ?? 0) > 0 ? Number(row?.ms ?? 0) : null;
}

/** ClickHouse's clock (ms): the analytics watermark is on it, not on the platform clock. */
export async function storeNowMs(store: AnalyticsStore): Promise<number> {
  const [row] = await store.query<{ ms: string }>('SELECT toUnixTimestamp64Milli(now64(3)) AS ms');
  return Number(row?.ms ?? 0);
}

/** The analytics processor's watermark (ms on ClickHouse's clock): the slowest of its jobs; 0 before all ran. */
export async function analyticsWatermark(store: AnalyticsStore): Promise<number> {
  // The slowest job's: figures, fake-traffic verdicts and rankings all cover what landed up to it (0 until all ran).
  const [row] = await store.query<{ ms: string }>(
    `SELECT toUnixTimestamp64Milli(if(count() < 3, toDateTime64(0, 3), min(watermark))) AS ms
     FROM analytics_progress FINAL WHERE job IN ('analytics', 'fake_reports', 'rankings')`,
  );
  return Number(row?.ms ?? 0);
}

/** Sort keys of the 阅读原文 list (spec §9: publish time, reads, likes). */
export const LINK_ORDER = { pubtime: 'a.pubtime', read: 'reads', zan: 'likes' } as const;

/** An account's articles with a 阅读原文 link in the last `days` days, with latest counters, paged by 10. */
export async function originalLinks(
  store: AnalyticsStore,
  f: { mid: number; days: number; order: keyof typeof LINK_ORDER; page: number; size: number; nowS: number },
) {
  // The ORDER BY column comes from a fixed table of names, never from input.
  const rows = await store.query<{
    aid: string;
    idx: number;
    title: string;
    href: string;
    pubtime: string;
    reads: number;
    likes: number;
    source_url: string;
    total: number;
  }>(
    `WITH latest AS (
        SELECT aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes
        FROM article_latest WHERE mid = {mid:UInt64} GROUP BY aid)
     SELECT a.aid AS aid, a.idx AS idx, a.title AS title, a.href AS href, toString(a.pubtime) AS pubtime,
            l.reads AS reads, l.likes AS likes, a.source_url AS source_url, count() OVER () AS total
     FROM account_articles AS a FINAL LEFT JOIN latest AS l ON l.aid = a.aid
     WHERE a.mid = {mid:UInt64} AND a.source_url != ''
       AND a.pubtime > toDateTime({from:UInt32}) AND a.pubtime <= toDateTime({now:UInt32})
     ORDER BY ${LINK_ORDER[f.order]} DESC, a.pubtime DESC, a.idx ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    {
      mid: f.mid,
      from: f.nowS - f.days * 86_400,
      now: f.nowS,
      limit: f.size,
      offset: (f.page - 1) * f.size,
    },
  );
  return { total: Number(rows[0]?.total ?? 0), rows };
}
