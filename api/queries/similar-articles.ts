import { STRIP_RE, signatureColumns } from '../../clickhouse/article-signatures';
import type { AnalyticsStore } from '../../clickhouse/store';
import type { ArticleItem, SimilarItem } from '../../contract/shapes/follow';

/**
 * Similar articles (follow/v1/similar_article) and the follow feed (follow_account_article).
 *
 * Match degree between the article and a candidate, 0–1 (docs/analytics.md):
 *   0.7 × Jaccard(title bigrams) + 0.1 × Jaccard(digest bigrams) + 0.2 × same industry (media)
 * Bigrams are of characters after lower-casing and removing whitespace, punctuation and symbols; Jaccard of two
 * empty sets is 0. Candidates share an LSH band with the article's title (article_bands), were published within
 * SIMILAR_WINDOW_DAYS before or after it, and have title similarity ≥ MIN_TITLE_SIMILARITY; the article itself is
 * excluded. Order: match degree, then reads, then newer first; ties end on (mid, aid).
 */
export const MATCH_WEIGHTS = { title: 0.7, digest: 0.1, industry: 0.2 } as const;
export const SIMILAR_WINDOW_DAYS = 30;
export const MIN_TITLE_SIMILARITY = 0.2;

/** Jaccard similarity of two sorted distinct hash arrays; 0 when both are empty. */
const jaccard = (a: string, b: string) =>
  `if(length(${a}) + length(${b}) = 0, 0,
     length(arrayIntersect(${a}, ${b})) / (length(${a}) + length(${b}) - length(arrayIntersect(${a}, ${b}))))`;

export interface ArticleRef {
  mid: number;
  aid: string;
}

/**
 * The articles an (aid, optional mid) or a link points at. An aid is only unique within an account, so an aid
 * alone may match several; the caller decides what to do then.
 */
export async function findArticles(
  store: AnalyticsStore,
  q: { mid: number | null; aid: string } | { href: string },
): Promise<ArticleRef[]> {
  const rows =
    'href' in q
      ? await store.query<{ m: string; aid: string }>(
          `SELECT DISTINCT toString(mid) AS m, aid FROM articles WHERE href = {href:String} LIMIT 2`,
          { href: q.href },
        )
      : await store.query<{ m: string; aid: string }>(
          `SELECT DISTINCT toString(mid) AS m, aid FROM articles
           WHERE aid = {aid:String} AND ({mid:UInt64} = 0 OR mid = {mid:UInt64}) LIMIT 2`,
          { aid: q.aid, mid: q.mid ?? 0 },
        );
  return rows.map((r) => ({ mid: Number(r.m), aid: r.aid }));
}

export interface ArticleRow {
  mid: string;
  aid: string;
  idx: string;
  title: string;
  href: string;
  pubtime: string;
  reads: string;
  likes: string;
  looking: string;
  name: string;
  avatar: string;
  media: string;
  avg_reads: number;
  total: string;
}

interface SimilarRow extends ArticleRow {
  title_sim: number;
  digest_sim: number;
  same_media: string;
  match: number;
}

export type { ArticleItem, SimilarItem };

const round2 = (n: number) => Math.round(n * 100) / 100;

export const item = (r: ArticleRow): ArticleItem => {
  const avg = Number(r.avg_reads) || 0;
  const reads = Number(r.reads ?? 0);
  return {
    position: Number(r.idx),
    idx: Number(r.idx),
    title: r.title,
    href: r.href,
    avatar: r.avatar ?? '',
    mp_name: r.name ?? '',
    mid: Number(r.mid),
    aid: r.aid,
    media: r.media ?? '',
    quality_num: avg > 0 ? round2(reads / avg) : 0,
    read: reads,
    zan: Number(r.likes ?? 0),
    looking: Number(r.looking ?? 0),
    pubtime: r.pubtime,
  };
};

/**
 * Title, link, counters, account name, avatar and average reads joined to rows `k` (mid, aid). `keys` is a
 * subquery of the same (mid, aid) and `mids` one of their accounts, each cheap to repeat: every join reads only
 * those accounts' rows.
 */
export const details = (keys: string, mids: string) => `LEFT JOIN (
       SELECT mid, aid, idx, title, href, toString(pubtime) AS pubtime FROM articles FINAL
       WHERE mid IN (${mids}) AND (mid, aid) IN (${keys})
     ) AS a ON a.mid = k.mid AND a.aid = k.aid
     LEFT JOIN (
       SELECT mid, aid, reads, likes, looking FROM article_metrics FINAL
       WHERE mid IN (${mids}) AND (mid, aid) IN (${keys})
     ) AS m ON m.mid = k.mid AND m.aid = k.aid
     LEFT JOIN (SELECT mid, name, avatar, media FROM accounts_effective WHERE mid IN (${mids})) AS ac ON ac.mid = k.mid
     LEFT JOIN (SELECT mid, avg_reads FROM account_stats FINAL WHERE mid IN (${mids})) AS st ON st.mid = k.mid`;

