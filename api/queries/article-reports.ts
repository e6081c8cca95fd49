import type { AnalyticsStore } from '../../clickhouse/store';
import {
  type Claim,
  type FakeReport,
  parsePost,
  type ReadCounts,
  type ReportReadiness,
  type SpendTime,
  type ZanLookReport,
} from '../../contract/shapes/article-reports';
import { copyrightOf, isOriginal } from '../../core/copyright';
import { FAKE_MIN_EVIDENCE } from '../../core/fake-signals';
import { fakeReport } from './fake-report';
import { resolveArticleLink } from './monitor-orders';

/**
 * Article-level reads behind the monitor extras (read_zan_look_report, spend_time, monitor/v3 read_zan and
 * tencent_claim, search/v1 isExistReport): an article is named by `post` = `<mid>_<aid>` (the report link's
 * parameter) or by its link, and read from the monitoring snapshots, article_latest and articles.
 */

export interface ArticleRef {
  mid: number;
  aid: string;
}

export type RefResult = { ok: true; ref: ArticleRef } | { ok: false; status: 400 | 404; msg: string };

/** `post` wins over `url`; a long link of an article we have not crawled still names it. */
export async function articleRefOf(
  store: AnalyticsStore,
  input: { post?: string | undefined; url?: string | undefined },
): Promise<RefResult> {
  if (input.post) {
    const p = parsePost(input.post);
    return p
      ? { ok: true, ref: p }
      : { ok: false, status: 400, msg: '参数错误：报告文章 (post) 格式不正确，应为 公众号ID_文章ID' };
  }
  const r = await resolveArticleLink(store, input.url ?? '');
  if (!r.ok) return r;
  return { ok: true, ref: { mid: r.value.mid, aid: r.value.aid } };
}

const postOf = (r: ArticleRef) => `${r.mid}_${r.aid}`;

/** Whether the article has been crawled (a favourite report needs its article). */
export async function articleKnown(store: AnalyticsStore, ref: ArticleRef): Promise<boolean> {
  const [known] = await store.query<{ n: string }>(
    'SELECT count() AS n FROM articles FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}',
    { mid: ref.mid, aid: ref.aid },
  );
  return Number(known?.n ?? 0) > 0;
}

