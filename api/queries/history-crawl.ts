import type { AnalyticsStore } from '../../clickhouse/store';
import type {
  WindowArticle,
  WindowArticleText,
  WindowMonth,
  WindowStorage,
} from '../../contract/shapes/history-crawl';
import { ORIGINAL_CODE } from '../../core/copyright';

/**
 * What the history back-collection calls read from ClickHouse: where each order stands (crawl_progress, the
 * collectors' newest report by `at`) and what its window holds (articles, article_snapshots, article_latest).
 * An order's articles are the account's articles published inside its window (and at its position, when one was
 * chosen): article rows are keyed by (mid, aid), so the back-collection and any earlier crawl wrote the same rows.
 */

export interface CrawlProgress {
  state: 'running' | 'done' | 'failed';
  pages: number;
  articles: number;
  snapshots: number;
  /** Oldest push reached so far (Beijing time), '' before the first page. */
  covered_from: string;
  percent: number;
  message: string;
  at_ms: number;
}

/** The newest collector report of each request. */
export async function crawlProgress(
  store: AnalyticsStore,
  requestIds: string[],
): Promise<Map<string, CrawlProgress>> {
  const out = new Map<string, CrawlProgress>();
  if (requestIds.length === 0) return out;
  const rows = await store.query<CrawlProgress & { request_id: string }>(
    `SELECT request_id, state, pages, articles, snapshots, ifNull(toString(covered_from), '') AS covered_from,
       percent, message, toUnixTimestamp64Milli(at) AS at_ms
     FROM crawl_progress FINAL WHERE request_id IN {ids:Array(String)}`,
    { ids: requestIds },
  );
  for (const r of rows)
    out.set(r.request_id, {
      state: r.state,
      pages: Number(r.pages),
      articles: Number(r.articles),
      snapshots: Number(r.snapshots),
      covered_from: r.covered_from,
      percent: Math.round(Number(r.percent)),
      message: r.message,
      at_ms: Number(r.at_ms),
    });
  return out;
}

/**
 * Whether a finished back-collection's articles are all in ClickHouse: the collector reports done after publishing
 * them, but the stream writes each topic in its own batches, so the report can land a moment before the last
 * articles. Everything it collected was published at or after `covered_from` (its oldest push).
 */
export async function articlesLanded(
  store: AnalyticsStore,
  mid: number,
  p: Pick<CrawlProgress, 'articles' | 'covered_from'>,
): Promise<boolean> {
  if (p.articles === 0 || p.covered_from === '') return true;
  const [r] = await store.query<{ n: string }>(
    `SELECT count() AS n FROM articles FINAL
     WHERE mid = {mid:UInt64} AND pubtime >= toDateTime({from:String}, 'Asia/Shanghai')`,
    { mid, from: p.covered_from },
  );
  return Number(r?.n ?? 0) >= p.articles;
}

/** An order's window as query parameters: the account, publish times [from, to] in unix seconds, position (0 all). */
export interface CrawlWindow {
  mid: number;
  from: number;
  to: number;
  position: number;
}

const IN_WINDOW = `mid = {mid:UInt64}
  AND pubtime >= toDateTime({from:UInt32}, 'Asia/Shanghai') AND pubtime <= toDateTime({to:UInt32}, 'Asia/Shanghai')
  AND ({position:UInt8} = 0 OR idx = {position:UInt8})`;

const windowParams = (w: CrawlWindow) => ({ mid: w.mid, from: w.from, to: w.to, position: w.position });

/** Latest counters of the account's articles (optionally only those matching `where`). */
const latest = (where = '1') => `SELECT aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes,
    argMaxMerge(looking) AS looking, argMaxMerge(shares) AS shares, argMaxMerge(comments) AS comments
  FROM article_latest WHERE mid = {mid:UInt64} AND ${where} GROUP BY aid`;

