import type { AnalyticsStore } from '../../clickhouse/store';
import type {
  ArticleListPage,
  ListArticle,
  ListInput,
  ListRules,
  ListSort,
} from '../../contract/shapes/lists';
import { addDays, beijingDay } from '../../core/periods';

/**
 * 低粉爆文 and 今日热文 over article_metrics (latest counters per article, kept by the analytics processor within
 * a tick of new data) joined with account_stats. Thresholds are settings applied at read time, so changing
 * one needs no recomputation. Definitions: docs/analytics.md.
 */
export interface ListSettings {
  /** 低粉爆文: at least this many reads … */
  burstMinReads: number;
  /** … and at least this many times the account's median reads (30 days) … */
  burstMinRatio: number;
  /** … from an account whose estimated active fans are at most this. */
  burstMaxFans: number;
  /** 今日热文: articles published today with at least this many reads. */
  hotMinReads: number;
}

export const LIST_SORTS: Record<ListSort, string> = {
  read: 'm.reads DESC',
  zan: 'm.likes DESC',
  looking: 'm.looking DESC',
  pubtime: 'm.pubtime DESC',
  ratio: 'ratio DESC',
};
export type { ListSort };

export interface ListQuery {
  media: string | null;
  minRead: number | null;
  maxRead: number | null;
  original: boolean;
  sort: ListSort;
  page: number;
  size: number;
  nowMs: number;
}

/** The lists' filters (contract/shapes/lists.ts listInput) as a query. */
export const listQueryOf = (q: ListInput, nowMs: number): ListQuery => ({
  media: q.media || null,
  minRead: q.min_read ?? null,
  maxRead: q.max_read ?? null,
  original: q.original === '1',
  sort: q.sort,
  page: q.page,
  size: q.num,
  nowMs,
});

