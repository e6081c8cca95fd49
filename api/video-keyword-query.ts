import type { AnalyticsStore } from '../clickhouse/store';
import { accountsByMid } from '../members/catalog';

/** Video posts (视频号作品) whose description mentions a member's keywords, for the video keyword monitor. */

export interface VideoKeywordHit {
  finder_id: string;
  post_id: string;
  mid: number;
  mp_name: string;
  avatar: string;
  desc: string;
  cover: string;
  duration: number;
  pubtime: string;
  read: number;
  like: number;
  comment: number;
  forward: number;
  /** The keywords the description mentions (case-insensitive). */
  keywords: string[];
  update_time: string;
}

/**
 * Posts published in [from, to] (unix seconds) whose description contains any of `keywords`, newest first, with
 * their latest counters (video_latest) and the linked official account.
 */
export async function videoKeywordHits(
  store: AnalyticsStore,
  q: { keywords: string[]; from: number; to: number; page: number; size: number },
): Promise<{ total: number; rows: VideoKeywordHit[] }> {
  if (q.keywords.length === 0) return { total: 0, rows: [] };
  const matched = `SELECT * FROM video_posts FINAL
    WHERE pubtime >= toDateTime({from:UInt32}, 'Asia/Shanghai') AND pubtime <= toDateTime({to:UInt32}, 'Asia/Shanghai')
      AND multiSearchAnyCaseInsensitiveUTF8(description, {kws:Array(String)})`;
  const rows = await store.query<Record<string, string | number>>(
    `SELECT p.finder_id AS finder_id, p.post_id AS post_id, toString(p.mid) AS mid, p.description AS description,
       p.cover AS cover, p.duration_s AS duration_s, toString(p.pubtime) AS pubtime,
       l.reads AS reads, l.likes AS likes, l.comments AS comments, l.forwards AS forwards,
       if(l.last_ts = 0, '', toString(l.last_ts)) AS update_time, count() OVER () AS total
     FROM (${matched}) AS p
     LEFT JOIN (
       SELECT post_id, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes, argMaxMerge(comments) AS comments,
         argMaxMerge(forwards) AS forwards, max(last_ts) AS last_ts
       FROM video_latest WHERE post_id IN (SELECT post_id FROM (${matched})) GROUP BY post_id
     ) AS l ON l.post_id = p.post_id
     ORDER BY p.pubtime DESC, p.post_id ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { kws: q.keywords, from: q.from, to: q.to, limit: q.size, offset: (q.page - 1) * q.size },
  );
  const accounts = await accountsByMid(store, [...new Set(rows.map((r) => Number(r.mid)))]);
  const lower = q.keywords.map((k) => [k, k.toLowerCase()] as const);
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => {
      const desc = String(r.description ?? '');
      const a = accounts.get(Number(r.mid));
      return {
        finder_id: String(r.finder_id),
        post_id: String(r.post_id),
        mid: Number(r.mid),
        mp_name: a?.name ?? '',
        avatar: a?.avatar ?? '',
        desc,
        cover: String(r.cover ?? ''),
        duration: Number(r.duration_s ?? 0),
        pubtime: String(r.pubtime),
        read: Number(r.reads ?? 0),
        like: Number(r.likes ?? 0),
        comment: Number(r.comments ?? 0),
        forward: Number(r.forwards ?? 0),
        keywords: lower.filter(([, l]) => desc.toLowerCase().includes(l)).map(([k]) => k),
        update_time: String(r.update_time ?? ''),
      };
    }),
  };
}
