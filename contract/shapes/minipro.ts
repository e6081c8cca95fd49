import { z } from 'zod';
import { pageNumber, pageSize } from '../inputs';
import { miniproCard } from './rankings';

/** The mini-program (小程序) calls of search/v1 (minipro_*): inputs and answers. */

/** A mini-program appid as article pages carry it (the same rule the article parser keeps). */
const appid = z
  .string({ message: '不能为空' })
  .trim()
  .regex(/^wx[0-9a-zA-Z]{6,30}$/, '格式应为 wx 开头的小程序 appid');

/** Sorts of minipro_search: exposure, articles embedding it, accounts embedding it. */
export const MINIPRO_SORTS = ['exposure', 'article', 'account'] as const;
export type MiniproSort = (typeof MINIPRO_SORTS)[number];
/** Sorts of minipro_article. */
export const MINIPRO_ARTICLE_SORTS = ['pubtime', 'read'] as const;
export type MiniproArticleSort = (typeof MINIPRO_ARTICLE_SORTS)[number];

export const miniproSearchInput = z.object({
  kw: z.string({ message: '不能为空' }).trim().min(1, '不能为空').max(30, '最长 30 个字'),
  sort: z.enum(MINIPRO_SORTS, { message: '只能是 exposure、article 或 account' }).default('exposure'),
  page: pageNumber,
  num: pageSize(50, 20),
});

export const miniproDetailInput = z.object({ appid });

export const miniproArticleInput = z.object({
  appid,
  orderby: z.enum(MINIPRO_ARTICLE_SORTS, { message: '只能是 pubtime 或 read' }).default('pubtime'),
  page: pageNumber,
  num: pageSize(50, 20),
});

export const miniproAccountInput = z.object({ appid, page: pageNumber, num: pageSize(50, 20) });

/** A mini-program with its exposure figures overall and over the last 30 days. */
export const minipro = miniproCard.extend({
  exposure_30d: z.number(),
  article_30d: z.number(),
  account_30d: z.number(),
  /** Publish time of the newest article embedding it ('' when none). */
  last_seen: z.string(),
});
export type Minipro = z.output<typeof minipro>;

export const miniproSearchPage = z.object({ total: z.number(), applet_data: z.array(minipro) });
export const miniproDetailAnswer = z.object({ applet: minipro });

/** An article embedding the mini-program. */
export const miniproArticle = z.object({
  mid: z.number(),
  aid: z.string(),
  mp_name: z.string(),
  avatar: z.string(),
  position: z.number(),
  title: z.string(),
  href: z.string(),
  pubtime: z.string(),
  read: z.number(),
  zan: z.number(),
  looking: z.number(),
});
export type MiniproArticle = z.output<typeof miniproArticle>;
export const miniproArticlePage = z.object({ total: z.number(), article_list: z.array(miniproArticle) });

/** An account whose articles embed the mini-program. */
export const miniproAccount = z.object({
  mid: z.number(),
  mp_name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  media: z.string(),
  /** Articles of this account embedding the mini-program, and their reads. */
  article_num: z.number(),
  exposure_num: z.number(),
  last_pubtime: z.string(),
});
export type MiniproAccount = z.output<typeof miniproAccount>;
export const miniproAccountPage = z.object({ total: z.number(), accounts: z.array(miniproAccount) });
