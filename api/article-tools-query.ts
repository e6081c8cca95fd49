import type { AnalyticsStore } from '../clickhouse/store';
import { longLink } from '../collectors/article-url';
import type { ArticleContent, CommentRow, CommentSort } from '../contract/shapes/tools';
import { originalTag } from '../core/copyright';
import type { ArticleRef } from './queries/article-reports';
import { WECHAT_BASE } from './queries/monitor-orders';

/**
 * Article tools (spec §2 /getHtml, /articleContent, /wxarticle, /details, /comment): one collected article with its
 * parsed page (body text, 阅读原文, mini-programs), its latest counters and the account's average reads; and the
 * articles with the most comments (留言). Everything is read from what the collectors stored: articles (the parsed
 * page), article_latest (counters of the last poll), accounts and miniprograms.
 */

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The latest counters of one account's articles (argMax states of article_latest). */
const LATEST = (where: string) => `
  SELECT mid, aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes, argMaxMerge(looking) AS looking,
    argMaxMerge(shares) AS shares, argMaxMerge(comments) AS comments, max(last_ts) AS last_ts
  FROM article_latest WHERE ${where} GROUP BY mid, aid`;

export type { ArticleContent, CommentRow, CommentSort };

/** The article's link on WeChat: the stored one when it is WeChat's, else its canonical form. */
export function wechatLink(
  href: string,
  a: { biz: string; msgid: number; idx: number; sn: string },
): { url: string; built: 0 | 1 } {
  try {
    if (new URL(href).hostname === 'mp.weixin.qq.com') return { url: href, built: 0 };
  } catch {
    // Not a URL at all: fall through to the canonical form.
  }
  return { url: longLink(WECHAT_BASE, a), built: 1 };
}

/** One collected article as the content and data pages show it; null when it is not collected. */
export async function articleContent(store: AnalyticsStore, ref: ArticleRef): Promise<ArticleContent | null> {
  const [r] = await store.query<{
    title: string;
    digest: string;
    author: string;
    cover: string;
    href: string;
    pubtime: string;
    idx: number;
    biz: string;
    msgid: string;
    sn: string;
    kind: string | null;
    copyright_stat: number;
    source_url: string;
    content: string;
    appids: string[];
    name: string | null;
    wxid: string | null;
    avatar: string | null;
    reads: string | null;
    likes: string | null;
    looking: string | null;
    shares: string | null;
    comments: string | null;
    last_ts: string | null;
    avg_read: number | null;
  }>(
    `SELECT a.title AS title, a.digest AS digest, a.author AS author, a.cover AS cover, a.href AS href,
       toString(a.pubtime) AS pubtime, a.idx AS idx, a.biz AS biz, toString(a.msgid) AS msgid, a.sn AS sn,
       a.kind AS kind, a.copyright_stat AS copyright_stat, a.source_url AS source_url,
       a.content AS content, a.miniprogram_appids AS appids, ac.name AS name, ac.wxid AS wxid, ac.avatar AS avatar,
       l.reads AS reads, l.likes AS likes, l.looking AS looking, l.shares AS shares, l.comments AS comments,
       if(l.last_ts = 0, '', toString(l.last_ts)) AS last_ts,
       (SELECT avg(reads) FROM (${LATEST('mid = {mid:UInt64}')})) AS avg_read
     FROM (SELECT * FROM articles FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String} LIMIT 1) AS a
     LEFT JOIN (SELECT mid, name, wxid, avatar FROM accounts FINAL WHERE mid = {mid:UInt64}) AS ac ON ac.mid = a.mid
     LEFT JOIN (${LATEST('mid = {mid:UInt64} AND aid = {aid:String}')}) AS l ON l.mid = a.mid AND l.aid = a.aid`,
    { mid: ref.mid, aid: ref.aid },
  );
  if (!r) return null;
  const appids = r.appids ?? [];
  const cards = appids.length
    ? await store.query<{ appid: string; title: string; icon: string }>(
        `SELECT appid, title, icon FROM miniprograms FINAL WHERE appid IN {appids:Array(String)}`,
        { appids },
      )
    : [];
  const byId = new Map(cards.map((m) => [m.appid, m]));
  const read = Number(r.reads ?? 0);
  const avg = Number(r.avg_read ?? 0);
  const link = wechatLink(r.href, { biz: r.biz, msgid: Number(r.msgid), idx: Number(r.idx), sn: r.sn });
  return {
    post: `${ref.mid}_${ref.aid}`,
    mid: ref.mid,
    aid: ref.aid,
    title: r.title,
    digest: r.digest,
    author: r.author,
    cover: r.cover,
    url: r.href,
    pubtime: r.pubtime,
    position: Number(r.idx),
    original: originalTag(r.copyright_stat),
    source_url: r.source_url,
    content: r.content,
    has_content: r.content !== '' ? 1 : 0,
    // Mini-programs whose card carried no name have no row: they are still listed by appid.
    mini_programs: appids.map((appid) => ({
      appid,
      title: byId.get(appid)?.title ?? '',
      icon: byId.get(appid)?.icon ?? '',
    })),
    mp_name: r.name ?? '',
    wxid: r.wxid ?? '',
    avatar: r.avatar ?? '',
    read,
    zan: Number(r.likes ?? 0),
    looking: Number(r.looking ?? 0),
    share: Number(r.shares ?? 0),
    comment: Number(r.comments ?? 0),
    update_time: r.last_ts ?? '',
    avg_read: Math.round(Number.isFinite(avg) ? avg : 0),
    quality_num: avg > 0 ? round2(read / avg) : 0,
    kind: r.kind ?? '',
    wechat_url: link.url,
    wechat_url_built: link.built,
  };
}

