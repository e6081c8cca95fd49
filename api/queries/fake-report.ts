import type { AnalyticsStore } from '../../clickhouse/store';
import type { FakeReport, FakeReportRow } from '../../contract/shapes/article-reports';
import { FAKE_MIN_EVIDENCE, type Signal } from '../../core/fake-signals';
import { beijingDateTime } from '../../core/periods';

/**
 * The fake-traffic (刷量) report of one article, as the analysis-detail popup and read_praise_report show it
 * (spec §3 Analysis report): profile, verdict, the signals that fired, the chart series and an hourly table.
 * Articles are named by `post` = `<mid>_<aid>` (aid = msgid_idx), the parameter of the report link.
 */

/** The chart keeps at most this many points; longer series are thinned to the last poll of each bucket. */
export const CHART_POINTS = 500;

/** When an order monitors (or monitored) the article: from its creation to its planned end or its cancellation. */
export interface MonitorWindow {
  startMs: number;
  endMs: number;
  /** False once the order ended or was cancelled. */
  running: boolean;
}

/**
 * `window` is the reader's order on the article: 监测开始 is its first poll (polls of the crawl before the order
 * are not monitoring) and 监测结束 the order's end. Without an order (an article only crawled), the first and the
 * last poll bound the report.
 */
export async function fakeReport(
  store: AnalyticsStore,
  mid: number,
  aid: string,
  window: MonitorWindow | null = null,
): Promise<FakeReport | null> {
  const [head] = await store.query<{
    title: string;
    href: string;
    idx: number;
    pubtime: string;
    name: string;
    avatar: string;
    wxid: string;
    owner: string;
    owner_count: string;
    status: number | null;
    forecast_fake: number | null;
    forecast_fake_per: number | null;
    signals: string | null;
    verdict: string | null;
    confidence: number | null;
    reason: string | null;
    polls: number | null;
    first_ts: string;
    last_ts: string;
    span: number;
    mon_first: string | null;
  }>(
    `SELECT a.title AS title, a.href AS href, a.idx AS idx, toString(a.pubtime) AS pubtime,
       ac.name AS name, ac.avatar AS avatar, ac.wxid AS wxid, ac.owner AS owner,
       (SELECT count() FROM accounts FINAL WHERE owner != '' AND owner = ac.owner) AS owner_count,
       f.status AS status, f.forecast_fake AS forecast_fake, f.forecast_fake_per AS forecast_fake_per,
       f.signals AS signals, f.verdict AS verdict, f.confidence AS confidence, f.reason AS reason,
       s.polls AS polls,
       toString(s.first_ts) AS first_ts, toString(s.last_ts) AS last_ts, s.span AS span,
       toString(s.mon_first) AS mon_first
     FROM (SELECT * FROM articles FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}) AS a
     LEFT JOIN (SELECT * FROM accounts FINAL WHERE mid = {mid:UInt64}) AS ac ON ac.mid = a.mid
     LEFT JOIN (SELECT mid, aid, status, forecast_fake, forecast_fake_per, signals, verdict, confidence, reason
                FROM fake_reports FINAL
                WHERE mid = {mid:UInt64} AND aid = {aid:String}) AS f ON f.mid = a.mid AND f.aid = a.aid
     LEFT JOIN (SELECT mid, aid, min(ts) AS first_ts, max(ts) AS last_ts, toUInt32(max(ts) - min(ts)) AS span,
                  toUInt32(uniqExact(ts)) AS polls,
                  minIf(ts, ts >= toDateTime({from:UInt32})) AS mon_first
                FROM article_snapshots WHERE mid = {mid:UInt64} AND aid = {aid:String} GROUP BY mid, aid) AS s
       ON s.mid = a.mid AND s.aid = a.aid
     SETTINGS join_use_nulls = 1`,
    { mid, aid, from: window ? Math.floor(window.startMs / 1000) : 0 },
  );
  if (!head) return null;
  // 监测开始: the order's first poll (none yet: ''). The chart and table keep every poll, those of the crawl before
  // the order included: they are the verdict's evidence too.
  const monFirst = window && head.mon_first && head.mon_first > '1970-01-02' ? head.mon_first : null;
  const bucket = Math.max(60, Math.ceil((head.span ?? 0) / CHART_POINTS));
  // Counters never go down: a poll below an earlier one is a lagging source, so both series carry the highest
  // count so far, as the detector reads them (fake-detector.ts cleanSeries); an hour never adds a negative count.
  const [chart, table] = await Promise.all([
    store.query<{ t: string; read: number; praise: number; looking: number }>(
      `SELECT t, max(read) OVER w AS read, max(praise) OVER w AS praise, max(looking) OVER w AS looking
       FROM (
         SELECT max(ts) AS last, formatDateTime(last, '%m-%d %H:%i') AS t, max(reads) AS read,
           max(likes) AS praise, max(looking) AS looking
         FROM article_snapshots FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}
         GROUP BY intDiv(toUnixTimestamp(ts), {bucket:UInt32})
       )
       WINDOW w AS (ORDER BY last ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
       ORDER BY last`,
      { mid, aid, bucket },
    ),
    // Hourly: the counters at the hour's last poll and what the hour added.
    store.query<FakeReportRow>(
      `SELECT date, read, praise, looking,
         read - lagInFrame(read, 1, 0) OVER w AS read_add, praise - lagInFrame(praise, 1, 0) OVER w AS praise_add
       FROM (
         SELECT date, max(h_read) OVER u AS read, max(h_praise) OVER u AS praise, max(h_looking) OVER u AS looking
         FROM (
           SELECT formatDateTime(toStartOfHour(ts), '%Y-%m-%d %H:00') AS date,
             max(reads) AS h_read, max(likes) AS h_praise, max(looking) AS h_looking
           FROM article_snapshots FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}
           GROUP BY date
         )
         WINDOW u AS (ORDER BY date ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
       )
       WINDOW w AS (ORDER BY date ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
       ORDER BY date`,
      { mid, aid },
    ),
  ]);
  const signals = head.signals ? (JSON.parse(head.signals) as Signal[]) : [];
  const T = FAKE_MIN_EVIDENCE;
  const verdict = (['fake', 'clean', 'insufficient'] as const).find((v) => v === head.verdict) ?? '';
  const confidence = Math.round(Number(head.confidence ?? 0) * 1000) / 1000;
  const summary =
    head.status === 1
      ? `判定为刷量：${signals.map((x) => x.text).join('；')}${verdict ? `（置信度 ${Math.round(confidence * 100)}%）` : ''}`
      : head.status === null
        ? `监测数据不足（已采集 ${head.polls ?? 0} 次），至少需要 ${T.minPoints} 次、跨度 ${T.minSpanS / 3600} 小时的数据才能判定`
        : head.reason
          ? head.reason
          : '未发现刷量迹象：阅读与点赞/在看同步增长，没有凌晨异常、阶梯式或直线式增长';
  return {
    profile: {
      title: head.title,
      avatar: head.avatar ?? '',
      mpname: head.name ?? '',
      wx: head.wxid ?? '',
      mp_owner: head.owner ?? '',
      owner_count: Number(head.owner_count ?? 0),
      position: Number(head.idx),
      pubtime: head.pubtime,
      start_ts: window ? (monFirst ?? '') : (head.first_ts ?? ''),
      end_ts: window ? beijingDateTime(window.endMs) : (head.last_ts ?? ''),
      last_poll: head.last_ts ?? '',
      monitoring: window?.running ? 1 : 0,
      url: head.href,
    },
    status: head.status === 1 ? 1 : 0,
    judged: head.status !== null,
    verdict,
    confidence,
    forecast_fake: Number(head.forecast_fake ?? 0),
    // Stored as Float32: three decimals are what it carries.
    forecast_fake_per: Math.round(Number(head.forecast_fake_per ?? 0) * 1000) / 1000,
    signals,
    summary,
    charts: {
      time: chart.map((r) => r.t),
      read: chart.map((r) => Number(r.read)),
      praise: chart.map((r) => Number(r.praise)),
      looking: chart.map((r) => Number(r.looking)),
    },
    // The first hour has no earlier poll to count from: what it added is unknown (null), not the total so far.
    table: table.map((r, i) => ({
      date: r.date,
      read: Number(r.read),
      read_add: i === 0 ? null : Number(r.read_add),
      praise: Number(r.praise),
      praise_add: i === 0 ? null : Number(r.praise_add),
      looking: Number(r.looking),
    })),
  };
}

/** The stored verdicts (1 fake, 0 clean) of an account's articles, keyed by aid; articles not judged are absent. */
export async function fakeVerdicts(
  store: AnalyticsStore,
  mid: number,
  aids: string[],
): Promise<Map<string, 0 | 1>> {
  if (aids.length === 0) return new Map();
  const rows = await store.query<{ aid: string; status: number }>(
    `SELECT aid, status FROM fake_reports FINAL WHERE mid = {mid:UInt64} AND aid IN {aids:Array(String)}
       AND verdict != 'insufficient'`,
    { mid, aids },
  );
  return new Map(rows.map((r) => [r.aid, Number(r.status) === 1 ? 1 : 0]));
}
