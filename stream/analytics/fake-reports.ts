import type { AnalyticsStore } from '../../clickhouse/store';
import {
  type AccountBaseline,
  detectFakeTraffic,
  FAKE_THRESHOLDS,
  readsPerEngagement,
  type SeriesPoint,
} from './fake-detector';
import { DIRTY, type DirtyWindow } from './refresh';

/**
 * The processor step that keeps fake_reports: for every recent article touched in a window, its whole counter
 * series and its account's baseline go through the detector (fake-detector.ts) and the verdict replaces the
 * article's row. Pure function of the facts and the clock's day, so a replay gives the same reports.
 */

/** Articles older than this are not re-judged: their reads have settled and polls stop after 3 days. */
export const FAKE_JUDGE_DAYS = 8;
/** The baseline is over the account's articles of the last 30 days that are at least a day old (settled). */
const BASELINE_DAYS = 30;

interface SeriesRow {
  mid: string;
  aid: string;
  pubtime: number;
  points: [number, number, number, number][];
}

/** Median reads per engagement of each account's settled articles, by article (each excluding itself). */
async function baselines(
  store: AnalyticsStore,
  mids: string[],
  nowS: number,
): Promise<Map<string, { aid: string; ratio: number }[]>> {
  const rows = await store.query<{ mid: string; arts: [string, number, number, number][] }>(
    `SELECT toString(mid) AS mid, groupArray((aid, reads, likes, looking)) AS arts
     FROM article_metrics FINAL
     WHERE mid IN {mids:Array(UInt64)}
       AND pubtime >= toDateTime({nowS:UInt32}) - INTERVAL ${BASELINE_DAYS} DAY
       AND pubtime <= toDateTime({nowS:UInt32}) - INTERVAL 1 DAY
     GROUP BY mid`,
    { mids: mids.map(Number), nowS },
  );
  const out = new Map<string, { aid: string; ratio: number }[]>();
  for (const r of rows)
    out.set(
      r.mid,
      r.arts
        .map(([aid, reads, likes, looking]) => ({ aid, ratio: readsPerEngagement(reads, likes, looking) }))
        .sort((a, b) => a.ratio - b.ratio),
    );
  return out;
}

/** The account's baseline for one article: the median over its other settled articles. */
export function baselineFor(
  ratios: { aid: string; ratio: number }[] | undefined,
  aid: string,
): AccountBaseline {
  const others = (ratios ?? []).filter((r) => r.aid !== aid);
  if (others.length === 0) return { readsPerEngagement: 0, articles: 0 };
  const m = others.length >> 1;
  const median =
    others.length % 2
      ? (others[m] as { ratio: number }).ratio
      : ((others[m - 1] as { ratio: number }).ratio + (others[m] as { ratio: number }).ratio) / 2;
  return { readsPerEngagement: median, articles: others.length };
}

/**
 * Series are read at this resolution (the last poll of each bucket): the detector was designed and evaluated on
 * 5-minute polls, and a 3-day minute-level series stays at most 864 points however often it is polled.
 */
export const FAKE_SERIES_STEP_S = 300;

export async function refreshFakeReports(
  store: AnalyticsStore,
  w: DirtyWindow,
  nowS: number,
  version: number,
): Promise<number> {
  const series = await store.query<SeriesRow>(
    `SELECT toString(s.mid) AS mid, s.aid AS aid, toUnixTimestamp(any(a.pubtime)) AS pubtime,
       arraySort(x -> x.1, groupArray((s.t, s.reads, s.likes, s.looking))) AS points
     FROM (
       SELECT mid, aid, pubtime FROM articles FINAL
       WHERE mid IN (SELECT mid FROM (${DIRTY})) AND (mid, aid) IN (${DIRTY})
         AND pubtime >= toDateTime({nowS:UInt32}) - INTERVAL ${FAKE_JUDGE_DAYS} DAY
     ) AS a
     INNER JOIN (
       SELECT mid, aid, toUnixTimestamp(max(ts)) AS t, max(reads) AS reads, max(likes) AS likes,
         max(looking) AS looking
       FROM article_snapshots
       WHERE mid IN (SELECT mid FROM (${DIRTY})) AND (mid, aid) IN (${DIRTY})
       GROUP BY mid, aid, intDiv(toUnixTimestamp(ts), {step:UInt32})
     ) AS s ON s.mid = a.mid AND s.aid = a.aid
     GROUP BY s.mid, s.aid
     -- Too short a series gets no row rather than an empty verdict: the report says it is not judged yet.
     HAVING count() >= {minPoints:UInt32} AND max(s.t) - min(s.t) >= {minSpan:UInt32}`,
    {
      ...w,
      nowS,
      step: FAKE_SERIES_STEP_S,
      minPoints: FAKE_THRESHOLDS.minPoints,
      minSpan: FAKE_THRESHOLDS.minSpanS,
    },
  );
  if (series.length === 0) return 0;
  const base = await baselines(store, [...new Set(series.map((s) => s.mid))], nowS);
  const rows = series.map((s) => {
    const points: SeriesPoint[] = s.points.map(([ts, reads, likes, looking]) => ({
      ts,
      reads,
      likes,
      looking,
    }));
    const v = detectFakeTraffic(points, baselineFor(base.get(s.mid), s.aid));
    return {
      mid: s.mid,
      aid: s.aid,
      pubtime: s.pubtime,
      status: v.status,
      verdict: v.verdict,
      confidence: v.confidence,
      reason: v.reason,
      forecast_fake: v.forecast_fake,
      forecast_fake_per: v.forecast_fake_per,
      reads: v.reads,
      points: v.points,
      signals: JSON.stringify(v.signals),
      computed_at: version,
    };
  });
  await store.insert('fake_reports', rows);
  return rows.length;
}
