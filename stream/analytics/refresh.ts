import type { AnalyticsStore } from '../../clickhouse/store';
import { ORIGINAL_CODE } from '../../core/copyright';
import { WCI_AGG, wciAggregates, wciSql } from './wci-sql';

/**
 * The incremental steps of the analytics processor. Each recomputes the rows of the keys touched in a window
 * of analytics_dirty (or of the given accounts) from the facts, inside ClickHouse (INSERT … SELECT), so no
 * data passes through Node and a recomputation replaces what it recomputes.
 */

/** The stored copyright code of an original article (原创): core/copyright.ts. */
export const ORIGINAL_STAT = ORIGINAL_CODE;
/** Share of active fans who open a headline; estimated fans = median headline reads ÷ this (docs/analytics.md). */
export const HEADLINE_OPEN_RATE = 0.05;

/** A window of analytics_dirty: (fromMs, toMs]. */
export interface DirtyWindow {
  fromMs: number;
  toMs: number;
}

export const DIRTY = `SELECT DISTINCT mid, aid FROM analytics_dirty
  WHERE ingested_at > fromUnixTimestamp64Milli({fromMs:Int64}) AND ingested_at <= fromUnixTimestamp64Milli({toMs:Int64})`;

/** Articles whose text (title, digest, body) arrived in the window: a subset of DIRTY without counter polls. */
export const TEXT_DIRTY = `SELECT DISTINCT mid, aid FROM article_text_dirty
  WHERE ingested_at > fromUnixTimestamp64Milli({fromMs:Int64}) AND ingested_at <= fromUnixTimestamp64Milli({toMs:Int64})`;

/** Whether any article's text arrived in the window (most windows carry only counter polls). */
export async function textArrived(store: AnalyticsStore, w: DirtyWindow): Promise<boolean> {
  const [r] = await store.query<{ n: string }>(`SELECT count() AS n FROM (${TEXT_DIRTY})`, { ...w });
  return Number(r?.n ?? 0) > 0;
}

/** Latest counters of the articles of some accounts. */
const LATEST = (
  midFilter: string,
) => `SELECT mid, aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes,
    argMaxMerge(looking) AS looking, argMaxMerge(shares) AS shares, argMaxMerge(comments) AS comments
  FROM article_latest WHERE ${midFilter} GROUP BY mid, aid`;

/** Accounts (and their earliest touched publish day) in a dirty window. */
export async function touchedAccounts(
  store: AnalyticsStore,
  w: DirtyWindow,
): Promise<{ mids: number[]; fromDay: string | null }> {
  const rows = await store.query<{ mid: string; day: string }>(
    `SELECT mid, toString(min(toDate(pubtime))) AS day FROM articles
     WHERE mid IN (SELECT mid FROM (${DIRTY})) AND (mid, aid) IN (${DIRTY})
     GROUP BY mid`,
    { ...w },
  );
  const days = rows.map((r) => r.day).sort();
  return { mids: rows.map((r) => Number(r.mid)), fromDay: days[0] ?? null };
}

/**
 * account_daily for every (account, publish day) that has an article touched in the window. Fake-traffic
 * figures come from fake_reports (status 1 articles and their estimated fake reads).
 */
export async function refreshAccountDaily(
  store: AnalyticsStore,
  w: DirtyWindow,
  version: number,
): Promise<void> {
  await store.exec(
    `INSERT INTO account_daily
     WITH touched AS (
       SELECT DISTINCT mid, toDate(pubtime) AS day FROM articles
       WHERE mid IN (SELECT mid FROM (${DIRTY})) AND (mid, aid) IN (${DIRTY})
     )
     SELECT a.mid AS mid, a.day AS day,
       count() AS articles,
       uniqExact(a.msgid) AS posts,
       countIf(a.copyright_stat = ${ORIGINAL_STAT}) AS originals,
       sum(l.reads) AS reads, sum(l.likes) AS likes, sum(l.looking) AS looking, sum(l.shares) AS shares,
       countIf(a.idx = 1) AS head_articles,
       sumIf(l.reads, a.idx = 1) AS head_reads, sumIf(l.likes, a.idx = 1) AS head_likes,
       sumIf(l.looking, a.idx = 1) AS head_looking, sumIf(l.shares, a.idx = 1) AS head_shares,
       max(l.reads) AS max_reads, max(l.likes) AS max_likes, max(l.looking) AS max_looking,
       max(l.shares) AS max_shares,
       sumIf(l.reads, a.copyright_stat = ${ORIGINAL_STAT}) AS original_reads,
       countIf(f.status = 1) AS fake_articles,
       -- The detector estimates against its polls' highest reads (f.reads); the sums count the latest poll (l.reads),
       -- which a lagging source can leave lower: the estimate scales to the reads counted here, so the fake share
       -- of a day (刷量占比) stays the report's and never passes 100 %.
       sumIf(if(l.reads >= f.reads, f.forecast_fake, toUInt64(round(f.forecast_fake * l.reads / f.reads))), f.status = 1)
         AS fake_reads,
       {version:UInt64} AS version
     FROM (
       SELECT mid, aid, msgid, idx, toDate(pubtime) AS day, copyright_stat FROM articles FINAL
       WHERE mid IN (SELECT mid FROM touched) AND (mid, toDate(pubtime)) IN (SELECT mid, day FROM touched)
     ) AS a
     LEFT JOIN (${LATEST('mid IN (SELECT mid FROM touched)')}) AS l ON l.mid = a.mid AND l.aid = a.aid
     LEFT JOIN (
       SELECT mid, aid, status, forecast_fake, reads FROM fake_reports FINAL WHERE mid IN (SELECT mid FROM touched)
     ) AS f ON f.mid = a.mid AND f.aid = a.aid
     GROUP BY a.mid, a.day`,
    { ...w, version },
  );
}

