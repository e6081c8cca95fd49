import type { AnalyticsStore } from '../../clickhouse/store';

/** ClickHouse read behind common/v1 area_list: the regions of area_rank. */

export interface AreaRow {
  area: string;
  /** Collected accounts in the area. */
  accounts: number;
  /** Of them, ranked in the period's 地区榜 (rank/v1 area_rank: the composite ranking within the area). */
  ranked: number;
}

/** The areas of area_rank: every area of the collected accounts, with its account and ranked counts. */
export async function areaList(
  store: AnalyticsStore,
  q: { period: string; start: string },
): Promise<AreaRow[]> {
  const rows = await store.query<{ area: string; accounts: string; ranked: string }>(
    `SELECT a.area AS area, a.n AS accounts, r.n AS ranked
     FROM (SELECT area, count() AS n FROM accounts FINAL WHERE area != '' GROUP BY area) AS a
     LEFT JOIN (
       SELECT area, count() AS n FROM rankings FINAL
       WHERE rank_type = 'common' AND period = {period:String} AND period_start = {start:Date} AND area_rank > 0
       GROUP BY area
     ) AS r ON r.area = a.area
     ORDER BY accounts DESC, area ASC`,
    q,
  );
  return rows.map((r) => ({ area: r.area, accounts: Number(r.accounts), ranked: Number(r.ranked ?? 0) }));
}