/** isExistReport: whether the article has enough monitoring snapshots for a fake-traffic verdict, and the verdict. */
export async function reportReadiness(store: AnalyticsStore, ref: ArticleRef): Promise<ReportReadiness> {
  const [r] = await store.query<{
    known: string;
    polls: string;
    span: string;
    judged: string;
    status: number;
  }>(
    `SELECT
       (SELECT count() FROM articles FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}) AS known,
       s.polls AS polls, s.span AS span,
       (SELECT count() FROM fake_reports FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}) AS judged,
       (SELECT any(status) FROM fake_reports FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String}) AS status
     FROM (SELECT uniqExact(ts) AS polls, if(count() = 0, 0, toUInt32(max(ts) - min(ts))) AS span
           FROM article_snapshots WHERE mid = {mid:UInt64} AND aid = {aid:String}) AS s`,
    { mid: ref.mid, aid: ref.aid },
  );
  const polls = Number(r?.polls ?? 0);
  const span = Number(r?.span ?? 0);
  const judged = Number(r?.judged ?? 0) > 0;
  const exist = polls >= FAKE_MIN_EVIDENCE.minPoints && span >= FAKE_MIN_EVIDENCE.minSpanS;
  return {
    post: postOf(ref),
    mid: ref.mid,
    aid: ref.aid,
    exist: exist ? 1 : 0,
    known: Number(r?.known ?? 0) > 0 ? 1 : 0,
    polls,
    span_s: span,
    need_polls: FAKE_MIN_EVIDENCE.minPoints,
    need_span_s: FAKE_MIN_EVIDENCE.minSpanS,
    judged: judged ? 1 : 0,
    // The stored verdict once the detector has run; null before.
    status: judged ? Number(r?.status ?? 0) : null,
  };
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/**
 * read_zan_look_report: the monitoring report's series seen as reads, likes (zan) and 在看 (look): the chart, the
 * hourly table with what each hour added, and a summary of the latest counters. Built from fakeReport, so the
 * numbers are the ones read_praise_report shows.
 */
export async function zanLookReport(store: AnalyticsStore, ref: ArticleRef): Promise<ZanLookReport | null> {
  const r: FakeReport | null = await fakeReport(store, ref.mid, ref.aid);
  if (!r) return null;
  const n = r.charts.time.length;
  const last = (xs: number[]) => (n > 0 ? (xs[n - 1] as number) : 0);
  const read = last(r.charts.read);
  const zan = last(r.charts.praise);
  const look = last(r.charts.looking);
  let prevLook: number | null = null;
  const table = r.table.map((row) => {
    const out = {
      date: row.date,
      read: row.read,
      read_add: row.read_add,
      zan: row.praise,
      zan_add: row.praise_add,
      look: row.looking,
      look_add: prevLook === null ? null : row.looking - prevLook,
    };
    prevLook = row.looking;
    return out;
  });
  return {
    post: postOf(ref),
    profile: r.profile,
    status: r.status,
    summary: {
      read,
      zan,
      look,
      // Per 100 reads, two decimals.
      zan_rate: rate(zan, read),
      look_rate: rate(look, read),
      points: n,
      start_ts: r.profile.start_ts,
      end_ts: r.profile.end_ts,
    },
    charts: { time: r.charts.time, read: r.charts.read, zan: r.charts.praise, look: r.charts.looking },
    table,
  };
}

/** Read milestones of spend_time: 1千, 1万, 10万 (WeChat shows reads up to 10万+). */
export const READ_MILESTONES = [
  { reads: 1_000, label: '1千' },
  { reads: 10_000, label: '1万' },
  { reads: 100_000, label: '10万' },
] as const;
/** spend_time's hourly reads cover the monitoring periods (at most 3 days). */
export const SPEND_HOURS = 72;

const beijing = (s: number) => new Date((s + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** "2小时5分" for a duration in seconds. */
export function durationText(s: number): string {
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [d ? `${d}天` : '', h ? `${h}小时` : '', m || (!d && !h) ? `${m}分` : ''];
  return parts.join('');
}

/**
 * spend_time: how long after publishing the article reached each read milestone, and its reads per hour after
 * publishing. A milestone's moment is interpolated linearly between the last poll below it and the first poll at or
 * above it (from the publish time with 0 reads when the first poll is already above). Hour n covers
 * [pub + (n-1) h, pub + n h): its reading is the last poll in it, its `add` what it gained over the previous hour
 * with a poll (over 0 for the first).
 */
export async function spendTime(store: AnalyticsStore, ref: ArticleRef): Promise<SpendTime | null> {
  const [head] = await store.query<{ title: string; href: string; pub: string; pubtime: string }>(
    // Qualified: the alias `pubtime` (a string) would otherwise be what toUnixTimestamp reads.
    `SELECT a.title AS title, a.href AS href, toUnixTimestamp(a.pubtime) AS pub, toString(a.pubtime) AS pubtime
     FROM articles AS a FINAL WHERE a.mid = {mid:UInt64} AND a.aid = {aid:String} LIMIT 1`,
    { mid: ref.mid, aid: ref.aid },
  );
  if (!head) return null;
  const pub = Number(head.pub);
  const polls = (
    await store.query<{ t: string; r: string }>(
      `SELECT toUnixTimestamp(ts) AS t, max(reads) AS r FROM article_snapshots
       WHERE mid = {mid:UInt64} AND aid = {aid:String} AND ts >= toDateTime({pub:UInt32})
       GROUP BY ts ORDER BY ts`,
      { mid: ref.mid, aid: ref.aid, pub },
    )
  ).map((p) => ({ t: Number(p.t), r: Number(p.r) }));
  // Counters only grow; a late, lower poll is read as the highest seen so far.
  let top = 0;
  for (const p of polls) {
    top = Math.max(top, p.r);
    p.r = top;
  }
  const milestones = READ_MILESTONES.map((m) => {
    const i = polls.findIndex((p) => p.r >= m.reads);
    if (i < 0) return { milestone: m.reads, label: m.label, reached: 0 as const };
    const b = polls[i] as { t: number; r: number };
    const a = i > 0 ? (polls[i - 1] as { t: number; r: number }) : { t: pub, r: 0 };
    const at = b.r === a.r ? b.t : a.t + ((m.reads - a.r) / (b.r - a.r)) * (b.t - a.t);
    const spend = Math.round(at - pub);
    return {
      milestone: m.reads,
      label: m.label,
      reached: 1 as const,
      spend_s: spend,
      spend_text: durationText(spend),
      reached_at: beijing(Math.round(at)),
      seen_at: beijing(b.t),
    };
  });
  const byHour = new Map<number, number>();
  for (const p of polls) {
    const h = Math.floor((p.t - pub) / 3600) + 1;
    if (h <= SPEND_HOURS) byHour.set(h, p.r);
  }
  let prev = 0;
  const hours = [...byHour.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([hour, read]) => {
      const add = read - prev;
      prev = read;
      return { hour, start: beijing(pub + (hour - 1) * 3600), read, add };
    });
  const last = polls.at(-1);
  const elapsed = last ? last.t - pub : 0;
  return {
    post: postOf(ref),
    title: head.title,
    url: head.href,
    pubtime: head.pubtime,
    read: last?.r ?? 0,
    polls: polls.length,
    last_ts: last ? beijing(last.t) : '',
    // Reads per hour over the whole span monitored so far.
    avg_per_hour: elapsed > 0 ? Math.round(((last?.r ?? 0) / elapsed) * 3600) : 0,
    milestones,
    hours,
  };
}

/** monitor/v3 read_zan: the article's latest counters (article_latest, maintained from every poll). */
export async function latestCounts(store: AnalyticsStore, ref: ArticleRef): Promise<ReadCounts | null> {
  const [r] = await store.query<{
    title: string;
    href: string;
    pubtime: string;
    idx: number;
    name: string;
    wxid: string;
    reads: string | null;
    likes: string | null;
    looking: string | null;
    shares: string | null;
    comments: string | null;
    last_ts: string | null;
    polls: string | null;
  }>(
    `SELECT a.title AS title, a.href AS href, toString(a.pubtime) AS pubtime, a.idx AS idx,
       ac.name AS name, ac.wxid AS wxid, l.reads AS reads, l.likes AS likes, l.looking AS looking,
       l.shares AS shares, l.comments AS comments, if(l.polls = 0, '', toString(l.last_ts)) AS last_ts, l.polls AS polls
     FROM (SELECT mid, aid, title, href, pubtime, idx FROM articles FINAL
           WHERE mid = {mid:UInt64} AND aid = {aid:String} LIMIT 1) AS a
     LEFT JOIN (SELECT mid, name, wxid FROM accounts FINAL WHERE mid = {mid:UInt64}) AS ac ON ac.mid = a.mid
     LEFT JOIN (
       SELECT mid, aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes, argMaxMerge(looking) AS looking,
         argMaxMerge(shares) AS shares, argMaxMerge(comments) AS comments, max(last_ts) AS last_ts,
         uniqExactMerge(polls) AS polls
       FROM article_latest WHERE mid = {mid:UInt64} AND aid = {aid:String} GROUP BY mid, aid
     ) AS l ON l.mid = a.mid AND l.aid = a.aid`,
    { mid: ref.mid, aid: ref.aid },
  );
  if (!r) return null;
  return {
    post: postOf(ref),
    mid: ref.mid,
    aid: ref.aid,
    title: r.title,
    url: r.href,
    pubtime: r.pubtime,
    position: Number(r.idx),
    mp_name: r.name ?? '',
    wxid: r.wxid ?? '',
    read: Number(r.reads ?? 0),
    zan: Number(r.likes ?? 0),
    looking: Number(r.looking ?? 0),
    share: Number(r.shares ?? 0),
    comment: Number(r.comments ?? 0),
    polls: Number(r.polls ?? 0),
    update_time: r.last_ts ?? '',
  };
}

/** monitor/v3 tencent_claim: the article's original claim (原创声明) as its page declared it when we parsed it. */
export async function articleClaim(store: AnalyticsStore, ref: ArticleRef): Promise<Claim | null> {
  const [r] = await store.query<{
    title: string;
    href: string;
    pubtime: string;
    author: string;
    copyright_stat: number;
    source_url: string;
    content_len: string;
    name: string;
    wxid: string;
    owner: string;
  }>(
    `SELECT a.title AS title, a.href AS href, toString(a.pubtime) AS pubtime, a.author AS author,
       a.copyright_stat AS copyright_stat, a.source_url AS source_url, length(a.content) AS content_len,
       ac.name AS name, ac.wxid AS wxid, ac.owner AS owner
     FROM (SELECT mid, aid, title, href, pubtime, author, copyright_stat, source_url, content FROM articles FINAL
           WHERE mid = {mid:UInt64} AND aid = {aid:String} LIMIT 1) AS a
     LEFT JOIN (SELECT mid, name, wxid, owner FROM accounts FINAL WHERE mid = {mid:UInt64}) AS ac ON ac.mid = a.mid`,
    { mid: ref.mid, aid: ref.aid },
  );
  if (!r) return null;
  const original = isOriginal(r.copyright_stat);
  return {
    post: postOf(ref),
    mid: ref.mid,
    aid: ref.aid,
    title: r.title,
    url: r.href,
    pubtime: r.pubtime,
    mp_name: r.name ?? '',
    wxid: r.wxid ?? '',
    owner: r.owner ?? '',
    is_original: original ? 1 : 0,
    claim: original ? '原创' : '未声明原创',
    copyright_stat: Number(r.copyright_stat),
    copyright: copyrightOf(r.copyright_stat),
    author: r.author,
    source_url: r.source_url,
    // The body is stored only when the article page was fetched; without it the claim is the list's copyright_stat.
    page_parsed: Number(r.content_len) > 0 ? 1 : 0,
  };
}
