import { z } from 'zod';
import { BACKFILL_MAX_DAYS } from '../../core/periods';
import { accountId, noNul, optionalDate } from '../inputs';
import { blankToUndefined, midField, num, paging, text } from '../monitor-inputs';

/**
 * History back-collection (历史回采, monitor/v1 create_history_crawl … new_data_notice_content): a member's orders
 * of an account's history over at most BACKFILL_MAX_DAYS days, where each stands and what its window holds.
 */

export const CRAWL_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type CrawlState = (typeof CRAWL_STATES)[number];

// ---------- inputs ----------

const requestId = text(100);
export const crawlOrderInput = z
  .object({
    mid: z.preprocess(blankToUndefined, midField.optional()),
    url: z.preprocess(blankToUndefined, z.string().trim().max(2000, '不能超过 2000 个字符').optional()),
    wxid: z.preprocess(blankToUndefined, z.string().trim().max(100, '不能超过 100 个字符').optional()),
    days: num((n) => n >= 1 && n <= BACKFILL_MAX_DAYS, `只能是 1 到 ${BACKFILL_MAX_DAYS}（天）`).default(
      BACKFILL_MAX_DAYS,
    ),
    position: num((n) => n >= 0 && n <= 8, '只能是 0（全部）到 8').default(0),
  })
  .refine((v) => v.url !== undefined || v.mid !== undefined || v.wxid !== undefined, {
    message: '不能为空（请提供 mid、wxid 或公众号文章/主页链接 url）',
    path: ['mid'],
  });
export const crawlListInput = z.object({
  ...paging(50, 10),
  state: z.preprocess(
    blankToUndefined,
    z
      .enum(['all', ...CRAWL_STATES], {
        message: '只能是 queued、running、done、failed、cancelled 或 all',
      })
      .optional(),
  ),
  // Matched against account names in PostgreSQL, whose text cannot hold NUL.
  keyword: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(30, '不能超过 30 个字符')
      .refine(...noNul)
      .optional(),
  ),
});
export const crawlRef = z.object({ request_id: requestId });
export const crawlTitleInput = z.object({
  request_id: requestId,
  ...paging(50, 20),
  kw: z.preprocess(blankToUndefined, z.string().trim().max(50, '不能超过 50 个字符').default('')),
});
export const crawlContentInput = z.object({
  request_id: requestId,
  aid: z.preprocess(
    blankToUndefined,
    z.string({ error: '不能为空' }).regex(/^\d{1,20}_[1-8]$/, '格式应为 msgid_位置'),
  ),
});

// ---------- answers ----------

const crawlQuota = z.object({
  month: z.string(),
  allowance: z.number(),
  used: z.number(),
  remaining: z.number(),
});

/** One order as the lists show it: the order, where its collector says it stands, and the account now. */
export const crawlOrder = z.object({
  request_id: z.string(),
  mid: z.number(),
  biz: z.string(),
  name: z.string(),
  mp_name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  days: z.number(),
  position: z.number(),
  position_label: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  cost: z.number(),
  refunded: z.number(),
  state: z.enum(CRAWL_STATES),
  state_label: z.string(),
  percent: z.number(),
  pages: z.number(),
  articles: z.number(),
  snapshots: z.number(),
  /** Oldest push reached so far (Beijing time), '' before the first page. */
  covered_from: z.string(),
  message: z.string(),
  created: z.string(),
  finished: z.string(),
  export_url: z.string(),
});
export type CrawlOrder = z.output<typeof crawlOrder>;

export const crawlList = z.object({
  list: z.array(crawlOrder),
  total: z.number(),
  page: z.number(),
  pagesize: z.number(),
  max_days: z.number(),
  quota: crawlQuota,
});
export type CrawlList = z.output<typeof crawlList>;
export const crawlListAnswer = z.object({ data: crawlList });

export const crawlPlacedAnswer = z.object({
  data: z.object({
    request_id: z.string(),
    mid: z.number(),
    name: z.string(),
    days: z.number(),
    position: z.number(),
    start_time: z.string(),
    end_time: z.string(),
    state: z.literal('queued'),
    state_label: z.string(),
    cost: z.number(),
    remaining: z.number(),
    allowance: z.number(),
  }),
});
export type CrawlPlaced = z.output<typeof crawlPlacedAnswer>['data'];

export const crawlCancelledAnswer = z.object({
  data: z.object({ request_id: z.string(), refunded: z.number(), quota: crawlQuota }),
});
export type CrawlCancelled = z.output<typeof crawlCancelledAnswer>['data'];

const windowTotals = {
  articles: z.number(),
  posts: z.number(),
  originals: z.number(),
  reads: z.number(),
  likes: z.number(),
  looking: z.number(),
};
/** One month of an order's window. */
export const windowMonth = z.object({ month: z.string(), ...windowTotals });
export type WindowMonth = z.output<typeof windowMonth>;
/** What an order's window holds. */
export const windowStorage = z.object({
  ...windowTotals,
  with_content: z.number(),
  snapshots: z.number(),
  oldest: z.string(),
  newest: z.string(),
  by_month: z.array(windowMonth),
});
export type WindowStorage = z.output<typeof windowStorage>;

/** new_data_storage: the order, what its collector reported, and what its window holds. */
export const crawlStorage = z.object({
  order: crawlOrder,
  collected: z.object({ pages: z.number(), articles: z.number(), snapshots: z.number() }),
  stored: windowStorage.omit({ by_month: true }),
  by_month: z.array(windowMonth),
  export_url: z.string(),
});
export type CrawlStorage = z.output<typeof crawlStorage>;
export const crawlStorageAnswer = z.object({ data: crawlStorage });

/** One article of an order's window. */
export const windowArticle = z.object({
  aid: z.string(),
  position: z.number(),
  title: z.string(),
  digest: z.string(),
  href: z.string(),
  pubtime: z.string(),
  /** 1 for an original article. */
  tag: z.number(),
  read: z.number(),
  zan: z.number(),
  looking: z.number(),
  share: z.number(),
  comment: z.number(),
  has_content: z.number(),
});
export type WindowArticle = z.output<typeof windowArticle>;
export const crawlArticle = windowArticle.extend({ mid: z.number(), post: z.string() });
export type CrawlArticle = z.output<typeof crawlArticle>;
export const crawlTitles = z.object({
  request_id: z.string(),
  mid: z.number(),
  article_list: z.array(crawlArticle),
  total: z.number(),
  page: z.number(),
  pagesize: z.number(),
});
export type CrawlTitles = z.output<typeof crawlTitles>;
export const crawlTitlesAnswer = z.object({ data: crawlTitles });

/** One article of the window with its body text. */
export const windowArticleText = windowArticle.omit({ has_content: true }).extend({
  author: z.string(),
  cover: z.string(),
  source_url: z.string(),
  content: z.string(),
});
export type WindowArticleText = z.output<typeof windowArticleText>;
export const crawlArticleText = windowArticleText.extend({
  mid: z.number(),
  request_id: z.string(),
  has_content: z.union([z.literal(0), z.literal(1)]),
  content_tip: z.string(),
});
export type CrawlArticleText = z.output<typeof crawlArticleText>;
export const crawlArticleTextAnswer = z.object({ data: crawlArticleText });

/** export_history: the account, the file format and an optional publish-date range. */
export const historyExportInput = z.object({
  mid: accountId,
  format: z.enum(['csv', 'xlsx'], { message: '只能是 csv 或 xlsx' }).default('xlsx'),
  start_time: optionalDate,
  end_time: optionalDate,
});
