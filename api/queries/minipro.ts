import type { AnalyticsStore } from '../../clickhouse/store';
import type {
  Minipro,
  MiniproAccount,
  MiniproArticle,
  MiniproArticleSort,
  MiniproSort,
} from '../../contract/shapes/minipro';

/**
 * Mini-program (小程序) reads for search/v1 minipro_*. Exposure follows minipro_rank (docs/analytics.md): the
 * reads of the articles that embed the mini-program (article_miniprograms, from articles.miniprogram_appids),
 * with their latest counters (article_metrics). Figures are over everything crawled, and over articles published
 * in the last 30 days.
 */

export const MINIPRO_SORTS = {
  exposure: 'exposure_num',
  article: 'article_num',
  account: 'account_num',
} as const satisfies Record<MiniproSort, string>;

/** Per-appid exposure figures of the appids `appids` (a subquery) selects. */
export const FIGURES = (appids: string) => `SELECT am.appid AS appid,
       sum(m.reads) AS exposure_num, count() AS article_num, uniqExact(am.mid) AS account_num,
       sumIf(m.reads, am.pubtime >= {since:DateTime}) AS exposure_30d,
       countIf(am.pubtime >= {since:DateTime}) AS article_30d,
       uniqExactIf(am.mid, am.pubtime >= {since:DateTime}) AS account_30d,
       max(am.pubtime) AS last_seen
     FROM (SELECT appid, mid, aid, pubtime FROM article_miniprograms FINAL WHERE appid IN (${appids})) AS am
     LEFT JOIN (
       SELECT mid, aid, reads FROM article_metrics FINAL
       WHERE (mid, aid) IN (SELECT mid, aid FROM article_miniprograms WHERE appid IN (${appids}))
     ) AS m ON m.mid = am.mid AND m.aid = am.aid
     GROUP BY am.appid`;

/** A mini-program card as the spec's mini-program tab shows it (also a minipro_rank row's body). */
export type { MiniproCard } from '../../contract/shapes/rankings';

export type { Minipro, MiniproAccount, MiniproArticle };

export type MiniproRaw = Record<string, string | number | string[]>;
type Raw = MiniproRaw;

export const minipro = (r: Raw): Minipro => ({
  appid: String(r.appid),
  title: String(r.title ?? ''),
  icon: String(r.icon ?? ''),
  username: String(r.username ?? ''),
  labels: (r.labels as string[]) ?? [],
  desc: String(r.description ?? ''),
  exposure_num: Number(r.exposure_num ?? 0),
  article_num: Number(r.article_num ?? 0),
  account_num: Number(r.account_num ?? 0),
  exposure_30d: Number(r.exposure_30d ?? 0),
  article_30d: Number(r.article_30d ?? 0),
  account_30d: Number(r.account_30d ?? 0),
  last_seen: Number(r.article_num ?? 0) > 0 ? String(r.last_seen) : '',
});

/** Every known appid: described (miniprograms) or only seen embedded in articles. */
const KNOWN = `SELECT appid FROM miniprograms UNION DISTINCT SELECT appid FROM article_miniprograms`;