/** article_metrics for every article touched in the window. */
export async function refreshArticleMetrics(
  store: AnalyticsStore,
  w: DirtyWindow,
  version: number,
): Promise<void> {
  await store.exec(
    `INSERT INTO article_metrics
     SELECT toDate(a.pubtime) AS day, a.mid AS mid, a.aid AS aid, a.pubtime AS pubtime, a.idx AS idx,
       a.title AS title, a.href AS href, a.copyright_stat = ${ORIGINAL_STAT} AS original,
       ac.media AS media, ac.area AS area,
       l.reads AS reads, l.likes AS likes, l.looking AS looking, l.shares AS shares, l.comments AS comments,
       {version:UInt64} AS version
     FROM (
       SELECT mid, aid, pubtime, idx, title, href, copyright_stat FROM articles FINAL
       WHERE mid IN (SELECT mid FROM (${DIRTY})) AND (mid, aid) IN (${DIRTY})
     ) AS a
     LEFT JOIN (${LATEST(`mid IN (SELECT mid FROM (${DIRTY}))`)}) AS l ON l.mid = a.mid AND l.aid = a.aid
     LEFT JOIN (
       SELECT mid, media, area FROM accounts_effective WHERE mid IN (SELECT mid FROM (${DIRTY}))
     ) AS ac ON ac.mid = a.mid`,
    { ...w, version },
  );
}

/**
 * account_stats of the given accounts (or all accounts with data), as of Beijing day `today` (YYYY-MM-DD).
 * Windows are calendar days including today: 7 days = today and the 6 before it; 30 likewise.
 */
export async function refreshAccountStats(
  store: AnalyticsStore,
  mids: number[] | 'all',
  today: string,
  version: number,
): Promise<void> {
  const filter = mids === 'all' ? '1' : 'mid IN {mids:Array(UInt64)}';
  const d30 = 'day > {today:Date} - 30 AND day <= {today:Date}';
  const d7 = 'day > {today:Date} - 7 AND day <= {today:Date}';
  await store.exec(
    `INSERT INTO account_stats
     WITH d AS (
       SELECT mid,
         sumIf(articles, ${d7}) AS a7, sumIf(posts, ${d7}) AS p7, sumIf(articles, ${d30}) AS a30,
         sumIf(originals, ${d30}) AS o30,
         sumIf(head_articles, ${d30}) AS ha, sumIf(head_reads, ${d30}) AS hr, sumIf(head_likes, ${d30}) AS hl,
         sum(reads) AS all_reads, sum(likes) AS all_likes, sum(articles) AS all_n,
         max(day) AS last_day,
         ${wciAggregates(d30)},
         ${wciSql({ ...WCI_AGG, days: '30' })} AS w
       FROM account_daily FINAL WHERE ${filter} GROUP BY mid
     ),
     m AS (
       SELECT mid, round(ifNotFinite(quantileExactInclusive(0.5)(reads), 0)) AS med,
         ifNotFinite(quantileExactInclusiveIf(0.5)(reads, idx = 1), 0) AS med_head_exact,
         round(med_head_exact) AS med_head
       FROM article_metrics FINAL WHERE ${d30} AND ${filter} GROUP BY mid
     )
     SELECT d.mid AS mid, ac.media AS media, ac.area AS area, ac.owner AS owner,
       d.a7 AS articles_7d, d.a30 AS articles_30d, d.p7 AS posts_7d,
       if(d.ha = 0, 0, round(d.hr / d.ha)) AS head_avg_reads,
       if(d.ha = 0, 0, round(d.hl / d.ha)) AS head_avg_likes,
       m.med AS median_reads, m.med_head AS median_head_reads,
       if(d.all_n = 0, 0, d.all_reads / d.all_n) AS avg_reads,
       if(d.all_n = 0, 0, d.all_likes / d.all_n) AS avg_likes,
       round(m.med_head_exact / ${HEADLINE_OPEN_RATE}) AS fans,
       round(d.w, 2) AS wci,
       if(d.a30 = 0, 0, round(d.w * 100 / d.a30 / 100, 2)) AS account_index,
       d.o30 AS originals_30d,
       toDateTime(d.last_day) AS last_pub,
       {version:UInt64} AS version
     FROM d
     LEFT JOIN m ON m.mid = d.mid
     LEFT JOIN (SELECT mid, media, area, owner FROM accounts_effective WHERE ${filter}) AS ac ON ac.mid = d.mid`,
    { mids: mids === 'all' ? [] : mids, today, version },
  );
}
