import { addDays } from '../core/periods';
import type { AnalyticsStore } from './store';

/**
 * How keyword_hits rows are made (keyword monitoring, 舆情; docs/analytics.md), shared by the processor, which matches
 * new articles as their text arrives (stream/analytics/keywords.ts), and the API, which matches a newly subscribed
 * term against the recent history once when it activates it (api/keywords-query.ts).
 */

/** History a newly subscribed term is matched against, in Beijing calendar days including today. */
export const KEYWORD_HISTORY_DAYS = 30;

/** Latest counters of the articles of some accounts (article_latest is kept at insert by a view). */
export const LATEST = (
  midFilter: string,
) => `SELECT mid, aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes,
    argMaxMerge(looking) AS looking
  FROM article_latest WHERE ${midFilter} GROUP BY mid, aid`;

/** Digest and body as one text, joined by NUL: a term (PostgreSQL text) cannot hold NUL, so no match spans both. */
export const BODY = `concat(digest, char(0), content)`;

export const HIT_COLUMNS =
  'keyword, day, mid, aid, pubtime, idx, title, in_title, in_body, reads, likes, looking, is_deleted, version';

export interface BackfillOptions {
  /** Calendar days including today (default KEYWORD_HISTORY_DAYS). */
  sinceDays?: number;
  /** Beijing day 'YYYY-MM-DD' the window ends on (the platform clock's today). */
  today: string;
  version: number;
}

/**
 * Matches one term against the articles published in the last `sinceDays` days, once, when it becomes
 * active: later articles are matched as they arrive. Hits of the term in that window that no longer match are
 * replaced by deleted rows, so running it twice gives the same rows.
 */
export async function backfillKeyword(
  store: AnalyticsStore,
  keyword: string,
  opts: BackfillOptions,
): Promise<void> {
  const from = addDays(opts.today, -((opts.sinceDays ?? KEYWORD_HISTORY_DAYS) - 1));
  const params = { keyword, from, version: opts.version };
  const window = `pubtime >= toDateTime({from:Date}, 'Asia/Shanghai')`;
  const matches = `positionCaseInsensitiveUTF8(title, {keyword:String}) > 0
    OR positionCaseInsensitiveUTF8(${BODY}, {keyword:String}) > 0`;
  await store.exec(
    `INSERT INTO keyword_hits (${HIT_COLUMNS})
     SELECT {keyword:String} AS keyword, toDate(m.pubtime) AS day, m.mid AS mid, m.aid AS aid,
       m.pubtime AS pubtime, m.idx AS idx, m.title AS title,
       positionCaseInsensitiveUTF8(m.title, {keyword:String}) > 0 AS in_title,
       positionCaseInsensitiveUTF8(m.body, {keyword:String}) > 0 AS in_body,
       l.reads AS reads, l.likes AS likes, l.looking AS looking, 0 AS is_deleted, {version:UInt64} AS version
     FROM (
       SELECT mid, aid, pubtime, idx, title, ${BODY} AS body FROM articles FINAL WHERE ${window} AND (${matches})
     ) AS m
     LEFT JOIN (
       ${LATEST(`(mid, aid) IN (SELECT mid, aid FROM articles WHERE ${window} AND (${matches}))`)}
     ) AS l ON l.mid = m.mid AND l.aid = m.aid`,
    params,
  );
  await store.exec(
    `INSERT INTO keyword_hits (${HIT_COLUMNS})
     SELECT keyword, day, mid, aid, pubtime, idx, title, in_title, in_body, reads, likes, looking,
       1 AS is_deleted, {version:UInt64} AS version
     FROM (
       SELECT * FROM keyword_hits FINAL
       WHERE keyword = {keyword:String} AND day >= {from:Date} AND version < {version:UInt64}
     )`,
    params,
  );
}