/** Mini-programs whose title, appid, username or description contains `kw`, with their exposure figures. */
export async function searchMinipros(
  store: AnalyticsStore,
  q: { kw: string; sort: MiniproSort; page: number; size: number; sinceS: number },
): Promise<{ total: number; rows: Minipro[] }> {
  const matched = `SELECT appid FROM (${KNOWN}) AS k
       LEFT JOIN (SELECT appid, title, username, description FROM miniprograms FINAL) AS mp ON mp.appid = k.appid
       WHERE positionCaseInsensitiveUTF8(k.appid, {kw:String}) > 0 OR positionCaseInsensitiveUTF8(mp.title, {kw:String}) > 0
         OR positionCaseInsensitiveUTF8(mp.username, {kw:String}) > 0
         OR positionCaseInsensitiveUTF8(mp.description, {kw:String}) > 0`;
  const rows = await store.query<Raw>(
    `SELECT k.appid AS appid, mp.title AS title, mp.icon AS icon, mp.username AS username, mp.labels AS labels,
       mp.description AS description, f.exposure_num AS exposure_num, f.article_num AS article_num,
       f.account_num AS account_num, f.exposure_30d AS exposure_30d, f.article_30d AS article_30d,
       f.account_30d AS account_30d, toString(f.last_seen) AS last_seen, count() OVER () AS total
     FROM (${matched}) AS k
     LEFT JOIN (SELECT appid, title, icon, username, labels, description FROM miniprograms FINAL) AS mp
       ON mp.appid = k.appid
     LEFT JOIN (${FIGURES(matched)}) AS f ON f.appid = k.appid
     ORDER BY ${MINIPRO_SORTS[q.sort]} DESC, appid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { kw: q.kw, since: q.sinceS, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map(minipro) };
}

/** One mini-program with its exposure figures; null when the appid was never seen. */
export async function miniproDetail(
  store: AnalyticsStore,
  appid: string,
  sinceS: number,
): Promise<Minipro | null> {
  const one = `SELECT {appid:String}`;
  const [r] = await store.query<Raw>(
    `SELECT {appid:String} AS appid, mp.title AS title, mp.icon AS icon, mp.username AS username,
       mp.labels AS labels, mp.description AS description, f.exposure_num AS exposure_num,
       f.article_num AS article_num, f.account_num AS account_num, f.exposure_30d AS exposure_30d,
       f.article_30d AS article_30d, f.account_30d AS account_30d, toString(f.last_seen) AS last_seen,
       mp.known + f.article_num AS seen
     FROM (SELECT 1) AS x
     LEFT JOIN (SELECT appid, title, icon, username, labels, description, 1 AS known FROM miniprograms FINAL
                WHERE appid = {appid:String} LIMIT 1) AS mp ON 1 = 1
     LEFT JOIN (${FIGURES(one)}) AS f ON 1 = 1`,
    { appid, since: sinceS },
  );
  return r && Number(r.seen) > 0 ? minipro(r) : null;
}

export const MINIPRO_ARTICLE_SORTS = { pubtime: 'pubtime_ts', read: 'reads' } as const satisfies Record<
  MiniproArticleSort,
  string
>;

/** Articles that embed the mini-program, published on or after `since` (the caller's history depth). */
export async function miniproArticles(
  store: AnalyticsStore,
  q: { appid: string; sort: MiniproArticleSort; page: number; size: number; since: string },
): Promise<{ total: number; rows: MiniproArticle[] }> {
  const keys = 'SELECT mid, aid FROM article_miniprograms WHERE appid = {appid:String}';
  const rows = await store.query<Raw>(
    `SELECT toString(am.mid) AS mid, am.aid AS aid, ac.name AS name, ac.avatar AS avatar, a.idx AS idx,
       a.title AS title, a.href AS href, toString(am.pubtime) AS pubtime, toUnixTimestamp(am.pubtime) AS pubtime_ts,
       m.reads AS reads, m.likes AS likes, m.looking AS looking, count() OVER () AS total
     FROM (SELECT mid, aid, pubtime FROM article_miniprograms FINAL
           WHERE appid = {appid:String} AND toDate(pubtime) >= {since:Date}) AS am
     LEFT JOIN (SELECT mid, aid, idx, title, href FROM articles FINAL
                WHERE mid IN (SELECT mid FROM (${keys})) AND (mid, aid) IN (${keys})) AS a
       ON a.mid = am.mid AND a.aid = am.aid
     LEFT JOIN (SELECT mid, aid, reads, likes, looking FROM article_metrics FINAL WHERE (mid, aid) IN (${keys})) AS m
       ON m.mid = am.mid AND m.aid = am.aid
     LEFT JOIN (SELECT mid, name, avatar FROM accounts FINAL WHERE mid IN (SELECT mid FROM (${keys}))) AS ac
       ON ac.mid = am.mid
     ORDER BY ${MINIPRO_ARTICLE_SORTS[q.sort]} DESC, am.mid ASC, am.aid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { appid: q.appid, since: q.since, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({
      mid: Number(r.mid),
      aid: String(r.aid),
      mp_name: String(r.name ?? ''),
      avatar: String(r.avatar ?? ''),
      position: Number(r.idx ?? 0),
      title: String(r.title ?? ''),
      href: String(r.href ?? ''),
      pubtime: String(r.pubtime),
      read: Number(r.reads ?? 0),
      zan: Number(r.likes ?? 0),
      looking: Number(r.looking ?? 0),
    })),
  };
}

