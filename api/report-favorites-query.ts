import type { AnalyticsStore } from '../clickhouse/store';
import type { MemberDb } from '../postgres/db';
import type { ArticleRef } from './queries/article-reports';

/**
 * A member's favourite fake-traffic reports (search/v1 favorite_report_option), kept in PostgreSQL by post
 * (`<mid>_<aid>`); titles, accounts and verdicts come from ClickHouse when listed.
 */

/** How many reports one member may keep. */
export const REPORT_FAVORITE_LIMIT = 1000;

export async function isReportFavorite(db: MemberDb, userId: number, ref: ArticleRef): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM report_favorites WHERE user_id = $1 AND mid = $2 AND aid = $3', [
    userId,
    ref.mid,
    ref.aid,
  ]);
  return r.length > 0;
}

/** Adds the report; 'exists' when it is already a favourite, 'limit' when the member keeps the most allowed. */
export async function addReportFavorite(
  db: MemberDb,
  userId: number,
  ref: ArticleRef,
): Promise<'added' | 'exists' | 'limit'> {
  // One statement: the count and the insert cannot be split by a concurrent add.
  const r = await db.query<{ added: boolean }>(
    `WITH n AS (SELECT count(*) AS c FROM report_favorites WHERE user_id = $1),
          ins AS (
            INSERT INTO report_favorites (user_id, mid, aid)
            SELECT $1, $2, $3 FROM n WHERE n.c < $4
            ON CONFLICT DO NOTHING RETURNING 1
          )
     SELECT EXISTS (SELECT 1 FROM ins) AS added`,
    [userId, ref.mid, ref.aid, REPORT_FAVORITE_LIMIT],
  );
  if (r[0]?.added) return 'added';
  return (await isReportFavorite(db, userId, ref)) ? 'exists' : 'limit';
}

export async function removeReportFavorite(db: MemberDb, userId: number, ref: ArticleRef): Promise<boolean> {
  const r = await db.query(
    'DELETE FROM report_favorites WHERE user_id = $1 AND mid = $2 AND aid = $3 RETURNING 1',
    [userId, ref.mid, ref.aid],
  );
  return r.length > 0;
}

interface ReportBrief {
  mid: string;
  aid: string;
  title: string;
  href: string;
  idx: number;
  pubtime: string;
  name: string;
  avatar: string;
  status: number | null;
  forecast_fake: number | null;
  forecast_fake_per: number | null;
}

/** The member's favourite reports, newest favourite first, with each article and its verdict (null before one). */
export async function reportFavorites(
  db: MemberDb,
  store: AnalyticsStore,
  userId: number,
  page: number,
  num: number,
) {
  const [t] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM report_favorites WHERE user_id = $1',
    [userId],
  );
  const rows = await db.query<{ mid: string | number; aid: string; created_at: string }>(
    // f.created_at: the stored time, not the output string of the same name (which ties within a second).
    `SELECT mid, aid, to_char(f.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
     FROM report_favorites AS f WHERE user_id = $1 ORDER BY f.created_at DESC, mid, aid LIMIT $2 OFFSET $3`,
    [userId, num, (page - 1) * num],
  );
  const info = new Map<string, ReportBrief>();
  if (rows.length > 0) {
    const keys = rows.map((r) => `${r.mid}_${r.aid}`);
    const found = await store.query<ReportBrief>(
      `SELECT toString(a.mid) AS mid, a.aid AS aid, a.title AS title, a.href AS href, a.idx AS idx,
         toString(a.pubtime) AS pubtime, ac.name AS name, ac.avatar AS avatar,
         f.status AS status, f.forecast_fake AS forecast_fake, f.forecast_fake_per AS forecast_fake_per
       FROM (SELECT mid, aid, title, href, idx, pubtime FROM articles FINAL
             WHERE mid IN {mids:Array(UInt64)} AND concat(toString(mid), '_', aid) IN {keys:Array(String)}) AS a
       LEFT JOIN (SELECT mid, name, avatar FROM accounts FINAL WHERE mid IN {mids:Array(UInt64)}) AS ac
         ON ac.mid = a.mid
       LEFT JOIN (SELECT mid, aid, status, forecast_fake, forecast_fake_per FROM fake_reports FINAL
                  WHERE mid IN {mids:Array(UInt64)}) AS f ON f.mid = a.mid AND f.aid = a.aid
       SETTINGS join_use_nulls = 1`,
      { mids: [...new Set(rows.map((r) => Number(r.mid)))], keys },
    );
    for (const f of found) info.set(`${f.mid}_${f.aid}`, f);
  }
  return {
    total: t?.n ?? 0,
    list: rows.map((r) => {
      const post = `${r.mid}_${r.aid}`;
      const a = info.get(post);
      return {
        post,
        mid: Number(r.mid),
        aid: r.aid,
        title: a?.title ?? '',
        url: a?.href ?? '',
        position: Number(a?.idx ?? 0),
        pubtime: a?.pubtime ?? '',
        mp_name: a?.name ?? '',
        avatar: a?.avatar ?? '',
        // 0 normal, 1 fake-traffic (spec §4); null while no verdict exists yet.
        status: a?.status === null || a?.status === undefined ? null : Number(a.status),
        forecast_fake: Number(a?.forecast_fake ?? 0),
        forecast_fake_per: Math.round(Number(a?.forecast_fake_per ?? 0) * 1000) / 1000,
        created_at: r.created_at,
      };
    }),
  };
}
