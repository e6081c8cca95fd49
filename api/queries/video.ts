import type { AnalyticsStore } from '../../clickhouse/store';
import type { VideoAccount, VideoPost, VideoSort } from '../../contract/shapes/video';

export type { VideoAccount, VideoPost, VideoSort };

/** Reads of video accounts (视频号): per-account stats (video_account_stats) and posts with latest counters. */

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The video accounts linked to an official account, most posts first. */
export async function finderIdsOf(store: AnalyticsStore, mid: number): Promise<string[]> {
  const rows = await store.query<{ finder_id: string }>(
    `SELECT finder_id FROM video_posts WHERE mid = {mid:UInt64} GROUP BY finder_id
     ORDER BY uniqExact(post_id) DESC, finder_id ASC`,
    { mid },
  );
  return rows.map((r) => r.finder_id);
}

export async function videoAccount(store: AnalyticsStore, finderId: string): Promise<VideoAccount | null> {
  const [r] = await store.query<Record<string, string | number>>(
    `SELECT p.finder_id AS finder_id, toString(if(s.mid = 0, p.any_mid, s.mid)) AS mid, ac.name AS mp_name, ac.avatar AS mp_avatar,
       va.name AS name, va.avatar AS avatar, va.owner AS owner, va.description AS description,
       s.posts_total AS posts_total, s.posts_7d AS posts_7d, s.posts_30d AS posts_30d, s.reads_30d AS reads_30d,
       s.likes_30d AS likes_30d, s.comments_30d AS comments_30d, s.forwards_30d AS forwards_30d,
       s.favs_30d AS favs_30d, s.avg_reads AS avg_reads, s.max_reads AS max_reads, s.avg_likes AS avg_likes,
       s.avg_comments AS avg_comments, s.avg_forwards AS avg_forwards, s.avg_favs AS avg_favs,
       s.engagement_rate AS engagement_rate, if(s.posts_total = 0, '', toString(s.last_pub)) AS last_pub
     FROM (SELECT finder_id, any(mid) AS any_mid FROM video_posts WHERE finder_id = {f:String} GROUP BY finder_id) AS p
     LEFT JOIN (SELECT * FROM video_account_stats FINAL WHERE finder_id = {f:String}) AS s ON s.finder_id = p.finder_id
     LEFT JOIN (SELECT finder_id, name, avatar, owner, description FROM video_accounts FINAL
                WHERE finder_id = {f:String}) AS va ON va.finder_id = p.finder_id
     LEFT JOIN (SELECT mid, name, avatar FROM accounts FINAL
                WHERE mid IN (SELECT mid FROM video_posts WHERE finder_id = {f:String})) AS ac
       ON ac.mid = if(s.mid = 0, p.any_mid, s.mid)`,
    { f: finderId },
  );
  if (!r) return null;
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    finder_id: String(r.finder_id),
    mid: n('mid'),
    mp_name: String(r.mp_name ?? ''),
    mp_avatar: String(r.mp_avatar ?? ''),
    name: String(r.name ?? ''),
    avatar: String(r.avatar ?? ''),
    owner: String(r.owner ?? ''),
    desc: String(r.description ?? ''),
    posts_total: n('posts_total'),
    posts_7d: n('posts_7d'),
    posts_30d: n('posts_30d'),
    reads_30d: n('reads_30d'),
    likes_30d: n('likes_30d'),
    comments_30d: n('comments_30d'),
    forwards_30d: n('forwards_30d'),
    favs_30d: n('favs_30d'),
    avg_read: round2(n('avg_reads')),
    max_read: n('max_reads'),
    avg_like: round2(n('avg_likes')),
    avg_comment: round2(n('avg_comments')),
    avg_forward: round2(n('avg_forwards')),
    avg_fav: round2(n('avg_favs')),
    engagement_rate: Math.round(n('engagement_rate') * 10_000) / 10_000,
    last_pub: String(r.last_pub ?? ''),
  };
}

export const VIDEO_SORTS = { pubtime: 'p.pubtime', read: 'reads', like: 'likes' } as const satisfies Record<
  VideoSort,
  string
>;

