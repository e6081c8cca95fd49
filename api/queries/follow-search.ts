import type { AnalyticsStore } from '../../clickhouse/store';
import type { FollowSearchOrder, FollowSearchScope } from '../../contract/shapes/follow';
import { type ArticleItem, type ArticleRow, DETAIL_COLUMNS, details, item } from './similar-articles';

/**
 * Keyword search over the articles of the accounts a member follows (follow/v1 follow_key_search): the accounts
 * come from the member's favourite groups (PostgreSQL), the articles from ClickHouse. A keyword matches as a
 * substring, ignoring case, in the title (`title`), in the digest or body text (`body`), or in any of them (`all`),
 * as the history tab's search does.
 */

/** Orders (inner rows `a`/`m`, outer rows `k`): newest first, or most read first. Never from input. */
const ORDERS: Record<FollowSearchOrder, { inner: string; outer: string }> = {
  pubtime: {
    inner: 'pubtime DESC, mid ASC, idx ASC, aid ASC',
    outer: 'k.pubtime DESC, k.mid ASC, k.idx ASC, k.aid ASC',
  },
  read: {
    inner: 'r DESC, pubtime DESC, mid ASC, aid ASC',
    outer: 'k.r DESC, k.pubtime DESC, k.mid ASC, k.aid ASC',
  },
};

export async function followKeySearch(
  store: AnalyticsStore,
  q: {
    mids: number[];
    kw: string;
    scope: FollowSearchScope;
    /** First publish day (the caller's history depth). */
    start: string;
    end: string | null;
    order: FollowSearchOrder;
    page: number;
    size: number;
  },
): Promise<{ total: number; rows: ArticleItem[] }> {
  if (q.mids.length === 0) return { total: 0, rows: [] };
  const o = ORDERS[q.order];
  const rows = await store.query<ArticleRow>(
    `SELECT ${DETAIL_COLUMNS}, k.total AS total
     FROM (
       SELECT a.mid AS mid, a.aid AS aid, a.pubtime AS pubtime, a.idx AS idx, m.reads AS r, count() OVER () AS total
       FROM (
         SELECT mid, aid, pubtime, idx FROM articles FINAL
         WHERE mid IN {mids:Array(UInt64)} AND toDate(pubtime) BETWEEN {start:Date} AND {end:Date}
           AND ((({scope:String} = 'all' OR {scope:String} = 'title') AND positionCaseInsensitiveUTF8(title, {kw:String}) > 0)
             OR (({scope:String} = 'all' OR {scope:String} = 'body')
                 AND (positionCaseInsensitiveUTF8(digest, {kw:String}) > 0
                      OR positionCaseInsensitiveUTF8(content, {kw:String}) > 0)))
       ) AS a
       LEFT JOIN (SELECT mid, aid, reads FROM article_metrics FINAL WHERE mid IN {mids:Array(UInt64)}) AS m
         ON m.mid = a.mid AND m.aid = a.aid
       ORDER BY ${o.inner}
       LIMIT {limit:UInt32} OFFSET {offset:UInt32}
     ) AS k
     ${details('SELECT mid, aid FROM articles WHERE mid IN {mids:Array(UInt64)}', 'SELECT arrayJoin({mids:Array(UInt64)})')}
     ORDER BY ${o.outer}`,
    {
      mids: q.mids,
      kw: q.kw,
      scope: q.scope,
      start: q.start,
      end: q.end ?? '2149-06-06',
      limit: q.size,
      offset: (q.page - 1) * q.size,
    },
  );
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map(item) };
}
