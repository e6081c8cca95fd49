import { backfillKeyword } from '../clickhouse/keyword-hits';
import type { AnalyticsStore } from '../clickhouse/store';
import type { KeywordCounts } from '../contract/shapes/keyword-trends';
import type { Clock } from '../core/clock';
import type { Logger } from '../core/log';
import { addDays, beijingDay } from '../core/periods';
import { type MemberKeyword, memberKeywords, termSubscribed } from '../members/keywords';
import type { MemberDb } from '../postgres/db';

/**
 * Keyword monitoring (舆情) for members: which terms the stream processor matches (keyword_terms, mirrored from
 * PostgreSQL's user_keywords), and the members' reads of keyword_hits / keyword_daily. Definitions:
 * docs/analytics.md.
 */

export interface KeywordDeps {
  store: AnalyticsStore;
  db: MemberDb;
  clock: Clock;
  log: Logger;
}

/**
 * Mirrors whether anyone subscribes each term into keyword_terms, after user_keywords changed. The row's
 * version is PostgreSQL's statement time of the check, so of two racing changes the one that saw the later
 * state wins. A term that becomes active is matched against the recent history once (backfillKeyword); if that
 * fails the term is written back as inactive, so the next read (ensureKeywordTerms) tries again.
 */
export async function syncKeywordTerms(deps: KeywordDeps, keywords: readonly string[]): Promise<void> {
  for (const keyword of new Set(keywords)) {
    const [prev] = await deps.store.query<{ active: number }>(
      'SELECT active FROM keyword_terms FINAL WHERE keyword = {keyword:String}',
      { keyword },
    );
    const state = await termSubscribed(deps.db, keyword);
    const row = { keyword, active: state.active ? 1 : 0, updated_at: state.at };
    await deps.store.insert('keyword_terms', [row]);
    if (!state.active || Number(prev?.active ?? 0) === 1) continue;
    try {
      await backfillKeyword(deps.store, keyword, {
        today: beijingDay(deps.clock.now()),
        version: Date.now(),
      });
    } catch (err) {
      // Same version, inserted later: this row wins, and the term is activated again on the next read.
      await deps.store.insert('keyword_terms', [{ ...row, active: 0 }]);
      throw err;
    }
  }
}

/**
 * Activates a member's terms that keyword_terms does not have as active (subscribed before this feature, or a
 * mirror write that failed), so what a member reads always covers their keywords.
 */
export async function ensureKeywordTerms(deps: KeywordDeps, keywords: readonly string[]): Promise<void> {
  if (keywords.length === 0) return;
  const rows = await deps.store.query<{ keyword: string }>(
    'SELECT keyword FROM keyword_terms FINAL WHERE keyword IN {keywords:Array(String)} AND active = 1',
    { keywords: [...keywords] },
  );
  const active = new Set(rows.map((r) => r.keyword));
  const missing = keywords.filter((k) => !active.has(k));
  if (missing.length > 0) await syncKeywordTerms(deps, missing);
}

/**
 * The member's keywords a read covers (all, or only `only`), their terms made active; null when `only` is not one
 * of theirs.
 */
export async function chosenKeywords(
  deps: KeywordDeps,
  userId: number,
  only: string | undefined,
): Promise<MemberKeyword[] | null> {
  const mine = await memberKeywords(deps.db, userId);
  const chosen = only === undefined ? mine : mine.filter((k) => k.keyword === only);
  if (only !== undefined && chosen.length === 0) return null;
  await ensureKeywordTerms(
    deps,
    chosen.map((k) => k.keyword),
  );
  return chosen;
}