export async function videoPosts(
  store: AnalyticsStore,
  q: { finderId: string; sort: VideoSort; page: number; size: number },
): Promise<{ total: number; rows: VideoPost[] }> {
  const rows = await store.query<Record<string, string | number>>(
    `SELECT p.post_id AS post_id, p.description AS description, p.cover AS cover, p.duration_s AS duration_s,
       toString(p.pubtime) AS pubtime, l.reads AS reads, l.likes AS likes, l.comments AS comments,
       l.forwards AS forwards, l.favs AS favs, if(l.last_ts = 0, '', toString(l.last_ts)) AS update_time,
       count() OVER () AS total
     FROM (SELECT * FROM video_posts FINAL WHERE finder_id = {f:String}) AS p
     LEFT JOIN (
       SELECT post_id, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes, argMaxMerge(comments) AS comments,
         argMaxMerge(forwards) AS forwards, argMaxMerge(favs) AS favs, max(last_ts) AS last_ts
       FROM video_latest WHERE finder_id = {f:String} GROUP BY post_id
     ) AS l ON l.post_id = p.post_id
     ORDER BY ${VIDEO_SORTS[q.sort]} DESC, p.post_id ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { f: q.finderId, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => {
      const reads = Number(r.reads ?? 0);
      const inter = ['likes', 'comments', 'forwards', 'favs'].reduce((s, k) => s + Number(r[k] ?? 0), 0);
      return {
        post_id: String(r.post_id),
        desc: String(r.description ?? ''),
        cover: String(r.cover ?? ''),
        duration: Number(r.duration_s ?? 0),
        pubtime: String(r.pubtime),
        read: reads,
        like: Number(r.likes ?? 0),
        comment: Number(r.comments ?? 0),
        forward: Number(r.forwards ?? 0),
        fav: Number(r.favs ?? 0),
        engagement_rate: reads > 0 ? Math.round((inter / reads) * 10_000) / 10_000 : 0,
        update_time: String(r.update_time ?? ''),
      };
    }),
  };
}

export interface VideoAccountBrief {
  finder_id: string;
  name: string;
  avatar: string;
  owner: string;
  desc: string;
  /** The linked official account (0 when none) and its name. */
  mid: number;
  mp_name: string;
  posts_total: number;
  posts_30d: number;
  reads_30d: number;
  avg_read: number;
  last_pub: string;
}

/**
 * Video accounts whose name, owner, description or linked official account's name contains `kw` (case
 * ignored), most read over 30 days first. Accounts are those with collected posts; the profile may be missing.
 */
export async function searchVideoAccounts(
  store: AnalyticsStore,
  q: { kw: string; page: number; size: number },
): Promise<{ total: number; rows: VideoAccountBrief[] }> {
  const rows = await store.query<Record<string, string | number>>(
    `SELECT p.finder_id AS finder_id, va.name AS name, va.avatar AS avatar, va.owner AS owner,
       va.description AS description, toString(p.any_mid) AS mid, ac.name AS mp_name,
       s.posts_total AS posts_total, s.posts_30d AS posts_30d, s.reads_30d AS reads_30d, s.avg_reads AS avg_reads,
       if(s.posts_total = 0, '', toString(s.last_pub)) AS last_pub, count() OVER () AS total
     FROM (SELECT finder_id, any(mid) AS any_mid FROM video_posts GROUP BY finder_id) AS p
     LEFT JOIN (SELECT finder_id, name, avatar, owner, description FROM video_accounts FINAL) AS va
       ON va.finder_id = p.finder_id
     LEFT JOIN (SELECT mid, name FROM accounts FINAL) AS ac ON ac.mid = p.any_mid
     LEFT JOIN (SELECT * FROM video_account_stats FINAL) AS s ON s.finder_id = p.finder_id
     WHERE positionCaseInsensitiveUTF8(va.name, {kw:String}) > 0
        OR positionCaseInsensitiveUTF8(va.owner, {kw:String}) > 0
        OR positionCaseInsensitiveUTF8(va.description, {kw:String}) > 0
        OR positionCaseInsensitiveUTF8(ac.name, {kw:String}) > 0
     ORDER BY s.reads_30d DESC, p.finder_id ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { kw: q.kw, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({
      finder_id: String(r.finder_id),
      name: String(r.name ?? ''),
      avatar: String(r.avatar ?? ''),
      owner: String(r.owner ?? ''),
      desc: String(r.description ?? ''),
      mid: Number(r.mid ?? 0),
      mp_name: String(r.mp_name ?? ''),
      posts_total: Number(r.posts_total ?? 0),
      posts_30d: Number(r.posts_30d ?? 0),
      reads_30d: Number(r.reads_30d ?? 0),
      avg_read: round2(Number(r.avg_reads ?? 0)),
      last_pub: String(r.last_pub ?? ''),
    })),
  };
}
