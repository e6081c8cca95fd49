import type { AnalyticsStore, QueryParams } from '../../clickhouse/store';
import type { HotOriginalSort, OriginalCategory, OriginalTag } from '../../contract/shapes/original';
import { addDays, beijingDay } from '../../core/periods';
import { LIST_ACCOUNT_JOIN, LIST_COLUMNS, type ListRow, listArticle } from './lists';

/**
 * Original content (原创: copyright_stat = ORIGINAL_CODE, core/copyright.ts) by category, for original/v1 onelevel, secondlevel and hotarticle.
 * The first level is the account's industry (media); the second the account's tags within it. Counts are over
 * article_metrics (one row per article with its latest counters, kept by the analytics processor) published in the
 * last `days` Beijing calendar days, today included. Definitions: docs/api.md.
 */

/** Sort keys of hotarticle: reads, likes (点赞), newest. The ORDER BY comes from here, never from input. */
export const HOT_ORIGINAL_SORTS: Record<HotOriginalSort, string> = {
  read: 'm.reads DESC',
  zan: 'm.likes DESC',
  pubtime: 'm.pubtime DESC',
};

const window = (nowMs: number, days: number) => {
  const today = beijingDay(nowMs);
  return { today, from: addDays(today, -days) };
};

/** Original articles of the window, optionally of one industry; `day` is the Beijing publish day. */
const ORIGINALS = `SELECT * FROM article_metrics FINAL
  WHERE original = 1 AND day > {from:Date} AND day <= {today:Date}
    AND ({media:String} = '' OR media = {media:String})`;

/** First level: industries with original articles in the window, most articles first. */
export async function originalCategories(
  store: AnalyticsStore,
  q: { days: number; nowMs: number },
): Promise<OriginalCategory[]> {
  const rows = await store.query<{
    media: string;
    article_num: string;
    account_num: string;
    read_num: string;
  }>(
    `SELECT media, count() AS article_num, uniqExact(mid) AS account_num, sum(reads) AS read_num
     FROM (${ORIGINALS}) WHERE media != ''
     GROUP BY media
     ORDER BY article_num DESC, read_num DESC, media ASC`,
    { ...window(q.nowMs, q.days), media: '' },
  );
  return rows.map((r) => ({
    media: r.media,
    article_num: Number(r.article_num),
    account_num: Number(r.account_num),
    read_num: Number(r.read_num),
  }));
}

/** Second level: the tags of the industry's accounts with original articles in the window, paged. */
export async function originalTags(
  store: AnalyticsStore,
  q: { media: string; days: number; nowMs: number; page: number; size: number },
): Promise<{ total: number; rows: OriginalTag[] }> {
  const tags = `SELECT t.tag AS tag, count() AS article_num, uniqExact(m.mid) AS account_num, sum(m.reads) AS read_num
       FROM (${ORIGINALS}) AS m
       INNER JOIN (
         SELECT mid, arrayJoin(arrayDistinct(tags)) AS tag FROM accounts FINAL
         WHERE mid IN (SELECT mid FROM (${ORIGINALS}))
       ) AS t ON t.mid = m.mid
       WHERE t.tag != ''
       GROUP BY t.tag`;
  const params = {
    ...window(q.nowMs, q.days),
    media: q.media,
    limit: q.size,
    offset: (q.page - 1) * q.size,
  };
  const rows = await store.query<{
    tag: string;
    article_num: string;
    account_num: string;
    read_num: string;
    total: string;
  }>(
    `SELECT tag, article_num, account_num, read_num, count() OVER () AS total
     FROM (${tags})
     ORDER BY article_num DESC, read_num DESC, tag ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    params,
  );
  return {
    total: rows[0] ? Number(rows[0].total) : await countPastEnd(store, tags, params, q.page),
    rows: rows.map((r) => ({
      tag: r.tag,
      article_num: Number(r.article_num),
      account_num: Number(r.account_num),
      read_num: Number(r.read_num),
    })),
  };
}

/** Hot original articles of the window, of an industry and/or a tag, by reads, likes or time. */
export async function hotOriginalArticles(
  store: AnalyticsStore,
  q: {
    media: string | null;
    tag: string | null;
    days: number;
    sort: HotOriginalSort;
    page: number;
    size: number;
    nowMs: number;
  },
) {
  const matching = `${ORIGINALS}
    AND ({tag:String} = '' OR mid IN (SELECT mid FROM accounts FINAL WHERE has(tags, {tag:String})))`;
  const params = {
    ...window(q.nowMs, q.days),
    media: q.media ?? '',
    tag: q.tag ?? '',
    limit: q.size,
    offset: (q.page - 1) * q.size,
  };
  const rows = await store.query<ListRow>(
    `SELECT ${LIST_COLUMNS}
     FROM (${matching}) AS m
     LEFT JOIN (SELECT mid, fans, median_reads, avg_reads, avg_likes FROM account_stats FINAL) AS s ON s.mid = m.mid
     ${LIST_ACCOUNT_JOIN}
     ORDER BY ${HOT_ORIGINAL_SORTS[q.sort]}, m.mid, m.aid
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    params,
  );
  return {
    total: rows[0] ? Number(rows[0].total) : await countPastEnd(store, matching, params, q.page),
    article_list: rows.map(listArticle),
  };
}

/** The total of a list whose page came back empty: 0 on the first page, else counted (the page is past the end). */
async function countPastEnd(
  store: AnalyticsStore,
  from: string,
  params: QueryParams,
  page: number,
): Promise<number> {
  if (page <= 1) return 0;
  const [r] = await store.query<{ n: string }>(`SELECT count() AS n FROM (${from})`, params);
  return Number(r?.n ?? 0);
}

/**
 * Reads of the original articles each account published in [start, end) (account_daily), for the original-accounts
 * rank list: the ranking rows keep the tie-break (original reads) only as an order, not as a figure.
 */
export async function originalReadsOf(
  store: AnalyticsStore,
  mids: number[],
  start: string,
  end: string,
): Promise<Map<number, number>> {
  if (mids.length === 0) return new Map();
  const rows = await store.query<{ mid: string; reads: string }>(
    `SELECT toString(mid) AS mid, sum(original_reads) AS reads FROM account_daily FINAL
     WHERE mid IN {mids:Array(UInt64)} AND day >= {start:Date} AND day < {end:Date}
     GROUP BY mid`,
    { mids, start, end },
  );
  return new Map(rows.map((r) => [Number(r.mid), Number(r.reads)]));
}
