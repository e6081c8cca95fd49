import type { AnalyticsStore } from '../clickhouse/store';
import { highlight } from './keywords-query';
import type { ArticleRef } from './queries/article-reports';

/**
 * search/v1/main/detail (舆情详情): one article that matched the member's keywords (keyword_hits), with the
 * passages around each mention, the keywords it matched and its counters. Definitions: docs/analytics.md.
 */

/** Characters of body text kept on each side of a mention, and at most this many passages. */
export const CONTEXT_CHARS = 40;
export const MAX_CONTEXTS = 5;

const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every mention of the terms (ignoring case) in `text`, as passages of CONTEXT_CHARS around each, overlapping
 * passages merged, in text order; `…` marks a cut. Boundaries never split a surrogate pair.
 */
export function mentionContexts(text: string, terms: readonly string[]) {
  const sorted = [...new Set(terms)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (sorted.length === 0 || text === '') return { mentions: 0, passages: [] as string[] };
  const re = new RegExp(sorted.map(escapeRe).join('|'), 'giu');
  const spans: [number, number][] = [];
  let mentions = 0;
  for (const m of text.matchAll(re)) {
    mentions++;
    const i = m.index ?? 0;
    let a = Math.max(0, i - CONTEXT_CHARS);
    let b = Math.min(text.length, i + m[0].length + CONTEXT_CHARS);
    if (a > 0 && /[\udc00-\udfff]/.test(text[a] as string)) a--;
    if (b < text.length && /[\udc00-\udfff]/.test(text[b] as string)) b++;
    const prev = spans[spans.length - 1];
    if (prev && a <= prev[1]) prev[1] = Math.max(prev[1], b);
    else spans.push([a, b]);
  }
  const passages = spans
    .slice(0, MAX_CONTEXTS)
    .map(([a, b]) => `${a > 0 ? '…' : ''}${text.slice(a, b)}${b < text.length ? '…' : ''}`);
  return { mentions, passages };
}

export async function keywordHitDetail(store: AnalyticsStore, ref: ArticleRef, keywords: string[]) {
  if (keywords.length === 0) return null;
  const hits = await store.query<{ keyword: string; in_title: number; in_body: number; day: string }>(
    `SELECT keyword, in_title, in_body, toString(day) AS day FROM keyword_hits FINAL
     WHERE keyword IN {keywords:Array(String)} AND mid = {mid:UInt64} AND aid = {aid:String}
     ORDER BY keyword`,
    { keywords, mid: ref.mid, aid: ref.aid },
  );
  if (hits.length === 0) return null;
  const [a] = await store.query<{
    title: string;
    digest: string;
    content: string;
    href: string;
    idx: number;
    pubtime: string;
    author: string;
    name: string;
    wxid: string;
    avatar: string;
    owner: string;
    reads: string | null;
    likes: string | null;
    looking: string | null;
  }>(
    `SELECT a.title AS title, a.digest AS digest, a.content AS content, a.href AS href, a.idx AS idx,
       toString(a.pubtime) AS pubtime, a.author AS author, ac.name AS name, ac.wxid AS wxid, ac.avatar AS avatar,
       ac.owner AS owner, l.reads AS reads, l.likes AS likes, l.looking AS looking
     FROM (SELECT mid, aid, title, digest, content, href, idx, pubtime, author FROM articles FINAL
           WHERE mid = {mid:UInt64} AND aid = {aid:String} LIMIT 1) AS a
     LEFT JOIN (SELECT mid, name, wxid, avatar, owner FROM accounts FINAL WHERE mid = {mid:UInt64}) AS ac
       ON ac.mid = a.mid
     LEFT JOIN (SELECT mid, aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes,
                  argMaxMerge(looking) AS looking
                FROM article_latest WHERE mid = {mid:UInt64} AND aid = {aid:String} GROUP BY mid, aid) AS l
       ON l.mid = a.mid AND l.aid = a.aid`,
    { mid: ref.mid, aid: ref.aid },
  );
  if (!a) return null;
  const matched = hits.map((h) => h.keyword);
  const body = mentionContexts(a.content, matched);
  // Without body text (page not fetched) the digest stands in, as in user_keyword_search.
  const context = body.passages.length > 0 ? body : mentionContexts(a.digest, matched);
  return {
    post: `${ref.mid}_${ref.aid}`,
    mid: ref.mid,
    aid: ref.aid,
    title: a.title,
    title_highlight: highlight(a.title, matched),
    digest: a.digest,
    digest_highlight: highlight(a.digest, matched),
    href: a.href,
    position: Number(a.idx),
    pubtime: a.pubtime,
    author: a.author,
    mp_name: a.name ?? '',
    wxid: a.wxid ?? '',
    avatar: a.avatar ?? '',
    owner: a.owner ?? '',
    read: Number(a.reads ?? 0),
    zan: Number(a.likes ?? 0),
    looking: Number(a.looking ?? 0),
    keywords: hits.map((h) => ({
      keyword: h.keyword,
      in_title: Number(h.in_title),
      in_body: Number(h.in_body),
      mentions: mentionContexts(a.content, [h.keyword]).mentions,
    })),
    mentions: body.mentions,
    contexts: context.passages.map((p) => ({ excerpt: p, excerpt_highlight: highlight(p, matched) })),
  };
}
