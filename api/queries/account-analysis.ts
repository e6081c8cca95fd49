import type { AnalyticsStore } from '../../clickhouse/store';
import type { ReadOverviewRow } from '../../contract/shapes/accounts';

export type { ReadOverviewRow };

/**
 * One account's analysis figures (detail_statistic, public_time, the index and fans of mp_detail),
 * computed from its articles of the last 90 days with their latest counters.
 *
 * Definitions (docs/analytics.md):
 * - articles: articles published in the last 7 days;
 * - avg_top_read / avg_second_read / avg_other_read: average reads of the headline, the second and the
 *   third-to-eighth positions over the account's last 3 pushes;
 * - read_overview: per position over the last 30 days: count, average and max reads, average and max likes;
 * - posting hours: pushes per Beijing hour of day over the last 90 days;
 * - articles (7 days), fans, WCI, index and monthly posts: the stream's account_stats (one definition for
 *   every page and list; stream/analytics/refresh.ts).
 */
const DAY = 86_400;

interface Row {
  aid: string;
  idx: number;
  pub: number;
  reads: number;
  likes: number;
}

export interface AccountAnalysis {
  articles7d: number;
  avgTopRead: number;
  avgSecondRead: number;
  avgOtherRead: number;
  fans: number;
  readOverview: ReadOverviewRow[];
  hours: Record<string, number>;
  wci: number;
  monthlyPosts: number;
  index: number;
}

const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export async function accountAnalysis(
  store: AnalyticsStore,
  mid: number,
  nowS: number,
): Promise<AccountAnalysis> {
  const rows = (
    await store.query<Row>(
      `WITH latest AS (
         SELECT aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes
         FROM article_latest WHERE mid = {mid:UInt64} GROUP BY aid)
       SELECT a.aid AS aid, a.idx AS idx, toUnixTimestamp(a.pubtime) AS pub,
              l.reads AS reads, l.likes AS likes
       FROM account_articles AS a FINAL LEFT JOIN latest AS l ON l.aid = a.aid
       WHERE a.mid = {mid:UInt64} AND a.pubtime > toDateTime({from:UInt32}) AND a.pubtime <= toDateTime({now:UInt32})`,
      { mid, from: nowS - 90 * DAY, now: nowS },
    )
  ).map((r) => ({
    ...r,
    idx: Number(r.idx),
    pub: Number(r.pub),
    reads: Number(r.reads),
    likes: Number(r.likes),
  }));

  const last30 = rows.filter((r) => r.pub > nowS - 30 * DAY);
  const pushTimes = [...new Set(rows.map((r) => r.pub))].sort((a, b) => b - a);
  const last3 = new Set(pushTimes.slice(0, 3));
  const recent = rows.filter((r) => last3.has(r.pub));

  const byPosition = new Map<number, Row[]>();
  for (const r of last30) byPosition.set(r.idx, [...(byPosition.get(r.idx) ?? []), r]);
  const readOverview = [...byPosition.entries()]
    .sort(([a], [b]) => a - b)
    .map(([position, rs]) => ({
      position,
      article_num: rs.length,
      avg_read: Math.round(avg(rs.map((r) => r.reads))),
      read_max: Math.max(...rs.map((r) => r.reads)),
      avg_praise: Math.round(avg(rs.map((r) => r.likes))),
      praise_max: Math.max(...rs.map((r) => r.likes)),
    }));

  const hours: Record<string, number> = {};
  for (let h = 0; h < 24; h++) hours[String(h)] = 0;
  for (const t of pushTimes) {
    const h = String(Math.floor(((t + 8 * 3600) % DAY) / 3600));
    hours[h] = (hours[h] ?? 0) + 1;
  }

  const figures = await accountFigures(store, mid);
  return {
    articles7d: figures.articles7d,
    avgTopRead: Math.round(avg(recent.filter((r) => r.idx === 1).map((r) => r.reads))),
    avgSecondRead: Math.round(avg(recent.filter((r) => r.idx === 2).map((r) => r.reads))),
    avgOtherRead: Math.round(avg(recent.filter((r) => r.idx >= 3).map((r) => r.reads))),
    fans: figures.fans,
    readOverview,
    hours,
    wci: figures.wci,
    monthlyPosts: figures.monthlyPosts,
    index: figures.index,
  };
}

export type AccountFigures = Pick<AccountAnalysis, 'articles7d' | 'fans' | 'wci' | 'monthlyPosts' | 'index'>;

/**
 * The account's figures the stream keeps in account_stats (articles in 7 and 30 days, fans, WCI, index): one
 * point read. The detail header needs only these, not the articles the rest of the analysis reads.
 */
export async function accountFigures(store: AnalyticsStore, mid: number): Promise<AccountFigures> {
  const [stats] = await store.queryByKey<{ a7: number; a30: number; fans: number; wci: number; idx: number }>(
    `SELECT mid AS key, articles_7d AS a7, articles_30d AS a30, fans, wci, account_index AS idx
     FROM account_stats FINAL WHERE mid IN {keys:Array(UInt64)}`,
    mid,
  );
  return {
    articles7d: Number(stats?.a7 ?? 0),
    fans: Number(stats?.fans ?? 0),
    wci: Number(stats?.wci ?? 0),
    monthlyPosts: Number(stats?.a30 ?? 0),
    index: Number(stats?.idx ?? 0),
  };
}
