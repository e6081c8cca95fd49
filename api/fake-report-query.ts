import type { AnalyticsStore } from '../clickhouse/store';
import { FAKE_THRESHOLDS, type Signal } from '../stream/analytics/fake-detector';

/**
 * The fake-traffic (刷量) report of one article, as the analysis-detail popup and read_praise_report show it
 * (spec §3 Analysis report): profile, verdict, the signals that fired, the chart series and an hourly table.
 * Articles are named by `post` = `<mid>_<aid>` (aid = msgid_idx), the parameter of the report link.
 */

/** The chart keeps at most this many points; longer series are thinned to the last poll of each bucket. */
export const CHART_POINTS = 500;

export interface ReportRow {
  date: string;
  read: number;
  read_add: number;
  praise: number;
  praise_add: number;
  looking: number;
}

export interface FakeReport {
  profile: {
    title: string;
    avatar: string;
    mpname: string;
    wx: string;
    mp_owner: string;
    owner_count: number;
    position: number;
    pubtime: string;
    start_ts: string;
    end_ts: string;
    url: string;
  };
  status: 0 | 1;
  /** False while the article lacks the polls a verdict needs (status then reads 0). */
  judged: boolean;
  forecast_fake: number;
  forecast_fake_per: number;
  signals: Signal[];
  /** The verdict in one Chinese sentence: why fake, why normal, or why not judged yet. */
  summary: string;
  charts: { time: string[]; read: number[]; praise: number[]; looking: number[] };
  table: ReportRow[];
}

/** Parses a report's `post` parameter; null when it is not one. */
export function parsePost(post: string): { mid: number; aid: string } | null {
  const m = /^(\d{1,19})_(\d{1,19}_\d{1,2})$/.exec(post);
  if (!m) return null;
  const mid = Number(m[1]);
  return Number.isSafeInteger(mid) && mid > 0 ? { mid, aid: m[2] as string } : null;
}

export async function fakeReport(
  store: AnalyticsStore,
  mid: number,
  aid: string,
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
    polls: number | null;
    first_ts: string;
    last_ts: string;
    span: number;
  }>(
    `SELECT a.title AS title, a.href AS href, a.idx AS idx, toString(a.pubtime) AS pubtime,
       ac.name AS name, ac.avatar AS avatar, ac.wxid AS wxid, ac.owner AS owner,
       (SELECT count() FROM accounts FINAL WHERE owner != '' AND owner = ac.owner) AS owner_count,
       f.status AS status, f.forecast_fake AS forecast_fake, f.forecast_fake_per AS forecast_fake_per,
       f.signals AS signals, s.polls AS polls,
       toString(s.first_ts) AS first_ts, toString(s.last_ts) AS last_ts, s.span AS span
     FROM (SELECT * FROM articles FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}) AS a
     LEFT JOIN (SELECT * FROM accounts FINAL WHERE mid = {mid:UInt64}) AS ac ON ac.mid = a.mid
     LEFT JOIN (SELECT mid, aid, status, forecast_fake, forecast_fake_per, signals FROM fake_reports FINAL
                WHERE mid = {mid:UInt64} AND aid = {aid:String}) AS f ON f.mid = a.mid AND f.aid = a.aid
     LEFT JOIN (SELECT mid, aid, min(ts) AS first_ts, max(ts) AS last_ts, toUInt32(max(ts) - min(ts)) AS span,
                  toUInt32(uniqExact(ts)) AS polls
                FROM article_snapshots WHERE mid = {mid:UInt64} AND aid = {aid:String} GROUP BY mid, aid) AS s
       ON s.mid = a.mid AND s.aid = a.aid
     SETTINGS join_use_nulls = 1`,
    { mid, aid },
  );
  if (!head) return null;
  const bucket = Math.max(60, Math.ceil((head.span ?? 0) / CHART_POINTS));
  const [chart, table] = await Promise.all([
    store.query<{ t: string; read: number; praise: number; looking: number }>(
      `SELECT formatDateTime(max(ts), '%m-%d %H:%i') AS t, max(reads) AS read, max(likes) AS praise,
         max(looking) AS looking
       FROM article_snapshots FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}
       GROUP BY intDiv(toUnixTimestamp(ts), {bucket:UInt32}) ORDER BY max(ts)`,
      { mid, aid, bucket },
    ),
    // Hourly: the counters at the hour's last poll and what the hour added.
    store.query<ReportRow>(
      `SELECT date, read, praise, looking,
         read - lagInFrame(read, 1, 0) OVER w AS read_add, praise - lagInFrame(praise, 1, 0) OVER w AS praise_add
       FROM (
         SELECT formatDateTime(toStartOfHour(ts), '%Y-%m-%d %H:00') AS date,
           max(reads) AS read, max(likes) AS praise, max(looking) AS looking
         FROM article_snapshots FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}
         GROUP BY date
       )
       WINDOW w AS (ORDER BY date ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
       ORDER BY date`,
      { mid, aid },
    ),
  ]);
  const signals = head.signals ? (JSON.parse(head.signals) as Signal[]) : [];
  const T = FAKE_THRESHOLDS;
  const summary =
    head.status === 1
      ? `判定为刷量：${signals.map((x) => x.text).join('；')}`
      : head.status === null
        ? `监测数据不足（已采集 ${head.polls ?? 0} 次），至少需要 ${T.minPoints} 次、跨度 ${T.minSpanS / 3600} 小时的数据才能判定`
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
      start_ts: head.first_ts ?? '',
      end_ts: head.last_ts ?? '',
      url: head.href,
    },
    status: head.status === 1 ? 1 : 0,
    judged: head.status !== null,
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
    table: table.map((r) => ({
      date: r.date,
      read: Number(r.read),
      read_add: Number(r.read_add),
      praise: Number(r.praise),
      praise_add: Number(r.praise_add),
      looking: Number(r.looking),
    })),
  };
}
