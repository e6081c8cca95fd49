import type { AnalyticsStore } from '../clickhouse/store';

/** An article's newest counters (article_latest) with its head; null when the article was never crawled. */
export interface ArticleCounters {
  mid: number;
  aid: string;
  idx: number;
  title: string;
  url: string;
  pubtime: string;
  reads: number;
  likes: number;
  looking: number;
  shares: number;
  comments: number;
  polls: number;
  /** The newest poll, '' before the first. */
  updated_at: string;
}

export async function articleCounters(
  store: AnalyticsStore,
  mid: number,
  aid: string,
): Promise<ArticleCounters | null> {
  const [r] = await store.query<Record<string, string | number>>(
    `SELECT a.mid AS mid, a.aid AS aid, a.idx AS idx, a.title AS title, a.href AS url,
       toString(a.pubtime) AS pubtime, l.reads AS reads, l.likes AS likes, l.looking AS looking,
       l.shares AS shares, l.comments AS comments, l.polls AS polls, l.up AS up
     FROM (SELECT mid, aid, idx, title, href, pubtime FROM articles FINAL
           WHERE mid = {mid:UInt64} AND aid = {aid:String}) AS a
     LEFT JOIN (SELECT mid, aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes,
                  argMaxMerge(looking) AS looking, argMaxMerge(shares) AS shares,
                  argMaxMerge(comments) AS comments, uniqExactMerge(polls) AS polls, max(last_ts) AS up
                FROM article_latest WHERE mid = {mid:UInt64} AND aid = {aid:String} GROUP BY mid, aid) AS l
       ON l.mid = a.mid AND l.aid = a.aid`,
    { mid, aid },
  );
  if (!r) return null;
  const polls = Number(r.polls ?? 0);
  return {
    mid: Number(r.mid),
    aid: String(r.aid),
    idx: Number(r.idx),
    title: String(r.title),
    url: String(r.url),
    pubtime: String(r.pubtime),
    reads: Number(r.reads ?? 0),
    likes: Number(r.likes ?? 0),
    looking: Number(r.looking ?? 0),
    shares: Number(r.shares ?? 0),
    comments: Number(r.comments ?? 0),
    polls,
    updated_at: polls > 0 ? String(r.up) : '',
  };
}

export interface SnapshotPoint {
  time: string;
  reads: number;
  likes: number;
  looking: number;
}

/** Every poll of an article from `fromS` (unix seconds) on, oldest first: the raw series a monitor task made. */
export async function articleSnapshots(
  store: AnalyticsStore,
  mid: number,
  aid: string,
  fromS: number,
  limit = 5000,
): Promise<SnapshotPoint[]> {
  const rows = await store.query<{ time: string; reads: number; likes: number; looking: number }>(
    `SELECT toString(ts) AS time, reads, likes, looking FROM article_snapshots FINAL
     WHERE mid = {mid:UInt64} AND aid = {aid:String} AND ts >= toDateTime({from:UInt32}, 'Asia/Shanghai')
     ORDER BY ts LIMIT {limit:UInt32}`,
    { mid, aid, from: fromS, limit },
  );
  return rows.map((r) => ({
    time: r.time,
    reads: Number(r.reads),
    likes: Number(r.likes),
    looking: Number(r.looking),
  }));
}
