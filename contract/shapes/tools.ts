import { z } from 'zod';
import { accountId, pageNumber, pageSize } from '../inputs';
import { readCounts } from './article-reports';

/** The tools/v1 calls: link tools (permanent links, short links) and article tools (content, reads, comments). */

/** Links one batch conversion takes (paid members; a free member converts one at a time). */
export const BATCH_MAX = 20;
/** Lines one batch reads query takes (the read-count tool's batch page). */
export const READ_BATCH_MAX = 20;
/** The comment list's time windows, days. */
export const COMMENT_DAYS = [1, 7, 30] as const;
/** The comment list's sorts (api/article-tools-query.ts orders by each). */
export const COMMENT_SORT_KEYS = ['comment', 'read', 'rate', 'pubtime'] as const;
export type CommentSort = (typeof COMMENT_SORT_KEYS)[number];

/** What a page answers when an article is not collected: the inclusion popup takes its link. */
export const NOT_COLLECTED = '文章尚未收录：请通过“公众号收录”提交文章链接，收录后即可查看';

const link = z.string({ message: '不能为空' }).trim().min(1, '不能为空').max(2000, '最长 2000 个字符');
/** One link a line (or separated by spaces or commas), as the batch pages' text boxes send them. */
const lines = (item: z.ZodString, max: number) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/[\s,]+/)
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item, { message: '必须是每行一个的链接' }).min(1, '至少 1 个').max(max, `最多 ${max} 个`),
  );

export const permanentInput = z.object({ url: link.optional(), urls: lines(link, BATCH_MAX).optional() });
export const linkInput = z.object({ url: link });
export const shortLinkListInput = z.object({ page: pageNumber, num: pageSize(50, 20) });
export const readBatchInput = z.object({
  urls: lines(z.string().trim().min(1).max(2000, '每行最长 2000 个字符'), READ_BATCH_MAX),
});
export const commentRankInput = z.object({
  mid: z.preprocess((v) => (v === '' || v === null ? undefined : v), accountId.optional()),
  days: z.coerce
    .number({ message: '必须是数字' })
    .refine((n) => (COMMENT_DAYS as readonly number[]).includes(n), `只能是 ${COMMENT_DAYS.join('、')}`)
    .default(7),
  sort: z.enum(COMMENT_SORT_KEYS, { message: `只能是 ${COMMENT_SORT_KEYS.join('、')}` }).default('comment'),
  page: pageNumber,
  num: pageSize(50, 20),
});

const linkKind = z.enum(['temporary', 'short', 'long']);
const zeroOne = z.union([z.literal(0), z.literal(1)]);

/** An article's permanent link and identity, as its page gave them. */
export const permanentItem = z.object({
  url: z.string(),
  biz: z.string(),
  msgid: z.number(),
  idx: z.number(),
  sn: z.string(),
  mid: z.number(),
  aid: z.string(),
  title: z.string(),
  mp_name: z.string(),
  pubtime: z.string(),
  original: zeroOne,
});
const permanentOne = permanentItem.extend({ input: z.string(), kind: linkKind });
/** One line of a batch: its permanent link, or why not. */
const permanentLine = z.union([
  permanentItem.extend({ input: z.string(), ok: z.literal(true), kind: linkKind }),
  z.object({ input: z.string(), ok: z.literal(false), kind: linkKind.optional(), msg: z.string() }),
]);
/** One link (url) converted, or a batch (urls) line by line. */
export const permanentAnswer = z.union([
  permanentOne,
  z.object({ total: z.number(), success: z.number(), list: z.array(permanentLine) }),
]);

/** A short link's long link: one of ours from the store, or WeChat's through the upstream. */
export const longLink = z.union([
  z.object({ input: z.string(), source: z.literal('site'), url: z.string() }),
  permanentItem.extend({ input: z.string(), source: z.literal('wechat'), kind: linkKind }),
]);

export const shortLinkMade = z.object({
  code: z.string(),
  short_url: z.string(),
  url: z.string(),
  /** False when the member had already shortened this link (the same code again). */
  created: z.boolean(),
});
export const shortLinkPage = z.object({
  total: z.number(),
  list: z.array(
    z.object({
      code: z.string(),
      url: z.string(),
      hits: z.number(),
      created_at: z.string(),
      short_url: z.string(),
    }),
  ),
});

/** A collected article's parsed page, latest counters and relative read quality. */
export const articleContent = z.object({
  post: z.string(),
  mid: z.number(),
  aid: z.string(),
  title: z.string(),
  digest: z.string(),
  author: z.string(),
  cover: z.string(),
  url: z.string(),
  pubtime: z.string(),
  position: z.number(),
  original: zeroOne,
  source_url: z.string(),
  /** Body text of the page (#js_content as text); '' when the page was not fetched. */
  content: z.string(),
  has_content: zeroOne,
  mini_programs: z.array(z.object({ appid: z.string(), title: z.string(), icon: z.string() })),
  mp_name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  read: z.number(),
  zan: z.number(),
  looking: z.number(),
  share: z.number(),
  comment: z.number(),
  update_time: z.string(),
  /** The account's average reads over its crawled articles (as the history tab computes it). */
  avg_read: z.number(),
  /** Relative read quality: reads ÷ avg_read (spec, history tab). */
  quality_num: z.number(),
  /** Message kind (core/message-kind.ts: article 图文, picture, text, video, voice, share); '' when not read. */
  kind: z.string(),
  /**
   * The article on WeChat: the stored link when it is an mp.weixin.qq.com one, else (a demo's simulator link) the
   * canonical https://mp.weixin.qq.com/s?__biz=…&mid=…&idx=…&sn=… built from the article's identity.
   */
  wechat_url: z.string(),
  /** 1 when wechat_url was built because the stored link is not WeChat's (demo data): it is shown marked 演示. */
  wechat_url_built: zeroOne,
});
export type ArticleContent = z.output<typeof articleContent>;

export const readBatch = z.object({
  total: z.number(),
  success: z.number(),
  list: z.array(
    z.union([
      readCounts.extend({ input: z.string(), ok: z.literal(true) }),
      z.object({ input: z.string(), ok: z.literal(false), msg: z.string() }),
    ]),
  ),
});

export const commentRow = z.object({
  mid: z.number(),
  aid: z.string(),
  post: z.string(),
  title: z.string(),
  href: z.string(),
  pubtime: z.string(),
  position: z.number(),
  original: zeroOne,
  mp_name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  read: z.number(),
  zan: z.number(),
  looking: z.number(),
  comment: z.number(),
  /** Comments per 1000 reads, two decimals. */
  comment_rate: z.number(),
});
export type CommentRow = z.output<typeof commentRow>;
export const commentRank = z.object({
  total: z.number(),
  totals: z.object({ articles: z.number(), comments: z.number(), reads: z.number() }),
  list: z.array(commentRow),
  days: z.number(),
  sort: z.enum(COMMENT_SORT_KEYS),
  page: z.number(),
});