interface Row {
  mid: string;
  aid: string;
  idx: string;
  title: string;
  href: string;
  pubtime: string;
  original: string;
  media: string;
  area: string;
  reads: string;
  likes: string;
  looking: string;
  fans: string;
  median_reads: string;
  avg_reads: number;
  avg_likes: number;
  ratio: number;
  name: string;
  wxid: string;
  avatar: string;
  total: string;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function mapRow(r: Row): ListArticle {
  const reads = Number(r.reads);
  const likes = Number(r.likes);
  return {
    mid: Number(r.mid),
    aid: r.aid,
    position: Number(r.idx),
    tag: Number(r.original) ? 1 : 0,
    title: r.title,
    href: r.href,
    pubtime: r.pubtime,
    media: r.media,
    area: r.area,
    read: reads,
    zan: likes,
    looking: Number(r.looking),
    mp_name: r.name,
    name: r.name,
    wxid: r.wxid,
    avatar: r.avatar,
    fans: Number(r.fans),
    /** Reads ÷ the account's median reads over 30 days: how far above its usual the article went. */
    burst_ratio: round2(Number(r.ratio)),
    /** Relative read quality and like value (spec): ÷ the account's average. */
    quality_num: r.avg_reads > 0 ? round2(reads / r.avg_reads) : 0,
    relative_zan: r.avg_likes > 0 ? round2(likes / r.avg_likes) : 0,
  };
}

const ACCOUNT_JOIN = `LEFT JOIN (SELECT mid, name, wxid, avatar FROM accounts FINAL) AS a ON a.mid = m.mid`;

function filters(q: ListQuery): string {
  return [
    q.media ? 'media = {media:String}' : '1',
    q.minRead !== null ? 'reads >= {minRead:UInt32}' : '1',
    q.maxRead !== null ? 'reads <= {maxRead:UInt32}' : '1',
    q.original ? 'original = 1' : '1',
  ].join(' AND ');
}

/** Bound parameters shared by the lists. */
const params = (q: ListQuery, today: string, settings?: ListSettings) => ({
  ...settings,
  today,
  now: q.nowMs,
  media: q.media ?? '',
  minRead: q.minRead ?? 0,
  maxRead: q.maxRead ?? 0,
  limit: q.size,
  offset: (q.page - 1) * q.size,
});

const SELECT = `toString(m.mid) AS mid, m.aid AS aid, m.idx AS idx, m.title AS title, m.href AS href,
  toString(m.pubtime) AS pubtime, m.original AS original, m.media AS media, m.area AS area, m.reads AS reads,
  m.likes AS likes, m.looking AS looking, s.fans AS fans, s.median_reads AS median_reads, s.avg_reads AS avg_reads,
  s.avg_likes AS avg_likes, if(s.median_reads = 0, 0, m.reads / s.median_reads) AS ratio,
  a.name AS name, a.wxid AS wxid, a.avatar AS avatar, count() OVER () AS total`;

/** 低粉爆文 published in the last `days` days (including today). */
export async function burstArticles(
  store: AnalyticsStore,
  settings: ListSettings,
  q: ListQuery & { days: number },
): Promise<ArticleListPage> {
  const today = beijingDay(q.nowMs);
  const rows = await store.query<Row>(
    `SELECT ${SELECT}
     FROM (
       SELECT * FROM article_metrics FINAL
       WHERE day > {from:Date} AND day <= {today:Date} AND reads >= {burstMinReads:UInt32} AND ${filters(q)}
     ) AS m
     INNER JOIN (
       SELECT mid, fans, median_reads, avg_reads, avg_likes FROM account_stats FINAL
       WHERE fans > 0 AND fans <= {burstMaxFans:UInt32}
     ) AS s ON s.mid = m.mid
     ${ACCOUNT_JOIN}
     WHERE m.reads >= {burstMinRatio:Float64} * s.median_reads
     ORDER BY ${LIST_SORTS[q.sort]}, m.mid, m.aid
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { ...params(q, today, settings), from: addDays(today, -q.days) },
  );
  return { total: Number(rows[0]?.total ?? 0), article_list: rows.map(mapRow) };
}

/** 今日热文: today's (Beijing) articles by reads so far. */
export async function todayHotArticles(
  store: AnalyticsStore,
  settings: ListSettings,
  q: ListQuery,
): Promise<ArticleListPage> {
  const today = beijingDay(q.nowMs);
  const rows = await store.query<Row>(
    `SELECT ${SELECT}
     FROM (
       SELECT * FROM article_metrics FINAL
       WHERE day = {today:Date} AND pubtime <= fromUnixTimestamp64Milli({now:Int64}) AND reads >= {hotMinReads:UInt32}
         AND ${filters(q)}
     ) AS m
     LEFT JOIN (SELECT mid, fans, median_reads, avg_reads, avg_likes FROM account_stats FINAL) AS s ON s.mid = m.mid
     ${ACCOUNT_JOIN}
     ORDER BY ${LIST_SORTS[q.sort]}, m.mid, m.aid
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    params(q, today, settings),
  );
  return { total: Number(rows[0]?.total ?? 0), article_list: rows.map(mapRow) };
}

/** Article search by title (article_search_/title): published in the last `days` days, the lists' filters. */
export async function titleSearchArticles(
  store: AnalyticsStore,
  q: ListQuery & { kw: string; days: number; since: string },
): Promise<ArticleListPage> {
  const today = beijingDay(q.nowMs);
  const rows = await store.query<Row>(
    `SELECT ${SELECT}
     FROM (
       SELECT * FROM article_metrics FINAL
       WHERE day > {from:Date} AND day >= {since:Date} AND day <= {today:Date}
         AND positionCaseInsensitiveUTF8(title, {kw:String}) > 0
         AND ${filters(q)}
     ) AS m
     LEFT JOIN (SELECT mid, fans, median_reads, avg_reads, avg_likes FROM account_stats FINAL) AS s ON s.mid = m.mid
     ${ACCOUNT_JOIN}
     ORDER BY ${LIST_SORTS[q.sort]}, m.mid, m.aid
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { ...params(q, today), kw: q.kw, from: addDays(today, -q.days), since: q.since },
  );
  return { total: Number(rows[0]?.total ?? 0), article_list: rows.map(mapRow) };
}

/**
 * An account's hot articles (article_hot): reads at least `quality` × its average, most read first, published on or
 * after `since` (the caller's history depth).
 */
export async function accountHotArticles(
  store: AnalyticsStore,
  q: { mid: number; quality: number; num: number; since: string },
): Promise<ArticleListPage> {
  const rows = await store.query<Row>(
    `SELECT ${SELECT}
     FROM (SELECT * FROM article_metrics FINAL WHERE mid = {mid:UInt64} AND toDate(pubtime) >= {since:Date}) AS m
     INNER JOIN (SELECT mid, fans, median_reads, avg_reads, avg_likes FROM account_stats FINAL WHERE mid = {mid:UInt64})
       AS s ON s.mid = m.mid
     ${ACCOUNT_JOIN}
     WHERE s.avg_reads > 0 AND m.reads >= {quality:Float64} * s.avg_reads
     ORDER BY m.reads DESC, m.aid
     LIMIT {limit:UInt32}`,
    { mid: q.mid, quality: q.quality, since: q.since, limit: q.num },
  );
  return { total: Number(rows[0]?.total ?? 0), article_list: rows.map(mapRow) };
}

/** The definitions as the pages show them. */
export function listRules(s: ListSettings): ListRules {
  return {
    burst: {
      text: `低粉爆文：估算活跃粉丝不超过 ${s.burstMaxFans.toLocaleString('zh-CN')} 的公众号发布、阅读数不低于 ${s.burstMinReads.toLocaleString('zh-CN')} 且达到该号近 30 天阅读中位数 ${s.burstMinRatio} 倍以上的文章`,
      min_read: s.burstMinReads,
      min_ratio: s.burstMinRatio,
      max_fans: s.burstMaxFans,
    },
    hot: {
      text: `今日热文：今天（北京时间）发布、阅读数不低于 ${s.hotMinReads.toLocaleString('zh-CN')} 的文章，按当前阅读数排序，新数据到达后一分钟内更新`,
      min_read: s.hotMinReads,
    },
  };
}

/** The lists' row shape and columns, for other article lists over article_metrics (original/v1 hotarticle). */
export {
  ACCOUNT_JOIN as LIST_ACCOUNT_JOIN,
  mapRow as listArticle,
  type Row as ListRow,
  SELECT as LIST_COLUMNS,
};
