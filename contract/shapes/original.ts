import { z } from 'zod';
import { accountId, pageNumber, pageSize } from '../inputs';
import { listArticle } from './lists';
import { ACCOUNT_MINIPRO_SORT_KEYS, accountMinipro } from './minipros';
import { rankedAccount, rankPage } from './rankings';

/** original/v1 (spec §7 原创): the 原创 lists, an account's 阅读原文 links and embedded mini-programs. */

/** Windows the original lists offer (days, today included). */
export const ORIGINAL_DAYS = [1, 7, 30] as const;
/** Sort keys of hotarticle: reads, likes (点赞), newest. */
export const HOT_ORIGINAL_SORT_KEYS = ['read', 'zan', 'pubtime'] as const;
export type HotOriginalSort = (typeof HOT_ORIGINAL_SORT_KEYS)[number];
/** Sort keys of the 阅读原文 list (spec §9: publish time, reads, likes). */
export const LINK_ORDER_KEYS = ['pubtime', 'read', 'zan'] as const;
export type LinkOrder = (typeof LINK_ORDER_KEYS)[number];

const days = (byDefault: number) =>
  z.coerce
    .number({ message: '必须是数字' })
    .refine((d) => (ORIGINAL_DAYS as readonly number[]).includes(d), '只能是 1、7 或 30')
    .default(byDefault);
const category = z.string().trim().max(30, '最长 30 个字');

export const oneLevelInput = z.object({ days: days(30) });
export const secondLevelInput = z.object({
  media: category.min(1, '请选择一级分类'),
  days: days(30),
  page: pageNumber,
  pagesize: pageSize(100, 50),
});
export const hotOriginalInput = z.object({
  media: category.optional(),
  tag: category.optional(),
  days: days(7),
  orderby: z.enum(HOT_ORIGINAL_SORT_KEYS, { message: '只能是 read、zan 或 pubtime' }).default('read'),
  page: pageNumber,
  pagesize: pageSize(50, 20),
});
export const linksInput = z.object({
  id: accountId,
  page: pageNumber,
  // The 阅读原文 pager is 10 per page (spec §9).
  pagesize: pageSize(10),
  days: z.coerce
    .number({ message: '必须是数字' })
    .refine((d) => [1, 7, 30, 60].includes(d), '只能是 1、7、30 或 60')
    .default(30),
  orderby: z.enum(LINK_ORDER_KEYS, { message: '只能是 pubtime、read 或 zan' }).default('pubtime'),
});
export const appletInput = z.object({
  id: accountId,
  page: pageNumber,
  pagesize: pageSize(50, 10),
  orderby: z
    .enum(ACCOUNT_MINIPRO_SORT_KEYS, { message: '只能是 exposure、article、account 或 read' })
    .default('exposure'),
});

/** An industry with original articles in the window. */
export const originalCategory = z.object({
  media: z.string(),
  /** Original articles published in the window by accounts of this industry. */
  article_num: z.number(),
  /** Accounts with at least one of them. */
  account_num: z.number(),
  /** Their latest reads, summed. */
  read_num: z.number(),
});
export type OriginalCategory = z.output<typeof originalCategory>;

/** A tag of the industry's accounts (an article counts once per tag). */
export const originalTag = z.object({
  tag: z.string(),
  article_num: z.number(),
  account_num: z.number(),
  read_num: z.number(),
});
export type OriginalTag = z.output<typeof originalTag>;

export const oneLevel = z.object({
  days: z.number(),
  total_number: z.number(),
  article_total: z.number(),
  list: z.array(originalCategory),
});
export const secondLevel = z.object({
  media: z.string(),
  days: z.number(),
  total_number: z.number(),
  list: z.array(originalTag),
});
export const hotOriginalPage = z.object({ total_number: z.number(), article_list: z.array(listArticle) });

/** A row of the original-accounts rank list: the ranking row with its original articles' reads and share. */
export const originalRankRow = rankedAccount.extend({
  original_reads: z.number(),
  original_avg_read: z.number(),
  original_share: z.number(),
});
export type OriginalRankRow = z.output<typeof originalRankRow>;
export const originalRankPage = rankPage
  .omit({ list: true, total: true })
  .extend({ total_number: z.number(), list: z.array(originalRankRow) });
export type OriginalRankPage = z.output<typeof originalRankPage>;

/** An account's article with a 阅读原文 link. */
export const originalLink = z.object({
  article_position: z.number(),
  article_title: z.string(),
  article_url: z.string(),
  mp_name: z.string(),
  article_pubtime: z.string(),
  article_readnum: z.number(),
  article_zannum: z.number(),
  original_address: z.string(),
  /** `<mid>_<aid>` of the article (our article page), beyond the spec's fields. */
  post: z.string(),
});
export type OriginalLink = z.output<typeof originalLink>;
export const originalLinkPage = z.object({ total_number: z.number(), article_list: z.array(originalLink) });
export const accountAppletPage = z.object({ total_number: z.number(), applet_data: z.array(accountMinipro) });
