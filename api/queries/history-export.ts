import type { AnalyticsStore } from '../../clickhouse/store';
import { ORIGINAL_CODE } from '../../core/copyright';
import type { Cell } from '../../members/xlsx';

/**
 * An account's collected history as export rows, read from ClickHouse in keyset pages of EXPORT_BATCH articles
 * (newest push first, by position within a push), so an export of any length holds one page in memory and keeps no
 * long-lived query open (chDB allows one active stream per session). Works the same on the ClickHouse server.
 */
export const EXPORT_BATCH = 5000;

export const EXPORT_HEADER: Cell[] = [
  '发布时间',
  '位置',
  '标题',
  '作者',
  '原创',
  '阅读',
  '点赞',
  '在看',
  '转发',
  '留言',
  '文章链接',
  '阅读原文',
];

interface Key {
  t: number;
  k: number;
  aid: string;
}

export async function* historyExportRows(
  store: AnalyticsStore,
  q: { mid: number; start: string; end: string },
): AsyncGenerator<Cell[]> {
  let after: Key | null = null;
  for (;;) {
    const page: {
      aid: string;
      t: number;
      k: number;
      idx: number;
      pubtime: string;
      title: string;
      author: string;
      original: number;
      href: string;
      source_url: string;
    }[] = await store.query(
      `SELECT aid, toUnixTimestamp(pubtime) AS t, 255 - idx AS k, idx, toString(pubtime) AS pubtime, title, author,
         copyright_stat = ${ORIGINAL_CODE} AS original, href, source_url
       FROM articles FINAL
       WHERE mid = {mid:UInt64} AND toDate(pubtime) BETWEEN {start:Date} AND {end:Date}
         AND ({first:UInt8} = 1 OR (toUnixTimestamp(pubtime), 255 - idx, aid) < ({t:UInt32}, {k:UInt16}, {aid:String}))
       ORDER BY t DESC, k DESC, aid DESC
       LIMIT {limit:UInt32}`,
      {
        mid: q.mid,
        start: q.start,
        end: q.end,
        first: after ? 0 : 1,
        t: after?.t ?? 0,
        k: after?.k ?? 0,
        aid: after?.aid ?? '',
        limit: EXPORT_BATCH,
      },
    );
    if (page.length === 0) return;
    const counts = await store.query<{
      aid: string;
      reads: number;
      likes: number;
      looking: number;
      shares: number;
      comments: number;
    }>(
      `SELECT aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes, argMaxMerge(looking) AS looking,
         argMaxMerge(shares) AS shares, argMaxMerge(comments) AS comments
       FROM article_latest WHERE mid = {mid:UInt64} AND aid IN {aids:Array(String)} GROUP BY aid`,
      { mid: q.mid, aids: page.map((p) => p.aid) },
    );
    const byAid = new Map(counts.map((c) => [c.aid, c]));
    for (const p of page) {
      const c = byAid.get(p.aid);
      yield [
        p.pubtime,
        Number(p.idx),
        p.title,
        p.author,
        Number(p.original) ? '是' : '否',
        Number(c?.reads ?? 0),
        Number(c?.likes ?? 0),
        Number(c?.looking ?? 0),
        Number(c?.shares ?? 0),
        Number(c?.comments ?? 0),
        p.href,
        p.source_url,
      ];
    }
    const last = page[page.length - 1] as (typeof page)[number];
    after = { t: Number(last.t), k: Number(last.k), aid: last.aid };
    if (page.length < EXPORT_BATCH) return;
  }
}

/** One CSV line (RFC 4180 quoting); a leading =,+,-,@ is neutralised so a spreadsheet never runs it as a formula. */
export function csvLine(cells: Cell[]): string {
  return `${cells
    .map((v) => {
      if (typeof v === 'number') return String(v);
      const s = /^[=+\-@]/.test(v) ? `'${v}` : v;
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',')}\r\n`;
}