export const DETAIL_COLUMNS = `toString(k.mid) AS mid, k.aid AS aid, a.idx AS idx, a.title AS title, a.href AS href,
       a.pubtime AS pubtime, m.reads AS reads, m.likes AS likes, m.looking AS looking, ac.name AS name,
       ac.avatar AS avatar, ac.media AS media, st.avg_reads AS avg_reads`;

/**
 * Candidates: articles sharing an LSH band with the article, published within the window, not the article.
 * Band keys are an index lookup on article_bands' sorting key.
 */
const CANDIDATES = `SELECT DISTINCT mid, aid FROM article_bands
       WHERE has(me_bands, band)
         AND pubtime >= me_pub - INTERVAL {days:UInt32} DAY AND pubtime <= me_pub + INTERVAL {days:UInt32} DAY
         AND toDate(pubtime) >= {since:Date}
         AND NOT (mid = {mid:UInt64} AND aid = {aid:String})`;

export async function similarArticles(
  store: AnalyticsStore,
  q: ArticleRef & { page: number; size: number; top?: boolean; since: string },
): Promise<{ total: number; rows: SimilarItem[] }> {
  const w = MATCH_WEIGHTS;
  // The article's signature is computed from its row (so an article not yet signed works too), once: scalar
  // WITH values are evaluated before the query runs. Aggregates answer one row even when the article or its
  // account is missing.
  const rows = await store.query<SimilarRow>(
    `WITH
     (SELECT tuple(any(pubtime), any(title_grams), any(digest_grams), any(bands)) FROM (
        SELECT pubtime, ${signatureColumns} FROM articles FINAL
        WHERE mid = {mid:UInt64} AND aid = {aid:String} LIMIT 1)) AS me,
     tupleElement(me, 1) AS me_pub,
     tupleElement(me, 2) AS me_title,
     tupleElement(me, 3) AS me_digest,
     tupleElement(me, 4) AS me_bands,
     (SELECT any(toString(media)) FROM accounts_effective WHERE mid = {mid:UInt64}) AS me_media
     SELECT ${DETAIL_COLUMNS}, k.title_sim AS title_sim, k.digest_sim AS digest_sim,
       ac.media != '' AND ac.media = me_media AS same_media,
       round(${w.title} * k.title_sim + ${w.digest} * k.digest_sim + ${w.industry} * same_media, 3) AS match,
       count() OVER () AS total
     FROM (
       SELECT mid, aid,
         ${jaccard('title_grams', 'me_title')} AS title_sim,
         ${jaccard('digest_grams', 'me_digest')} AS digest_sim
       FROM article_signatures FINAL
       WHERE mid IN (SELECT mid FROM (${CANDIDATES})) AND (mid, aid) IN (${CANDIDATES})
         AND title_sim >= {minSim:Float64}
         AND ({top:UInt8} = 0 OR endsWith(aid, '_1'))
     ) AS k
     ${details(CANDIDATES, `SELECT mid FROM (${CANDIDATES})`)}
     ORDER BY match DESC, reads DESC, pubtime DESC, k.mid ASC, k.aid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    {
      mid: q.mid,
      aid: q.aid,
      days: SIMILAR_WINDOW_DAYS,
      since: q.since,
      minSim: MIN_TITLE_SIMILARITY,
      stripRe: STRIP_RE,
      top: q.top ? 1 : 0,
      limit: q.size,
      offset: (q.page - 1) * q.size,
    },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({
      ...item(r),
      match: Number(r.match),
      title_similarity: Math.round(Number(r.title_sim) * 1000) / 1000,
      digest_similarity: Math.round(Number(r.digest_sim) * 1000) / 1000,
      same_media: Number(r.same_media) === 1,
    })),
  };
}

/** The follow feed: newest articles of a set of accounts, headline first within a push. */
export async function followedArticles(
  store: AnalyticsStore,
  q: { mids: number[]; page: number; size: number; since: string },
): Promise<{ total: number; rows: ArticleItem[] }> {
  const rows = await store.query<ArticleRow>(
    `SELECT ${DETAIL_COLUMNS}, k.total AS total
     FROM (
       SELECT mid, aid, pubtime, idx, count() OVER () AS total FROM articles FINAL
       WHERE mid IN {mids:Array(UInt64)} AND toDate(pubtime) >= {since:Date}
       ORDER BY pubtime DESC, mid ASC, idx ASC, aid ASC
       LIMIT {limit:UInt32} OFFSET {offset:UInt32}
     ) AS k
     ${details('SELECT mid, aid FROM articles WHERE mid IN {mids:Array(UInt64)}', 'SELECT arrayJoin({mids:Array(UInt64)})')}
     ORDER BY k.pubtime DESC, k.mid ASC, k.idx ASC, k.aid ASC`,
    { mids: q.mids, since: q.since, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map(item) };
}