/** Accounts whose articles embed the mini-program, by how many articles embed it. */
export async function miniproAccounts(
  store: AnalyticsStore,
  q: { appid: string; page: number; size: number },
): Promise<{ total: number; rows: MiniproAccount[] }> {
  const keys = 'SELECT mid, aid FROM article_miniprograms WHERE appid = {appid:String}';
  const rows = await store.query<Raw>(
    `SELECT toString(e.mid) AS mid, ac.name AS name, ac.wxid AS wxid, ac.avatar AS avatar, ac.media AS media,
       e.article_num AS article_num, e.exposure_num AS exposure_num, toString(e.last_pub) AS last_pub,
       count() OVER () AS total
     FROM (
       SELECT am.mid AS mid, count() AS article_num, sum(m.reads) AS exposure_num, max(am.pubtime) AS last_pub
       FROM (SELECT mid, aid, pubtime FROM article_miniprograms FINAL WHERE appid = {appid:String}) AS am
       LEFT JOIN (SELECT mid, aid, reads FROM article_metrics FINAL WHERE (mid, aid) IN (${keys})) AS m
         ON m.mid = am.mid AND m.aid = am.aid
       GROUP BY am.mid
     ) AS e
     LEFT JOIN (SELECT mid, name, wxid, avatar, media FROM accounts_effective WHERE mid IN (SELECT mid FROM (${keys})))
       AS ac ON ac.mid = e.mid
     ORDER BY e.article_num DESC, e.exposure_num DESC, e.mid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { appid: q.appid, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({
      mid: Number(r.mid),
      mp_name: String(r.name ?? ''),
      wxid: String(r.wxid ?? ''),
      avatar: String(r.avatar ?? ''),
      media: String(r.media ?? ''),
      article_num: Number(r.article_num),
      exposure_num: Number(r.exposure_num ?? 0),
      last_pubtime: String(r.last_pub),
    })),
  };
}

/** Sorts of an account's mini-program tab (spec §9: exposure, articles involved, accounts involved, total reads). */
export const ACCOUNT_MINIPRO_SORTS = { ...MINIPRO_SORTS, read: 'account_reads' } as const;
export type AccountMiniproSort = keyof typeof ACCOUNT_MINIPRO_SORTS;

export interface AccountMinipro extends Minipro {
  /** Articles of this account that embed it, and their reads. */
  account_articles: number;
  account_reads: number;
}

/** The mini-programs an account's articles embed (detail tab 4, original/v1 associated_applet). */
export async function accountMinipros(
  store: AnalyticsStore,
  q: { mid: number; sort: AccountMiniproSort; page: number; size: number; sinceS: number },
): Promise<{ total: number; rows: AccountMinipro[] }> {
  const mine = 'SELECT DISTINCT appid FROM article_miniprograms WHERE mid = {mid:UInt64}';
  const rows = await store.query<Raw & { account_articles: string; account_reads: string }>(
    `SELECT k.appid AS appid, mp.title AS title, mp.icon AS icon, mp.username AS username, mp.labels AS labels,
       mp.description AS description, f.exposure_num AS exposure_num, f.article_num AS article_num,
       f.account_num AS account_num, f.exposure_30d AS exposure_30d, f.article_30d AS article_30d,
       f.account_30d AS account_30d, toString(f.last_seen) AS last_seen,
       a.account_articles AS account_articles, a.account_reads AS account_reads, count() OVER () AS total
     FROM (${mine}) AS k
     LEFT JOIN (SELECT appid, title, icon, username, labels, description FROM miniprograms FINAL) AS mp
       ON mp.appid = k.appid
     LEFT JOIN (${FIGURES(mine)}) AS f ON f.appid = k.appid
     LEFT JOIN (
       SELECT am.appid AS appid, count() AS account_articles, sum(m.reads) AS account_reads
       FROM (SELECT appid, aid FROM article_miniprograms FINAL WHERE mid = {mid:UInt64}) AS am
       LEFT JOIN (SELECT aid, reads FROM article_metrics FINAL WHERE mid = {mid:UInt64}) AS m ON m.aid = am.aid
       GROUP BY am.appid
     ) AS a ON a.appid = k.appid
     ORDER BY ${ACCOUNT_MINIPRO_SORTS[q.sort]} DESC, appid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { mid: q.mid, since: q.sinceS, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({
      ...minipro(r),
      account_articles: Number(r.account_articles ?? 0),
      account_reads: Number(r.account_reads ?? 0),
    })),
  };
}

/** How many distinct mini-programs an account's articles embed (mp_detail associated_applet_total). */
export async function accountMiniproCount(store: AnalyticsStore, mid: number): Promise<number> {
  const [r] = await store.queryByKey<{ n: string }>(
    'SELECT mid AS key, uniqExact(appid) AS n FROM article_miniprograms WHERE mid IN {keys:Array(UInt64)} GROUP BY mid',
    mid,
  );
  return Number(r?.n ?? 0);
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
