import type { AnalyticsStore } from '../../clickhouse/store';

/** Dashboard routes of the account detail page (spec §2: /detail and /appsearch/detail, query mid). */
export const DETAIL_PATHS = ['/detail', '/appsearch/detail'];

/**
 * The accounts a member opened, newest first, from the page views the dashboard sends on every route change
 * (ClickHouse page_views, kept 400 days). One row per account with its last visit and how often it was opened.
 * Accounts not collected (a mistyped mid in the address bar) are left out.
 */
export async function lastOpenedAccounts(store: AnalyticsStore, userId: number, page: number, num: number) {
  const rows = await store.query<{
    mid: string;
    name: string;
    wxid: string;
    avatar: string;
    owner: string;
    media: string;
    last_view: string;
    views: string;
    total: string;
  }>(
    `WITH v AS (
       SELECT toUInt64OrZero(extractURLParameter(concat('?', query), 'mid')) AS mid, max(ts) AS last_view,
         count() AS views
       FROM page_views WHERE user_id = {uid:UInt64} AND path IN {paths:Array(String)}
       GROUP BY mid HAVING mid > 0
     )
     SELECT toString(v.mid) AS mid, ac.name AS name, ac.wxid AS wxid, ac.avatar AS avatar, ac.owner AS owner,
       ac.media AS media, formatDateTime(v.last_view, '%Y-%m-%d %H:%i:%S') AS last_view, v.views AS views,
       count() OVER () AS total
     FROM v
     INNER JOIN (SELECT mid, name, wxid, avatar, owner, media FROM accounts_effective
                 WHERE mid IN (SELECT mid FROM v)) AS ac ON ac.mid = v.mid
     ORDER BY v.last_view DESC, v.mid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { uid: userId, paths: DETAIL_PATHS, limit: num, offset: (page - 1) * num },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    // Field by field, not accountIdentity(): media comes after the owner in this answer.
    list: rows.map((r) => ({
      mid: Number(r.mid),
      name: r.name,
      mp_name: r.name,
      wx: r.wxid,
      wxid: r.wxid,
      avatar: r.avatar,
      owner: r.owner,
      zhuti: r.owner,
      media: r.media,
      last_view: r.last_view,
      views: Number(r.views),
    })),
  };
}
