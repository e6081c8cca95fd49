import type { AnalyticsStore } from '../../clickhouse/store';
import type { OwnerHit } from '../../contract/shapes/accounts';

export type { OwnerHit };

/**
 * Owners (主体: accounts.owner) found by name, read from ClickHouse: how many collected accounts each has, their
 * industries and areas, and how many articles were fetched for them. Accounts without an owner belong to none.
 */

/**
 * Owners whose name contains `kw` (case-insensitive): the exact name first, then the most accounts, then the name,
 * so pages never overlap.
 */
export async function searchOwners(
  store: AnalyticsStore,
  q: { kw: string; page: number; size: number },
): Promise<{ total: number; list: OwnerHit[] }> {
  const rows = await store.query<Record<string, unknown>>(
    `WITH stats AS (SELECT mid, count() AS fetched, max(pubtime) AS last FROM articles FINAL GROUP BY mid)
     SELECT a.owner AS owner, count() AS accounts, groupUniqArray(a.media) AS media_list,
            groupUniqArray(a.area) AS area_list, sum(s.fetched) AS articles,
            if(sum(s.fetched) = 0, '', toString(max(s.last))) AS last_pub, count() OVER () AS total
     FROM (SELECT mid, owner, media, area FROM accounts FINAL
           WHERE owner != '' AND positionCaseInsensitiveUTF8(owner, {kw:String}) > 0) AS a
     LEFT JOIN stats AS s ON s.mid = a.mid
     GROUP BY a.owner
     ORDER BY lowerUTF8(a.owner) = lowerUTF8({kw:String}) DESC, accounts DESC, owner ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { kw: q.kw, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    list: rows.map((r) => ({
      owner: String(r.owner),
      accounts: Number(r.accounts),
      media: (r.media_list as string[]).filter(Boolean).sort(),
      areas: (r.area_list as string[]).filter(Boolean).sort(),
      articles: Number(r.articles ?? 0),
      last_pub: String(r.last_pub ?? ''),
    })),
  };
}

/** When each account last published (yyyy-mm-dd hh:mm:ss, Beijing), by mid; accounts without articles are absent. */
export async function lastPublished(store: AnalyticsStore, mids: number[]): Promise<Map<number, string>> {
  if (mids.length === 0) return new Map();
  const rows = await store.query<{ mid: number; last_pub: string }>(
    `SELECT mid, toString(max(pubtime)) AS last_pub FROM articles FINAL
     WHERE mid IN {mids:Array(UInt64)} GROUP BY mid`,
    { mids },
  );
  return new Map(rows.map((r) => [Number(r.mid), r.last_pub]));
}
