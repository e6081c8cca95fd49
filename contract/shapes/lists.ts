import { z } from 'zod';
import { accountId, noNul, pageNumber, pageSize } from '../inputs';

/** Sort keys of the article lists (今日热文, 低粉爆文, article search); `ratio` is meaningful for 低粉爆文. */
export const LIST_SORT_KEYS = ['read', 'zan', 'looking', 'pubtime', 'ratio'] as const;
export type ListSort = (typeof LIST_SORT_KEYS)[number];

const reads = z.coerce.number({ message: '必须是数字' }).int('必须是整数').min(0, '不能为负').optional();

/** The lists' filters (main/v1 today_hot, burst). */
export const listInput = z.object({
  media: z.string().trim().max(30, '最长 30 个字').optional(),
  min_read: reads,
  max_read: reads,
  original: z.enum(['0', '1'], { message: '只能是 0 或 1' }).default('0'),
  sort: z.enum(LIST_SORT_KEYS, { message: `只能是 ${LIST_SORT_KEYS.join('、')}` }).default('read'),
  page: pageNumber,
  num: pageSize(100, 20),
});
export type ListInput = z.output<typeof listInput>;

export const BURST_DAYS = [1, 3, 7, 30] as const;
export type BurstDays = (typeof BURST_DAYS)[number];

/** 低粉爆文 adds its window: the last 1, 3, 7 or 30 days. */
export const burstInput = listInput.extend({
  days: z.coerce
    .number({ message: '必须是数字' })
    .refine((d): d is BurstDays => (BURST_DAYS as readonly number[]).includes(d), '只能是 1、3、7 或 30')
    .default(7),
});

/** One article of an article list over article_metrics (today_hot, burst, article search, hot articles). */
export const listArticle = z.object({
  mid: z.number(),
  aid: z.string(),
  position: z.number(),
  /** 1: original. */
  tag: z.union([z.literal(0), z.literal(1)]),
  title: z.string(),
  href: z.string(),
  pubtime: z.string(),
  media: z.string(),
  area: z.string(),
  read: z.number(),
  zan: z.number(),
  looking: z.number(),
  mp_name: z.string(),
  name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  /** The account's estimated active fans (docs/analytics.md). */
  fans: z.number(),
  /** Reads ÷ the account's median reads over 30 days: how far above its usual the article went. */
  burst_ratio: z.number(),
  /** Relative read quality and like value (spec): ÷ the account's average. */
  quality_num: z.number(),
  relative_zan: z.number(),
});
export type ListArticle = z.output<typeof listArticle>;

/** A page of an article list. */
export const articleListPage = z.object({ total: z.number(), article_list: z.array(listArticle) });
export type ArticleListPage = z.output<typeof articleListPage>;

/** The definitions as the pages show them (list_rules). */
export const hotRule = z.object({ text: z.string(), min_read: z.number() });
export type HotRule = z.output<typeof hotRule>;
export const burstRule = z.object({
  text: z.string(),
  min_read: z.number(),
  min_ratio: z.number(),
  max_fans: z.number(),
});
export type BurstRule = z.output<typeof burstRule>;
export const listRules = z.object({ burst: burstRule, hot: hotRule });
export type ListRules = z.output<typeof listRules>;

export const todayHotList = articleListPage.extend({ rule: hotRule });
export type TodayHotList = z.output<typeof todayHotList>;
export const burstList = articleListPage.extend({ days: z.number(), rule: burstRule });
export type BurstList = z.output<typeof burstList>;

/** Trimmed required text of at most `max` characters. */
const text = (max: number) =>
  z
    .string({ message: '不能为空' })
    .trim()
    .min(1, '不能为空')
    .max(max, `最长 ${max} 个字`)
    .refine(...noNul);

export const TITLE_SEARCH_DAYS = [1, 7, 30, 90, 180, 365] as const;

/** article_search_/title: a title keyword over the last `days` days, with the lists' filters. */
export const titleSearchInput = listInput.extend({
  kw: text(50),
  days: z.coerce
    .number({ message: '必须是数字' })
    .refine((d) => (TITLE_SEARCH_DAYS as readonly number[]).includes(d), '只能是 1、7、30、90、180 或 365')
    .default(30),
});

/** article_hot: an account's hot articles, at most 50 (10 by default). */
export const hotArticlesInput = z.object({ mid: accountId, num: pageSize(50, 10) });
