import type { AnalyticsStore } from '../../clickhouse/store';

/**
 * Similar accounts (mp_similar). Match degree between the account and a candidate, 0–1:
 *   0.5 × same industry (media) + 0.3 × Jaccard similarity of their tags + 0.2 × same area.
 * Candidates share the industry or at least one tag. Sorts (spec §2, sort 0–5): match degree, estimated active
 * fans, headline average likes, headline average reads, weekly post count, index. Ties end on mid.
 */
export const SIMILAR_SORTS = [
  'match',
  's.fans',
  's.head_avg_likes',
  's.head_avg_reads',
  's.posts_7d',
  's.account_index',
] as const;

export interface SimilarRow {
  mid: string;
  name: string;
  wxid: string;
  avatar: string;
  qrcode: string;
  owner: string;
  description: string;
  media: string;
  area: string;
  tags: string[];
  fans: string;
  account_index: number;
  head_avg_reads: string;
  head_avg_likes: string;
  posts_7d: string;
  match: number;
  same_owner: string;
  total: string;
}

export async function similarAccounts(
  store: AnalyticsStore,
  q: { mid: number; sort: number; page: number; size: number },
): Promise<{ total: number; rows: SimilarRow[] }> {
  const order = SIMILAR_SORTS[q.sort] ?? 'match';
  const rows = await store.query<SimilarRow>(
    `WITH me AS (SELECT media, area, tags FROM accounts_effective WHERE mid = {mid:UInt64})
     SELECT toString(a.mid) AS mid, a.name AS name, a.wxid AS wxid, a.avatar AS avatar, a.qrcode AS qrcode,
       a.owner AS owner, a.description AS description, a.media AS media, a.area AS area, a.tags AS tags,
       s.fans AS fans, s.account_index AS account_index, s.head_avg_reads AS head_avg_reads,
       s.head_avg_likes AS head_avg_likes, s.posts_7d AS posts_7d,
       round(0.5 * (a.media = (SELECT media FROM me))
         + 0.3 * if(length(arrayDistinct(arrayConcat(a.tags, (SELECT tags FROM me)))) = 0, 0,
             length(arrayIntersect(arrayDistinct(a.tags), (SELECT tags FROM me)))
             / length(arrayDistinct(arrayConcat(a.tags, (SELECT tags FROM me)))))
         + 0.2 * (a.area = (SELECT area FROM me)), 3) AS match,
       o.same_owner AS same_owner, count() OVER () AS total
     FROM (SELECT * FROM accounts_effective
           WHERE mid != {mid:UInt64}
             AND (media = (SELECT media FROM me) OR hasAny(tags, (SELECT tags FROM me)))) AS a
     LEFT JOIN (SELECT mid, fans, account_index, head_avg_reads, head_avg_likes, posts_7d FROM account_stats FINAL)
       AS s ON s.mid = a.mid
     LEFT JOIN (SELECT owner, count() AS same_owner FROM accounts FINAL WHERE owner != '' GROUP BY owner) AS o
       ON o.owner = a.owner
     ORDER BY ${order} DESC, a.mid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { mid: q.mid, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return { total: Number(rows[0]?.total ?? 0), rows };
}
