import { z } from 'zod';
import { accountId, flag, optionalDate, pageNumber, pageSize } from '../inputs';

/** follow/v1 (spec §7): similar articles of one article, the followed accounts' feed and keyword search. */

export const similarInput = z.object({
  aid: z
    .string()
    .trim()
    .regex(/^\d{1,20}_[1-8]$/, '格式应为 msgid_位置，如 2247483650_1')
    .optional(),
  mid: accountId.optional(),
  article_url: z.string().trim().min(1, '不能为空').max(2000, '最长 2000 个字符').optional(),
  /** 1: only headline (position 1) articles, like the table's 头条 checkbox. */
  top: flag,
  page: pageNumber,
  pagesize: pageSize(50, 20),
});

export const followInput = z.object({
  // "1,2,3", a repeated field, or a JSON array.
  mids: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(accountId, { message: '必须是逗号分隔的公众号ID' }).min(1, '至少 1 个').max(200, '最多 200 个'),
  ),
  page: pageNumber,
  pagesize: pageSize(50, 20),
});

/** Where follow_key_search looks for the keyword. */
export const FOLLOW_SEARCH_SCOPES = ['all', 'title', 'body'] as const;
export type FollowSearchScope = (typeof FOLLOW_SEARCH_SCOPES)[number];
export const FOLLOW_SEARCH_ORDERS = ['pubtime', 'read'] as const;
export type FollowSearchOrder = (typeof FOLLOW_SEARCH_ORDERS)[number];

export const followSearchInput = z.object({
  kw: z.string({ message: '不能为空' }).trim().min(1, '不能为空').max(30, '最长 30 个字'),
  kw_type: z.enum(FOLLOW_SEARCH_SCOPES, { message: '只能是 all、title 或 body' }).default('all'),
  group_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: '必须是数字' })
      .int('必须是整数')
      .positive('必须是正整数')
      .max(Number.MAX_SAFE_INTEGER, '超出范围')
      .optional(),
  ),
  start_time: optionalDate,
  end_time: optionalDate,
  orderby: z.enum(FOLLOW_SEARCH_ORDERS, { message: '只能是 pubtime 或 read' }).default('pubtime'),
  page: pageNumber,
  pagesize: pageSize(50, 20),
});

/** One row of the similar-article table and of the follow feed (spec §2, §3 history article). */
export const articleItem = z.object({
  position: z.number(),
  idx: z.number(),
  title: z.string(),
  href: z.string(),
  avatar: z.string(),
  mp_name: z.string(),
  mid: z.number(),
  aid: z.string(),
  media: z.string(),
  /** Reads ÷ the account's average reads (account_stats.avg_reads); 0 when the account has no average yet. */
  quality_num: z.number(),
  read: z.number(),
  zan: z.number(),
  looking: z.number(),
  pubtime: z.string(),
});
export type ArticleItem = z.output<typeof articleItem>;

export const similarItem = articleItem.extend({
  /** Match degree 0–1 (the answer's `rule` states the formula). */
  match: z.number(),
  title_similarity: z.number(),
  digest_similarity: z.number(),
  same_media: z.boolean(),
});
export type SimilarItem = z.output<typeof similarItem>;

export const similarPage = z.object({
  mid: z.number(),
  aid: z.string(),
  total: z.number(),
  article_list: z.array(similarItem),
  rule: z.string(),
});
export type SimilarPage = z.output<typeof similarPage>;

export const followFeed = z.object({ total: z.number(), article_list: z.array(articleItem) });
export type FollowFeed = z.output<typeof followFeed>;

export const followSearchPage = z.object({
  kw: z.string(),
  /** How many followed accounts were searched. */
  accounts: z.number(),
  total: z.number(),
  article_list: z.array(articleItem),
});
export type FollowSearchPage = z.output<typeof followSearchPage>;
