import { z } from 'zod';
import { accountId, pageNumber, pageSize } from '../inputs';
import { optionalText, sentRecordId } from '../member-fields';
import { blankToUndefined as blank } from '../monitor-inputs';

/**
 * Keyword monitoring (舆情) for the member's own subscriptions: the subscriptions (userkeyword,
 * modify_userkeyword), the articles and video posts that mention them (user_keyword_search,
 * video_keyword_search). Definitions: docs/analytics.md.
 */

/** The refusal of a read of a keyword the member does not subscribe. */
export const notSubscribed = (keyword: string) => `未订阅关键词"${keyword}"，请先添加关键词`;

// ---------- inputs ----------

/** A subscribed term: 1–20 characters. */
const term = optionalText(100).pipe(z.string().min(1, '关键词不能为空').max(20, '关键词不能超过20个字'));
export const keywordInput = z.object({ keyword: term });
export const keywordIdInput = z.object({ id: sentRecordId('关键词ID无效') });
export const keywordModifyInput = keywordIdInput.extend({ keyword: term });

/** Longest window of the keyword reads, in days; a subscribed term's history reaches 30 days back. */
export const KEYWORD_MAX_DAYS = 90;
export const keywordDays = z.coerce
  .number({ message: '必须是数字' })
  .int('必须是整数')
  .min(1, '最小为 1')
  .max(KEYWORD_MAX_DAYS, `最大为 ${KEYWORD_MAX_DAYS}`)
  .default(7);
/** One of the member's own keywords; empty means all of them. */
export const ownKeyword = z.preprocess(
  (v) => (v === undefined || v === null ? undefined : String(v).trim() || undefined),
  z.string().max(20, '不能超过20个字').optional(),
);
export const keywordSearchInput = z.object({
  keyword: ownKeyword,
  page: pageNumber,
  pagesize: pageSize(50, 20),
  days: keywordDays,
});
/** video_keyword_search: the same fields, the window first. */
export const videoKeywordInput = z.object({
  keyword: ownKeyword,
  days: keywordDays,
  page: pageNumber,
  pagesize: pageSize(50, 20),
});

/** main/detail: one article that matched the member's keywords, by post or by mid and aid. */
export const keywordHitInput = z
  .object({
    post: z.preprocess(blank, z.string().trim().max(64, '格式不正确').optional()),
    mid: z.preprocess(blank, accountId.optional()),
    aid: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^\d{1,19}_\d{1,2}$/, '格式不正确')
        .optional(),
    ),
    keyword: z.preprocess(blank, z.string().trim().max(20, '不能超过20个字').optional()),
  })
  .refine((v) => v.post !== undefined || (v.mid !== undefined && v.aid !== undefined), {
    message: '不能为空（请提供 post，或 mid 与 aid）',
    path: ['post'],
  });

// ---------- answers ----------

export const memberKeyword = z.object({ id: z.number(), keyword: z.string(), created_at: z.string() });
export type MemberKeywordRow = z.output<typeof memberKeyword>;
export const keywordAdded = z.object({ id: z.number() });

/** An article that mentions subscribed keywords, with the mentions marked in its title and excerpt. */
export const keywordArticle = z.object({
  mid: z.number(),
  aid: z.string(),
  position: z.number(),
  title: z.string(),
  title_highlight: z.string(),
  excerpt: z.string(),
  excerpt_highlight: z.string(),
  href: z.string(),
  pubtime: z.string(),
  read: z.number(),
  zan: z.number(),
  looking: z.number(),
  keywords: z.array(z.string()),
  in_title: z.number(),
  mp_name: z.string(),
  name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
});
export type KeywordArticle = z.output<typeof keywordArticle>;
export const keywordArticlePage = z.object({
  list: z.array(keywordArticle),
  total: z.number(),
  page: z.number(),
  pagesize: z.number(),
  days: z.number(),
  keywords: z.array(z.string()),
});

/** A video post whose description mentions subscribed keywords, with its latest counters. */
export const videoKeywordHit = z.object({
  finder_id: z.string(),
  post_id: z.string(),
  mid: z.number(),
  mp_name: z.string(),
  avatar: z.string(),
  desc: z.string(),
  cover: z.string(),
  duration: z.number(),
  pubtime: z.string(),
  read: z.number(),
  like: z.number(),
  comment: z.number(),
  forward: z.number(),
  /** The keywords the description mentions (case-insensitive). */
  keywords: z.array(z.string()),
  update_time: z.string(),
});
export type VideoKeywordHit = z.output<typeof videoKeywordHit>;
export const videoKeywordPage = keywordArticlePage
  .omit({ list: true })
  .extend({ list: z.array(videoKeywordHit) });

/** main/detail: the article, the keywords it mentions and the passages around the mentions. */
export const keywordHitDetail = z.object({
  post: z.string(),
  mid: z.number(),
  aid: z.string(),
  title: z.string(),
  title_highlight: z.string(),
  digest: z.string(),
  digest_highlight: z.string(),
  href: z.string(),
  position: z.number(),
  pubtime: z.string(),
  author: z.string(),
  mp_name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  owner: z.string(),
  read: z.number(),
  zan: z.number(),
  looking: z.number(),
  keywords: z.array(
    z.object({ keyword: z.string(), in_title: z.number(), in_body: z.number(), mentions: z.number() }),
  ),
  mentions: z.number(),
  contexts: z.array(z.object({ excerpt: z.string(), excerpt_highlight: z.string() })),
});
export type KeywordHitDetail = z.output<typeof keywordHitDetail>;