/** The window of `days` Beijing calendar days ending today (inclusive), and its dates in order. */
export function dayWindow(nowMs: number, days: number): { from: string; today: string; dates: string[] } {
  const today = beijingDay(nowMs);
  const from = addDays(today, -(days - 1));
  return { from, today, dates: Array.from({ length: days }, (_, i) => addDays(from, i)) };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

/** HTML-escaped text with every occurrence of the keywords (ignoring case) wrapped in <em>. */
export function highlight(text: string, keywords: readonly string[]): string {
  const terms = [...new Set(keywords)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (terms.length === 0) return escapeHtml(text);
  const re = new RegExp(terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
  let out = '';
  let last = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    out += `${escapeHtml(text.slice(last, i))}<em>${escapeHtml(m[0])}</em>`;
    last = i + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** Characters of body text shown before the first match, and in all. */
const EXCERPT_BEFORE = 30;
const EXCERPT_LENGTH = 120;

export interface KeywordArticleQuery {
  keywords: string[];
  from: string;
  today: string;
  page: number;
  size: number;
}

interface HitRow {
  mid: string;
  aid: string;
  idx: string;
  title: string;
  pubtime: string;
  reads: string;
  likes: string;
  looking: string;
  keywords: string[];
  in_title: string;
}

interface TextRow {
  mid: string;
  aid: string;
  href: string;
  excerpt: string;
  cut: string;
  name: string;
  wxid: string;
  avatar: string;
}

/** user_keyword_search: the articles matching any of the keywords, newest first, one row per article. */
export async function keywordArticles(store: AnalyticsStore, q: KeywordArticleQuery) {
  const params = {
    keywords: q.keywords,
    from: q.from,
    today: q.today,
    limit: q.size,
    offset: (q.page - 1) * q.size,
  };
  const hits = `SELECT * FROM keyword_hits FINAL
    WHERE keyword IN {keywords:Array(String)} AND day >= {from:Date} AND day <= {today:Date}`;
  const [count] = await store.query<{ total: string }>(
    `SELECT uniqExact(mid, aid) AS total FROM (${hits})`,
    params,
  );
  const rows = await store.query<HitRow>(
    `SELECT toString(g.mid) AS mid, g.aid AS aid, g.i AS idx, g.t AS title, toString(g.p) AS pubtime,
       g.r AS reads, g.l AS likes, g.lk AS looking, g.ks AS keywords, g.it AS in_title
     FROM (
       SELECT mid, aid, any(idx) AS i, any(title) AS t, any(pubtime) AS p, max(reads) AS r, max(likes) AS l,
         max(looking) AS lk, arraySort(groupArray(keyword)) AS ks, max(in_title) AS it
       FROM (${hits})
       GROUP BY mid, aid
     ) AS g
     ORDER BY g.p DESC, g.mid, g.aid
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    params,
  );
  const texts = new Map<string, TextRow>();
  if (rows.length > 0) {
    const found = await store.query<TextRow>(
      `SELECT toString(a.mid) AS mid, a.aid AS aid, a.href AS href,
         multiSearchFirstPositionCaseInsensitiveUTF8(a.content, {keywords:Array(String)}) AS cpos,
         multiSearchFirstPositionCaseInsensitiveUTF8(a.digest, {keywords:Array(String)}) AS dpos,
         multiIf(
           cpos > 0, substringUTF8(a.content, greatest(1, cpos - ${EXCERPT_BEFORE}), ${EXCERPT_LENGTH}),
           dpos > 0 OR a.digest != '', substringUTF8(a.digest, 1, ${EXCERPT_LENGTH}),
           substringUTF8(a.content, 1, ${EXCERPT_LENGTH})) AS excerpt,
         cpos > ${EXCERPT_BEFORE + 1} AS cut,
         ac.name AS name, ac.wxid AS wxid, ac.avatar AS avatar
       FROM (
         SELECT mid, aid, href, digest, content FROM articles FINAL
         WHERE mid IN {mids:Array(UInt64)} AND concat(toString(mid), '/', aid) IN {keys:Array(String)}
       ) AS a
       LEFT JOIN (SELECT mid, name, wxid, avatar FROM accounts FINAL WHERE mid IN {mids:Array(UInt64)}) AS ac
         ON ac.mid = a.mid`,
      {
        keywords: q.keywords,
        mids: [...new Set(rows.map((r) => Number(r.mid)))],
        keys: rows.map((r) => `${r.mid}/${r.aid}`),
      },
    );
    for (const t of found) texts.set(`${t.mid}/${t.aid}`, t);
  }
  const list = rows.map((r) => {
    const t = texts.get(`${r.mid}/${r.aid}`);
    const excerpt = t ? `${Number(t.cut) ? '…' : ''}${t.excerpt}` : '';
    return {
      mid: Number(r.mid),
      aid: r.aid,
      position: Number(r.idx),
      title: r.title,
      title_highlight: highlight(r.title, r.keywords),
      excerpt,
      excerpt_highlight: highlight(excerpt, r.keywords),
      href: t?.href ?? '',
      pubtime: r.pubtime,
      read: Number(r.reads),
      zan: Number(r.likes),
      looking: Number(r.looking),
      keywords: r.keywords,
      in_title: Number(r.in_title),
      mp_name: t?.name ?? '',
      name: t?.name ?? '',
      wxid: t?.wxid ?? '',
      avatar: t?.avatar ?? '',
    };
  });
  return { list, total: Number(count?.total ?? 0), page: q.page, pagesize: q.size };
}

export type { KeywordCounts };

const ZERO: KeywordCounts = { articles: 0, accounts: 0, reads: 0, title_hits: 0 };

interface CountRow {
  keyword?: string;
  date?: string;
  articles: string;
  accounts: string;
  reads: string;
  title_hits: string;
}

const counts = (r: CountRow | undefined): KeywordCounts =>
  r
    ? {
        articles: Number(r.articles),
        accounts: Number(r.accounts),
        reads: Number(r.reads),
        title_hits: Number(r.title_hits),
      }
    : { ...ZERO };

/** Totals of each keyword over the window: accounts are distinct over the whole window, not summed per day. */
async function keywordTotals(store: AnalyticsStore, keywords: string[], from: string, today: string) {
  const rows = await store.query<CountRow>(
    `SELECT keyword, count() AS articles, uniqExact(mid) AS accounts, sum(reads) AS reads,
       countIf(in_title = 1) AS title_hits
     FROM keyword_hits FINAL
     WHERE keyword IN {keywords:Array(String)} AND day >= {from:Date} AND day <= {today:Date}
     GROUP BY keyword`,
    { keywords, from, today },
  );
  return new Map(rows.map((r) => [r.keyword as string, counts(r)]));
}

/** public_sentimen: per keyword, its totals and its per-day counts (every day of the window, zeros included). */
export async function keywordSeries(
  store: AnalyticsStore,
  keywords: MemberKeyword[],
  w: { from: string; today: string; dates: string[] },
) {
  const names = keywords.map((k) => k.keyword);
  const rows = await store.query<CountRow>(
    `SELECT keyword, toString(day) AS date, articles, accounts, reads, title_hits FROM keyword_daily
     WHERE keyword IN {keywords:Array(String)} AND day >= {from:Date} AND day <= {today:Date}`,
    { keywords: names, from: w.from, today: w.today },
  );
  const byKey = new Map(rows.map((r) => [`${r.keyword}/${r.date}`, r]));
  const totals = await keywordTotals(store, names, w.from, w.today);
  return keywords.map((k) => ({
    id: k.id,
    keyword: k.keyword,
    total: totals.get(k.keyword) ?? { ...ZERO },
    series: w.dates.map((date) => ({ date, ...counts(byKey.get(`${k.keyword}/${date}`)) })),
  }));
}

/**
 * overview_public: totals per keyword, and one trend series per day over all the keywords together, where an
 * article matching several keywords counts once.
 */
export async function keywordOverview(
  store: AnalyticsStore,
  keywords: MemberKeyword[],
  w: { from: string; today: string; dates: string[] },
) {
  const names = keywords.map((k) => k.keyword);
  if (names.length === 0)
    return { total: { ...ZERO }, keywords: [], trend: w.dates.map((date) => ({ date, ...ZERO })) };
  const totals = await keywordTotals(store, names, w.from, w.today);
  const params = { keywords: names, from: w.from, today: w.today };
  const perArticle = `SELECT day, mid, aid, max(reads) AS reads, max(in_title) AS in_title
    FROM keyword_hits FINAL
    WHERE keyword IN {keywords:Array(String)} AND day >= {from:Date} AND day <= {today:Date}
    GROUP BY day, mid, aid`;
  const trend = await store.query<CountRow>(
    `SELECT toString(day) AS date, count() AS articles, uniqExact(mid) AS accounts, sum(reads) AS reads,
       countIf(in_title = 1) AS title_hits
     FROM (${perArticle}) GROUP BY day`,
    params,
  );
  const [all] = await store.query<CountRow>(
    `SELECT count() AS articles, uniqExact(mid) AS accounts, sum(reads) AS reads, countIf(in_title = 1) AS title_hits
     FROM (${perArticle})`,
    params,
  );
  const byDay = new Map(trend.map((r) => [r.date as string, r]));
  return {
    total: counts(all),
    keywords: keywords.map((k) => ({ id: k.id, keyword: k.keyword, ...(totals.get(k.keyword) ?? ZERO) })),
    trend: w.dates.map((date) => ({ date, ...counts(byDay.get(date)) })),
  };
}
