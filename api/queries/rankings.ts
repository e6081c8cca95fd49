import type { AnalyticsStore } from '../../clickhouse/store';
import type { MiniproRankRow, RankPage } from '../../contract/shapes/rankings';
import { beijingDay, type Period, periodEnd, periodStart, previousStart } from '../../core/periods';
import type { RankType } from '../../core/rank-types';

/** Reads of the rankings the analytics processor keeps (stream/analytics/rankings.ts). */

export type RankScope = 'all' | 'media' | 'area';

export interface RankQuery {
  type: RankType;
  period: Period;
  /** Any day inside the wanted period; null for the running period. */
  date: string | null;
  /** Rank within an industry or area (rank/media, rank/area_rank), or filter only. */
  media: string | null;
  area: string | null;
  scope: RankScope;
  page: number;
  size: number;
  nowMs: number;
}

interface RankRow {
  mid: string;
  name: string;
  wxid: string;
  avatar: string;
  media: string;
  area: string;
  score: number;
  wci: number;
  articles: string;
  posts: string;
  reads: string;
  likes: string;
  looking: string;
  head_avg_reads: string;
  max_reads: string;
  originals: string;
  fake_articles: string;
  fake_reads: string;
  rank: string;
  prev_rank: string;
  fans: string;
  account_index: number;
  total: string;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Places gained since the previous period (negative: lost); null when not ranked then. */
const rankChange = (rank: number, prev: number) => (prev > 0 ? prev - rank : null);

export async function rankingPage(store: AnalyticsStore, q: RankQuery): Promise<RankPage> {
  const today = beijingDay(q.nowMs);
  const start = periodStart(q.period, q.date ?? today);
  const end = periodEnd(q.period, start);
  const rankCol = q.scope === 'media' ? 'media_rank' : q.scope === 'area' ? 'area_rank' : 'rank';
  const prevCol =
    q.scope === 'media' ? 'prev_media_rank' : q.scope === 'area' ? 'prev_area_rank' : 'prev_rank';
  const params = {
    type: q.type,
    period: q.period,
    start,
    media: q.media ?? '',
    area: q.area ?? '',
    limit: q.size,
    offset: (q.page - 1) * q.size,
  };
  const rows = await store.query<RankRow>(
    `SELECT toString(r.mid) AS mid, a.name AS name, a.wxid AS wxid, a.avatar AS avatar, r.media AS media,
       r.area AS area, r.score AS score, r.wci AS wci, r.articles AS articles, r.posts AS posts, r.reads AS reads,
       r.likes AS likes, r.looking AS looking, r.head_avg_reads AS head_avg_reads, r.max_reads AS max_reads,
       r.originals AS originals, r.fake_articles AS fake_articles, r.fake_reads AS fake_reads,
       r.rank AS rank, r.prev_rank AS prev_rank, s.fans AS fans, s.account_index AS account_index, r.total AS total
     FROM (
       SELECT mid, media, area, score, wci, articles, posts, reads, likes, looking, head_avg_reads, max_reads,
         originals, fake_articles, fake_reads, ${rankCol} AS rank, ${prevCol} AS prev_rank, count() OVER () AS total
       FROM rankings FINAL
       WHERE rank_type = {type:String} AND period = {period:String} AND period_start = {start:Date}
         AND ${rankCol} > 0
         AND ({media:String} = '' OR media = {media:String}) AND ({area:String} = '' OR area = {area:String})
       ORDER BY ${rankCol} ASC
       LIMIT {limit:UInt32} OFFSET {offset:UInt32}
     ) AS r
     LEFT JOIN (SELECT mid, name, wxid, avatar FROM accounts FINAL) AS a ON a.mid = r.mid
     LEFT JOIN (SELECT mid, fans, account_index FROM account_stats FINAL) AS s ON s.mid = r.mid
     ORDER BY r.rank ASC`,
    params,
  );
  const flagged = await flaggedArticles(
    store,
    q.type,
    rows.map((r) => r.mid),
    start,
    end,
  );
  const [run] = await store.query<{ at: string }>(
    `SELECT toString(max(generation)) AS at FROM ranking_runs
     WHERE period = {period:String} AND period_start = {start:Date} HAVING count() > 0`,
    params,
  );
  return {
    period: q.period,
    period_start: start,
    period_end: end,
    complete: today >= end,
    computed_at: run?.at ?? null,
    total: Number(rows[0]?.total ?? 0),
    list: rows.map((r) => {
      const rank = Number(r.rank);
      const prev = Number(r.prev_rank);
      const articles = Number(r.articles);
      return {
        rank,
        prev_rank: prev,
        rank_change: rankChange(rank, prev),
        mid: Number(r.mid),
        name: r.name,
        mp_name: r.name,
        wxid: r.wxid,
        avatar: r.avatar,
        media: r.media,
        area: r.area,
        score: round2(Number(r.score)),
        wci: round2(Number(r.wci)),
        index: Number(r.account_index ?? 0),
        fans: Number(r.fans ?? 0),
        articles,
        posts: Number(r.posts),
        reads: Number(r.reads),
        avg_read: articles ? Math.round(Number(r.reads) / articles) : 0,
        likes: Number(r.likes),
        looking: Number(r.looking),
        head_avg_read: Number(r.head_avg_reads),
        max_read: Number(r.max_reads),
        originals: Number(r.originals),
        fake_articles: Number(r.fake_articles),
        fake_reads: Number(r.fake_reads),
        fake_post: flagged.get(r.mid)?.post ?? '',
        fake_title: flagged.get(r.mid)?.title ?? '',
      };
    }),
  };
}

/**
 * For the fake-traffic rankings: each listed account's flagged article (verdict status 1) published in the period
 * with the most estimated fake reads, so a row can lead to that article's report.
 */
async function flaggedArticles(
  store: AnalyticsStore,
  type: RankType,
  mids: string[],
  start: string,
  end: string,
): Promise<Map<string, { post: string; title: string }>> {
  if ((type !== 'fake' && type !== 'new_fake') || mids.length === 0) return new Map();
  const rows = await store.query<{ mid: string; aid: string; title: string }>(
    `SELECT toString(f.mid) AS mid, argMax(f.aid, (f.forecast_fake, f.aid)) AS aid,
       argMax(a.title, (f.forecast_fake, f.aid)) AS title
     FROM (SELECT mid, aid, forecast_fake FROM fake_reports FINAL
           WHERE status = 1 AND mid IN {mids:Array(UInt64)}) AS f
     INNER JOIN (SELECT mid, aid, title FROM articles FINAL
                 WHERE mid IN {mids:Array(UInt64)} AND toDate(pubtime) >= {start:Date} AND toDate(pubtime) < {end:Date})
       AS a ON a.mid = f.mid AND a.aid = f.aid
     GROUP BY f.mid`,
    { mids: mids.map(Number), start, end },
  );
  return new Map(rows.map((r) => [r.mid, { post: `${r.mid}_${r.aid}`, title: r.title }]));
}

/** The period before the one containing `date` (new_fake_old reads the previous period's new_fake). */
export const previousPeriodDay = (period: Period, date: string) =>
  previousStart(period, periodStart(period, date));

/** The key with the largest count (ties: the first in pinyin order); '' when there is none. */
function largest(counts: Map<string, number>): string {
  let best = '';
  for (const [key, n] of counts) {
    const bestN = counts.get(best) ?? -1;
    if (n > bestN || (n === bestN && key.localeCompare(best, 'zh') < 0)) best = key;
  }
  return best;
}

/**
 * Industries and areas of the ranked accounts, for the filters; the largest of each (most accounts), where the
 * industry and area rankings open; and the last finished day, week and month, where the rankings open.
 */
export async function rankingFilters(store: AnalyticsStore, nowMs: number) {
  const rows = await store.query<{ media: string; area: string; accounts: string }>(
    `SELECT media, area, count() AS accounts FROM account_stats FINAL
     WHERE media != '' OR area != '' GROUP BY media, area`,
  );
  const media = new Map<string, number>();
  const area = new Map<string, number>();
  for (const r of rows) {
    const n = Number(r.accounts);
    if (r.media) media.set(r.media, (media.get(r.media) ?? 0) + n);
    if (r.area) area.set(r.area, (area.get(r.area) ?? 0) + n);
  }
  const byPinyin = (keys: Iterable<string>) => [...keys].sort((a, b) => a.localeCompare(b, 'zh'));
  const today = beijingDay(nowMs);
  const finished = (period: Period) => previousStart(period, periodStart(period, today));
  return {
    media: byPinyin(media.keys()),
    area: byPinyin(area.keys()),
    largest_media: largest(media),
    largest_area: largest(area),
    finished: { day: finished('day'), week: finished('week'), month: finished('month') },
  };
}

export async function miniproRankingPage(
  store: AnalyticsStore,
  q: { period: Period; date: string | null; page: number; size: number; nowMs: number },
): Promise<{ period_start: string; period_end: string; total: number; applet_data: MiniproRankRow[] }> {
  const start = periodStart(q.period, q.date ?? beijingDay(q.nowMs));
  const rows = await store.query<Record<string, string | string[]>>(
    `SELECT r.rank AS rank, r.prev_rank AS prev_rank, r.appid AS appid, m.title AS title, m.icon AS icon,
       m.username AS username, m.labels AS labels, m.description AS description, r.exposure_num AS exposure_num,
       r.article_num AS article_num, r.account_num AS account_num, r.total AS total
     FROM (
       SELECT *, count() OVER () AS total FROM minipro_rankings FINAL
       WHERE period = {period:String} AND period_start = {start:Date}
       ORDER BY rank LIMIT {limit:UInt32} OFFSET {offset:UInt32}
     ) AS r
     LEFT JOIN (SELECT appid, title, icon, username, labels, description FROM miniprograms FINAL) AS m
       ON m.appid = r.appid
     ORDER BY r.rank`,
    { period: q.period, start, limit: q.size, offset: (q.page - 1) * q.size },
  );
  return {
    period_start: start,
    period_end: periodEnd(q.period, start),
    total: Number(rows[0]?.total ?? 0),
    applet_data: rows.map((r) => {
      const rank = Number(r.rank);
      const prev = Number(r.prev_rank);
      return {
        rank,
        prev_rank: prev,
        rank_change: rankChange(rank, prev),
        appid: String(r.appid),
        title: String(r.title ?? ''),
        icon: String(r.icon ?? ''),
        username: String(r.username ?? ''),
        labels: (r.labels as string[]) ?? [],
        desc: String(r.description ?? ''),
        exposure_num: Number(r.exposure_num),
        article_num: Number(r.article_num),
        account_num: Number(r.account_num),
      };
    }),
  };
}
