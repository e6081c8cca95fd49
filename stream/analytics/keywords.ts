import { BODY, HIT_COLUMNS, LATEST } from '../../clickhouse/keyword-hits';
import type { AnalyticsStore } from '../../clickhouse/store';
import { DIRTY as ANY_DIRTY, type DirtyWindow, TEXT_DIRTY } from './refresh';

/**
 * Keyword monitoring (舆情): which articles mention which subscribed terms (keyword_hits), computed inside
 * ClickHouse (INSERT … SELECT). Definitions: docs/analytics.md.
 *
 * - A term matches an article when it occurs, ignoring case, in the title, the digest or the body text.
 * - New articles are matched against every active term as their text arrives (article_text_dirty, a window of the
 *   processor's watermark); new counters only refresh the counters of existing hits, without re-reading text.
 * - A term that becomes active is matched once against the last KEYWORD_HISTORY_DAYS days (backfillKeyword),
 *   which the API runs when it activates the term.
 * Every row is recomputed from the facts and keyed by (keyword, day, mid, aid), so a re-run replaces itself.
 */

/**
 * multiSearch* functions take at most 255 needles, so the active terms go in chunks of this many; each chunk
 * is one pass over an article's text however many terms it holds.
 */
const NEEDLES_PER_PASS = 255;

const ACTIVE_TERMS = 'SELECT keyword FROM keyword_terms FINAL WHERE active = 1';

/** Hits of terms nobody follows any more are not shown, so with no active term there is nothing to keep. */
async function anyActiveTerm(store: AnalyticsStore): Promise<boolean> {
  const [terms] = await store.query<{ n: string }>(`SELECT count() AS n FROM (${ACTIVE_TERMS})`);
  return Number(terms?.n ?? 0) > 0;
}

/**
 * keyword_hits for the articles touched in a dirty window of the analytics processor:
 * 1. articles whose text arrived are matched against all active terms (a hit that no longer matches, after an
 *    edit, is replaced by a deleted row);
 * 2. hits of articles with new counters get those counters.
 * Run after the window's facts are in (the processor's tick), with the tick's version.
 */
export async function refreshKeywordHits(
  store: AnalyticsStore,
  w: DirtyWindow,
  version: number,
): Promise<void> {
  const params = { ...w, version };
  if (!(await anyActiveTerm(store))) return;
  await store.exec(
    `INSERT INTO keyword_hits (${HIT_COLUMNS})
     WITH (SELECT arraySplit((t, i) -> (i - 1) % ${NEEDLES_PER_PASS} = 0, terms, arrayEnumerate(terms))
           FROM (SELECT groupArray(keyword) AS terms FROM (${ACTIVE_TERMS}))) AS chunks
     SELECT m.keyword AS keyword, toDate(m.pubtime) AS day, m.mid AS mid, m.aid AS aid, m.pubtime AS pubtime,
       m.idx AS idx, m.title AS title, m.tpos > 0 AS in_title, m.bpos > 0 AS in_body,
       l.reads AS reads, l.likes AS likes, l.looking AS looking, 0 AS is_deleted, {version:UInt64} AS version
     FROM (
       SELECT mid, aid, pubtime, idx, title, keyword, tpos, bpos FROM (
         SELECT mid, aid, pubtime, idx, title, chunk,
           multiSearchAllPositionsCaseInsensitiveUTF8(title, chunk) AS tps,
           multiSearchAllPositionsCaseInsensitiveUTF8(body, chunk) AS bps
         FROM (
           SELECT mid, aid, pubtime, idx, title, ${BODY} AS body FROM articles FINAL
           WHERE mid IN (SELECT mid FROM (${TEXT_DIRTY})) AND (mid, aid) IN (${TEXT_DIRTY})
         )
         ARRAY JOIN chunks AS chunk
       )
       ARRAY JOIN chunk AS keyword, tps AS tpos, bps AS bpos
       WHERE tpos > 0 OR bpos > 0
     ) AS m
     LEFT JOIN (${LATEST(`mid IN (SELECT mid FROM (${TEXT_DIRTY}))`)}) AS l ON l.mid = m.mid AND l.aid = m.aid`,
    params,
  );
  // Hits of those articles and active terms that step 1 did not rewrite no longer match. (The filter sits in a
  // subquery: in the outer SELECT, `version` would name the new rows' alias, not the column.)
  await store.exec(
    `INSERT INTO keyword_hits (${HIT_COLUMNS})
     SELECT keyword, day, mid, aid, pubtime, idx, title, in_title, in_body, reads, likes, looking,
       1 AS is_deleted, {version:UInt64} AS version
     FROM (
       SELECT * FROM keyword_hits FINAL
       WHERE mid IN (SELECT mid FROM (${TEXT_DIRTY})) AND (mid, aid) IN (${TEXT_DIRTY})
         AND keyword IN (${ACTIVE_TERMS}) AND version < {version:UInt64}
     )`,
    params,
  );
  // New counters: only hits whose counters changed are rewritten.
  await refreshKeywordCounters(store, w, version);
}

/** Hits of the articles with new counters in the window get those counters (no text is read). */
export async function refreshKeywordCounters(
  store: AnalyticsStore,
  w: DirtyWindow,
  version: number,
): Promise<void> {
  if (!(await anyActiveTerm(store))) return;
  await store.exec(
    `INSERT INTO keyword_hits (${HIT_COLUMNS})
     SELECT h.keyword AS keyword, h.day AS day, h.mid AS mid, h.aid AS aid, h.pubtime AS pubtime, h.idx AS idx,
       h.title AS title, h.in_title AS in_title, h.in_body AS in_body,
       l.reads AS reads, l.likes AS likes, l.looking AS looking, 0 AS is_deleted, {version:UInt64} AS version
     FROM (
       SELECT * FROM keyword_hits FINAL
       WHERE day IN (
           SELECT DISTINCT toDate(pubtime) FROM articles
           WHERE mid IN (SELECT mid FROM (${ANY_DIRTY})) AND (mid, aid) IN (${ANY_DIRTY})
         )
         AND (mid, aid) IN (${ANY_DIRTY})
     ) AS h
     INNER JOIN (${LATEST(`(mid, aid) IN (SELECT mid, aid FROM keyword_hits WHERE (mid, aid) IN (${ANY_DIRTY}))`)}) AS l
       ON l.mid = h.mid AND l.aid = h.aid
     WHERE (l.reads, l.likes, l.looking) != (h.reads, h.likes, h.looking)`,
    { ...w, version },
  );
}