/** What the window holds: articles, pushes, originals, articles with body text, counter snapshots, totals, by month. */
export async function windowStorage(store: AnalyticsStore, w: CrawlWindow): Promise<WindowStorage> {
  const params = windowParams(w);
  const [months, snaps] = await Promise.all([
    store.query<WindowMonth & { oldest: string; newest: string; with_content: number }>(
      `SELECT formatDateTime(a.pubtime, '%Y-%m') AS month, count() AS articles, uniqExact(a.msgid) AS posts,
         countIf(a.copyright_stat = ${ORIGINAL_CODE}) AS originals, countIf(a.content != '') AS with_content,
         sum(l.reads) AS reads, sum(l.likes) AS likes, sum(l.looking) AS looking,
         toString(min(a.pubtime)) AS oldest, toString(max(a.pubtime)) AS newest
       FROM (SELECT aid, msgid, pubtime, copyright_stat, content FROM articles FINAL WHERE ${IN_WINDOW}) AS a
       LEFT JOIN (${latest()}) AS l ON l.aid = a.aid
       GROUP BY month ORDER BY month DESC`,
      params,
    ),
    store.query<{ n: number }>(
      `SELECT count() AS n FROM article_snapshots FINAL
       WHERE mid = {mid:UInt64} AND aid IN (SELECT aid FROM articles FINAL WHERE ${IN_WINDOW})`,
      params,
    ),
  ]);
  const sum = (k: 'articles' | 'posts' | 'originals' | 'with_content' | 'reads' | 'likes' | 'looking') =>
    months.reduce((n, m) => n + Number(m[k]), 0);
  return {
    articles: sum('articles'),
    // A push never spans two months (its articles share one publish time), so pushes add up by month.
    posts: sum('posts'),
    originals: sum('originals'),
    with_content: sum('with_content'),
    snapshots: Number(snaps[0]?.n ?? 0),
    reads: sum('reads'),
    likes: sum('likes'),
    looking: sum('looking'),
    oldest: months.map((m) => m.oldest).sort()[0] ?? '',
    newest:
      months
        .map((m) => m.newest)
        .sort()
        .at(-1) ?? '',
    by_month: months.map((m) => ({
      month: m.month,
      articles: Number(m.articles),
      posts: Number(m.posts),
      originals: Number(m.originals),
      reads: Number(m.reads),
      likes: Number(m.likes),
      looking: Number(m.looking),
    })),
  };
}

/** The window's articles, newest push first and by position within a push; `kw` matches the title. */
export async function windowArticles(
  store: AnalyticsStore,
  w: CrawlWindow,
  q: { kw: string; page: number; pagesize: number },
): Promise<{ total: number; rows: WindowArticle[] }> {
  const rows = await store.query<WindowArticle & { total: number }>(
    `SELECT a.aid AS aid, a.idx AS position, a.title AS title, a.digest AS digest, a.href AS href,
       toString(a.pubtime) AS pubtime, a.copyright_stat = ${ORIGINAL_CODE} AS tag,
       l.reads AS read, l.likes AS zan, l.looking AS looking, l.shares AS share, l.comments AS comment,
       a.content != '' AS has_content, count() OVER () AS total
     FROM (SELECT aid, idx, title, digest, href, pubtime, copyright_stat, content FROM articles FINAL
           WHERE ${IN_WINDOW} AND ({kw:String} = '' OR positionCaseInsensitiveUTF8(title, {kw:String}) > 0)) AS a
     LEFT JOIN (${latest()}) AS l ON l.aid = a.aid
     ORDER BY a.pubtime DESC, a.idx ASC, a.aid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { ...windowParams(w), kw: q.kw, limit: q.pagesize, offset: (q.page - 1) * q.pagesize },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map(({ total: _, ...r }) => ({
      ...r,
      position: Number(r.position),
      tag: Number(r.tag),
      read: Number(r.read),
      zan: Number(r.zan),
      looking: Number(r.looking),
      share: Number(r.share),
      comment: Number(r.comment),
      has_content: Number(r.has_content),
    })),
  };
}

/** One article of the window with its body text; null when the window has no such article. */
export async function windowArticleText(
  store: AnalyticsStore,
  w: CrawlWindow,
  aid: string,
): Promise<WindowArticleText | null> {
  const [r] = await store.query<WindowArticleText>(
    `SELECT a.aid AS aid, a.idx AS position, a.title AS title, a.digest AS digest, a.href AS href,
       toString(a.pubtime) AS pubtime, a.copyright_stat = ${ORIGINAL_CODE} AS tag, a.author AS author, a.cover AS cover,
       a.source_url AS source_url, a.content AS content,
       l.reads AS read, l.likes AS zan, l.looking AS looking, l.shares AS share, l.comments AS comment
     FROM (SELECT * FROM articles FINAL WHERE ${IN_WINDOW} AND aid = {aid:String}) AS a
     LEFT JOIN (${latest('aid = {aid:String}')}) AS l ON l.aid = a.aid`,
    { ...windowParams(w), aid },
  );
  if (!r) return null;
  return {
    ...r,
    position: Number(r.position),
    tag: Number(r.tag),
    read: Number(r.read),
    zan: Number(r.zan),
    looking: Number(r.looking),
    share: Number(r.share),
    comment: Number(r.comment),
  };
}
