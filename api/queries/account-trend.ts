import type { AnalyticsStore } from '../../clickhouse/store';
import type { TrendDay } from '../../contract/shapes/accounts';
import { addDays, daysBetween } from '../../core/periods';

export type { TrendDay };

/**
 * search/v1 t_detail_statistic: the basic-analysis figures as a daily trend, from account_daily (one row per account
 * and Beijing publish day, counters as of the articles' latest polls). Days without a post are zeros.
 */

const ZERO = { articles: 0, posts: 0, reads: 0, likes: 0, looking: 0, head_reads: 0, max_reads: 0 };

export async function accountTrend(store: AnalyticsStore, mid: number, from: string, to: string) {
  const rows = await store.query<{
    date: string;
    articles: string;
    posts: string;
    reads: string;
    likes: string;
    looking: string;
    head_reads: string;
    max_reads: string;
  }>(
    `SELECT toString(day) AS date, articles, posts, reads, likes, looking, head_reads, max_reads
     FROM account_daily FINAL WHERE mid = {mid:UInt64} AND day >= {from:Date} AND day <= {to:Date}`,
    { mid, from, to },
  );
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const n = from > to ? 0 : daysBetween(from, to) + 1;
  const list: TrendDay[] = Array.from({ length: n }, (_, i) => {
    const date = addDays(from, i);
    const r = byDate.get(date);
    const d = r
      ? {
          articles: Number(r.articles),
          posts: Number(r.posts),
          reads: Number(r.reads),
          likes: Number(r.likes),
          looking: Number(r.looking),
          head_reads: Number(r.head_reads),
          max_reads: Number(r.max_reads),
        }
      : { ...ZERO };
    return { date, ...d, avg_read: d.articles > 0 ? Math.round(d.reads / d.articles) : 0 };
  });
  const total = list.reduce(
    (t, d) => ({
      articles: t.articles + d.articles,
      posts: t.posts + d.posts,
      reads: t.reads + d.reads,
      likes: t.likes + d.likes,
      looking: t.looking + d.looking,
      head_reads: t.head_reads + d.head_reads,
      max_reads: Math.max(t.max_reads, d.max_reads),
    }),
    { ...ZERO },
  );
  return {
    list,
    total: { ...total, avg_read: total.articles > 0 ? Math.round(total.reads / total.articles) : 0 },
  };
}