/** Sorts of the comment list; ties broken by article so pages are stable. */
export const COMMENT_SORTS = {
  comment: 'comments DESC',
  read: 'reads DESC',
  // Comments per 1000 reads: how much an article got its readers talking.
  rate: 'rate DESC',
  pubtime: 'pubtime DESC',
} as const satisfies Record<CommentSort, string>;

/**
 * Articles published in the last `days` days (of one account, or of every account) with their comment counts from
 * the last poll, sorted by `sort`. Articles no poll has reached yet are left out: their count is unknown, not 0.
 */
export async function commentRank(
  store: AnalyticsStore,
  q: { mid: number | null; days: number; sort: CommentSort; page: number; size: number; nowMs: number },
): Promise<{
  total: number;
  totals: { articles: number; comments: number; reads: number };
  list: CommentRow[];
}> {
  const nowS = Math.floor(q.nowMs / 1000);
  const scope = q.mid !== null ? 'mid = {mid:UInt64} AND ' : '';
  const rows = await store.query<{
    mid: string;
    aid: string;
    title: string;
    href: string;
    pubtime: string;
    idx: number;
    copyright_stat: number;
    name: string | null;
    wxid: string | null;
    avatar: string | null;
    reads: string;
    likes: string;
    looking: string;
    comments: string;
    rate: number;
    total: string;
    all_comments: string;
    all_reads: string;
  }>(
    `SELECT toString(a.mid) AS mid, a.aid AS aid, a.title AS title, a.href AS href, toString(a.pubtime) AS pubtime,
       a.idx AS idx, a.copyright_stat AS copyright_stat, ac.name AS name, ac.wxid AS wxid, ac.avatar AS avatar,
       l.reads AS reads, l.likes AS likes, l.looking AS looking, l.comments AS comments,
       if(l.reads = 0, 0, l.comments * 1000 / l.reads) AS rate,
       count() OVER () AS total, sum(l.comments) OVER () AS all_comments, sum(l.reads) OVER () AS all_reads
     FROM (SELECT mid, aid, title, href, pubtime, idx, copyright_stat FROM articles FINAL
           WHERE ${scope}pubtime > toDateTime({from:UInt32}) AND pubtime <= toDateTime({now:UInt32})) AS a
     INNER JOIN (${LATEST(`${scope}1`)}) AS l ON l.mid = a.mid AND l.aid = a.aid
     LEFT JOIN (SELECT mid, name, wxid, avatar FROM accounts FINAL ${q.mid !== null ? 'WHERE mid = {mid:UInt64}' : ''}) AS ac
       ON ac.mid = a.mid
     ORDER BY ${COMMENT_SORTS[q.sort]}, a.mid, a.aid
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    {
      mid: q.mid ?? 0,
      from: nowS - q.days * 86_400,
      now: nowS,
      limit: q.size,
      offset: (q.page - 1) * q.size,
    },
  );
  const first = rows[0];
  return {
    total: Number(first?.total ?? 0),
    totals: {
      articles: Number(first?.total ?? 0),
      comments: Number(first?.all_comments ?? 0),
      reads: Number(first?.all_reads ?? 0),
    },
    list: rows.map((r) => ({
      mid: Number(r.mid),
      aid: r.aid,
      post: `${r.mid}_${r.aid}`,
      title: r.title,
      href: r.href,
      pubtime: r.pubtime,
      position: Number(r.idx),
      original: originalTag(r.copyright_stat),
      mp_name: r.name ?? '',
      wxid: r.wxid ?? '',
      avatar: r.avatar ?? '',
      read: Number(r.reads),
      zan: Number(r.likes),
      looking: Number(r.looking),
      comment: Number(r.comments),
      comment_rate: round2(Number(r.rate)),
    })),
  };
}
