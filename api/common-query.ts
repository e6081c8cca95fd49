import type { AnalyticsStore } from '../clickhouse/store';
import { FIGURES, type Minipro, type MiniproRaw, minipro } from './minipro-query';

/** ClickHouse reads behind common/v1 area_list and same_owner_minipro. */

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

/** The owner (主体) of a mini-program as its profile named it; '' when not known (yet). */
export async function miniproOwner(store: AnalyticsStore, appid: string): Promise<string> {
  const [r] = await store.query<{ owner: string }>(
    'SELECT owner FROM miniprogram_owners FINAL WHERE appid = {appid:String}',
    { appid },
  );
  return r?.owner ?? '';
}

export interface OwnedMinipro extends Minipro {
  owner: string;
}

/**
 * The mini-programs of one owner (miniprogram_owners), but `except`, with their exposure figures (as minipro_search),
 * most exposed first, paged.
 */
export async function sameOwnerMinipros(
  store: AnalyticsStore,
  q: { owner: string; except: string; page: number; size: number; sinceS: number },
): Promise<{ total: number; rows: OwnedMinipro[] }> {
  const owned =
    'SELECT appid FROM miniprogram_owners FINAL WHERE owner = {owner:String} AND appid != {except:String}';
  const rows = await store.query<MiniproRaw>(
    `SELECT k.appid AS appid, mp.title AS title, mp.icon AS icon, mp.username AS username, mp.labels AS labels,
       mp.description AS description, f.exposure_num AS exposure_num, f.article_num AS article_num,
       f.account_num AS account_num, f.exposure_30d AS exposure_30d, f.article_30d AS article_30d,
       f.account_30d AS account_30d, toString(f.last_seen) AS last_seen, count() OVER () AS total
     FROM (${owned}) AS k
     LEFT JOIN (SELECT appid, title, icon, username, labels, description FROM miniprograms FINAL) AS mp
       ON mp.appid = k.appid
     LEFT JOIN (${FIGURES(owned)}) AS f ON f.appid = k.appid
     ORDER BY exposure_num DESC, appid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    {
      owner: q.owner,
      except: q.except,
      since: q.sinceS,
      limit: q.size,
      offset: (q.page - 1) * q.size,
    },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({ ...minipro(r), owner: q.owner })),
  };
}
