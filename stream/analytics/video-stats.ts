import type { AnalyticsStore } from '../../clickhouse/store';
import type { DirtyWindow } from './refresh';

/**
 * 视频号指标 (video_account_stats; definitions in docs/analytics.md), recomputed inside ClickHouse for the video
 * accounts touched in a window of video_dirty (filled by materialized views as posts and snapshots arrive), or
 * for all of them when the calendar moves the 7/30-day windows.
 *
 * Counters are each post's latest poll (video_latest). Windows are Beijing calendar days including today.
 * Over the posts of the last 30 days: sums, per-post averages, the largest reads, and the engagement rate
 * (likes + comments + forwards + favs) ÷ reads (0 when the posts have no reads).
 */

const VIDEO_DIRTY = `SELECT DISTINCT finder_id FROM video_dirty
  WHERE ingested_at > fromUnixTimestamp64Milli({fromMs:Int64}) AND ingested_at <= fromUnixTimestamp64Milli({toMs:Int64})`;

/** Video accounts with new posts or snapshots in the window. */
export async function touchedVideoAccounts(store: AnalyticsStore, w: DirtyWindow): Promise<string[]> {
  const rows = await store.query<{ finder_id: string }>(`${VIDEO_DIRTY} ORDER BY finder_id`, { ...w });
  return rows.map((r) => r.finder_id);
}

/** video_account_stats of the accounts touched in the window (or all), as of Beijing day `today` (YYYY-MM-DD). */
export async function refreshVideoStats(
  store: AnalyticsStore,
  w: DirtyWindow | 'all',
  today: string,
  version: number,
): Promise<void> {
  const filter = w === 'all' ? '1' : `finder_id IN (${VIDEO_DIRTY})`;
  const d30 = 'p.day > {today:Date} - 30 AND p.day <= {today:Date}';
  const d7 = 'p.day > {today:Date} - 7 AND p.day <= {today:Date}';
  await store.exec(
    `INSERT INTO video_account_stats
     SELECT p.finder_id AS finder_id,
       argMax(p.mid, p.updated_at) AS mid,
       count() AS posts_total,
       countIf(${d7}) AS posts_7d,
       countIf(${d30}) AS posts_30d,
       sumIf(l.reads, ${d30}) AS reads_30d,
       sumIf(l.likes, ${d30}) AS likes_30d,
       sumIf(l.comments, ${d30}) AS comments_30d,
       sumIf(l.forwards, ${d30}) AS forwards_30d,
       sumIf(l.favs, ${d30}) AS favs_30d,
       if(posts_30d = 0, 0, reads_30d / posts_30d) AS avg_reads,
       maxIf(l.reads, ${d30}) AS max_reads,
       if(posts_30d = 0, 0, likes_30d / posts_30d) AS avg_likes,
       if(posts_30d = 0, 0, comments_30d / posts_30d) AS avg_comments,
       if(posts_30d = 0, 0, forwards_30d / posts_30d) AS avg_forwards,
       if(posts_30d = 0, 0, favs_30d / posts_30d) AS avg_favs,
       if(reads_30d = 0, 0, (likes_30d + comments_30d + forwards_30d + favs_30d) / reads_30d) AS engagement_rate,
       max(p.pubtime) AS last_pub,
       {version:UInt64} AS version
     FROM (
       SELECT finder_id, post_id, mid, pubtime, toDate(pubtime) AS day, updated_at FROM video_posts FINAL
       WHERE ${filter}
     ) AS p
     LEFT JOIN (
       SELECT finder_id, post_id, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes,
         argMaxMerge(comments) AS comments, argMaxMerge(forwards) AS forwards, argMaxMerge(favs) AS favs
       FROM video_latest WHERE ${filter} GROUP BY finder_id, post_id
     ) AS l ON l.finder_id = p.finder_id AND l.post_id = p.post_id
     GROUP BY p.finder_id`,
    w === 'all' ? { today, version } : { ...w, today, version },
  );
}
