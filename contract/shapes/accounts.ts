import { z } from 'zod';
import { daysBetween } from '../../core/periods';
import { accountId, flag, noNul, optionalDate, pageNumber, pageSize } from '../inputs';

/** The account (公众号) detail, its tabs and the account search (search/v1): inputs and answers. */

/** A 0/1 state the spec writes as a number (is_favorite, have_owner…). */
const zeroOne = z.union([z.literal(0), z.literal(1)]);

// ---------- inputs ----------

/** A search or history keyword: trimmed, at most 50 characters, '' for none. */
const keyword = z
  .string()
  .trim()
  .max(50, '不能超过 50 个字符')
  .refine(...noNul)
  .default('');

/** One account by `mId` (the detail and its tabs). */
export const detailInput = z.object({ mId: accountId });
/** One account by `mid` (public_time and the calls of the similar/owner tabs). */
export const midInput = z.object({ mid: accountId });

/** detail_pubList: the history of one account, filtered. */
export const pubListInput = z
  .object({
    mId: accountId,
    page: pageNumber,
    // The history pager is 20 per page only (spec §9); smaller pages are allowed for API callers.
    num: pageSize(20),
    kw: keyword,
    kw_type: z.enum(['title', 'body'], { message: '只能是 title 或 body' }).default('title'),
    is_hot: flag,
    top: flag,
    start_time: optionalDate,
    end_time: optionalDate,
  })
  .refine((v) => !v.start_time || !v.end_time || v.start_time <= v.end_time, {
    message: '不能早于开始日期',
    path: ['end_time'],
  });

/** detail_pubList/time: the same with both ends of the date range required. */
export const pubListByTimeInput = pubListInput.refine(
  (v) => v.start_time !== undefined && v.end_time !== undefined,
  { message: '请选择开始日期和结束日期', path: ['start_time'] },
);

/** key_search: a keyword and a page. */
export const keySearchInput = z.object({
  kw: keyword,
  page: pageNumber,
  num: pageSize(50, 20),
});

/** mp_similar: an account, a sort (0–5) and a page. */
export const similarInput = z.object({
  mid: accountId,
  page: pageNumber,
  // Sort 0–5 (spec §2): match degree, fans, headline average likes, headline average reads, weekly posts, index.
  sort: z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(0, '只能是 0–5')
    .max(5, '只能是 0–5')
    .default(0),
  // The similar-accounts pager is 20 per page (spec §9).
  num: pageSize(20),
});

/** mp_same_owner: an account and a page. */
export const sameOwnerInput = z.object({ mid: accountId, page: pageNumber, num: pageSize(50, 20) });

/** Longest window of t_detail_statistic, in days (spec: 7, 30 or 90). */
export const TREND_MAX_DAYS = 90;

/** t_detail_statistic: the last 7, 30 or 90 days, or a date range of at most TREND_MAX_DAYS days. */
const trendFields = z
  .object({
    mId: accountId,
    days: z.coerce
      .number({ message: '必须是数字' })
      .refine((d) => [7, 30, 90].includes(d), '只能是 7、30 或 90')
      .default(30),
    start_time: optionalDate,
    end_time: optionalDate,
  })
  .refine((v) => (v.start_time === undefined) === (v.end_time === undefined), {
    message: '请同时选择开始日期和结束日期',
    path: ['start_time'],
  })
  .refine((v) => !v.start_time || !v.end_time || v.start_time <= v.end_time, {
    message: '不能早于开始日期',
    path: ['end_time'],
  })
  .refine((v) => !v.start_time || !v.end_time || daysBetween(v.start_time, v.end_time) < TREND_MAX_DAYS, {
    message: `时间跨度不能超过 ${TREND_MAX_DAYS} 天`,
    path: ['end_time'],
  });
/** detail_statistic's field is mId; the account pages also send mid, read when mId is absent. */
export const trendInput = z.preprocess(
  (raw) =>
    raw && typeof raw === 'object'
      ? { ...raw, mId: (raw as { mId?: unknown }).mId ?? (raw as { mid?: unknown }).mid }
      : raw,
  trendFields,
);

// ---------- answers ----------

/** The spec's account identity with both spellings of each field (name/mp_name, wx/wxid). */
export const accountIdentity = z.object({
  mid: z.number(),
  name: z.string(),
  mp_name: z.string(),
  wx: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  media: z.string(),
});
export type AccountIdentity = z.output<typeof accountIdentity>;

/** Identity plus owner (owner/zhuti), area, tags and description, as list and detail answers carry them. */
export const accountProfile = accountIdentity.extend({
  owner: z.string(),
  zhuti: z.string(),
  area: z.string(),
  tag: z.array(z.string()),
  desc: z.string(),
});
export type AccountProfile = z.output<typeof accountProfile>;

/** An account as search lists carry it: the profile, how many articles were fetched and the newest publish time. */
export const accountListItem = accountProfile.extend({
  mp_fetch_sum: z.number(),
  pubtime: z.string(),
  /** The figures one can sort by (docs/analytics.md); null until the analytics processor has the account. */
  fans: z.number().nullable(),
  index: z.number().nullable(),
  wci: z.number().nullable(),
  avg_top_read: z.number().nullable(),
});
export type AccountListItem = z.output<typeof accountListItem>;

/** A page of found accounts. */
export const accountSearchPage = z.object({
  total: z.number(),
  accounts: z.array(accountListItem),
});
export type AccountSearchPage = z.output<typeof accountSearchPage>;

/** mp_detail's account. */
export const accountFreshness = z.object({
  tier: z.enum(['monitor', 'member', 'active', 'rest']),
  tier_name: z.string(),
  /** 1 (paid monitoring) to 4 (the rest). */
  tier_rank: z.number(),
  /** Seconds between post-list polls today's budget affords the tier; null: none left today. */
  interval_s: z.number().nullable(),
  target_s: z.number(),
  stale_by_s: z.number().nullable(),
  /** What the account page tells members ('' when the tier is on target). */
  note: z.string(),
});
export type AccountFreshness = z.output<typeof accountFreshness>;

export const accountDetail = accountProfile.extend({
  qrcode: z.string(),
  collect_count: z.number(),
  /** Favourite state is per member; visitors have none. */
  is_favorite: zeroOne,
  mp_fetch_sum: z.number(),
  have_owner: zeroOne,
  is_avatar: zeroOne,
  /** Every account of the owner, this one included; same_owner counts the others. */
  owner_total: z.number(),
  same_owner: z.number(),
  pubtime: z.string(),
  reg_time: z.string(),
  update_time: z.string(),
  url_link_total: z.number(),
  /** Mini-programs embedded in its articles (the mini-program tab is gated on it). */
  associated_applet_total: z.number(),
  /** The tooltip's account index, WCI and estimated active fans (docs/analytics.md). */
  index: z.number(),
  wci: z.number(),
  fans: z.number(),
  /**
   * The caller's monitoring orders on the account (the header's 投放前分析 count, as mpaccount_monitor_num;
   * 0 for a visitor).
   */
  monitor_num: z.number(),
  /**
   * Fans' age and sex distribution (spec §3): the platform collects no follower demographics (no WeChat call
   * gives them), so they are always null, meaning unknown, rather than left out.
   */
  group_age: z.null(),
  group_sex: z.null(),
  /**
   * How fresh the collectors keep this account when requests are budgeted (null when they are not: every account
   * is crawled every round): its crawl tier, the interval today's budget affords it, and a note when that falls
   * behind the tier's target.
   */
  freshness: accountFreshness.nullable(),
});
export type AccountDetail = z.output<typeof accountDetail>;

export const accountDetailAnswer = z.object({ account: accountDetail });
export type AccountDetailAnswer = z.output<typeof accountDetailAnswer>;

/** One article of the history, with its counters relative to the account's averages. */
export const historyArticle = z.object({
  position: z.number(),
  /** 1 for an original article. */
  tag: zeroOne,
  title: z.string(),
  href: z.string(),
  avg_zan: z.number(),
  relative_zan: z.number(),
  quality_num: z.number(),
  avg_read: z.number(),
  read: z.number(),
  zan: z.number(),
  looking: z.number(),
  is_favorite: zeroOne,
  favorite_count: z.number(),
  up_time: z.string(),
  aid: z.string(),
  mid: z.number(),
  mp_name: z.string(),
  np_name: z.string(),
  /** Message kind (article 图文, picture 图片, text 文本, video 视频, voice 语音, share 转载); '' when not read. */
  kind: z.string(),
  /** The account a reprint or share came from ("以下文章来源于…"), when its page named it; '' otherwise. */
  source_account: z.string(),
  /** The fake-traffic verdict once judged (1 suspected fake, 0 clean), null before: a judged article has a report. */
  fake_status: zeroOne.nullable(),
});
export type HistoryArticle = z.output<typeof historyArticle>;

/** The articles of one push (they share the post time). */
export const historyArticleGroup = z.object({
  postTime: z.string(),
  update_time: z.string(),
  articles: z.array(historyArticle),
});
export type HistoryArticleGroup = z.output<typeof historyArticleGroup>;

export const historyPage = z.object({
  total: z.number(),
  article_list: z.array(historyArticleGroup),
});
export type HistoryPage = z.output<typeof historyPage>;

/** Per position over the last 30 days: count, average and max reads, average and max likes. */
export const readOverviewRow = z.object({
  position: z.number(),
  article_num: z.number(),
  avg_read: z.number(),
  read_max: z.number(),
  avg_praise: z.number(),
  praise_max: z.number(),
});
export type ReadOverviewRow = z.output<typeof readOverviewRow>;

/** detail_statistic: the basic analysis tab. */
export const detailStatistic = z.object({
  analysis_info: z.object({
    articles: z.number(),
    avg_top_read: z.number(),
    avg_second_read: z.number(),
    avg_other_read: z.number(),
    fans: z.number(),
  }),
  avatar: z.string(),
  read_overview: z.array(readOverviewRow),
});
export type DetailStatistic = z.output<typeof detailStatistic>;

/** detail_owner: the owner, its area and its other accounts. */
export const detailOwner = z.object({
  owner: z.string(),
  area: z.string(),
  owner_total: z.number(),
  same_accounts: z.array(accountIdentity),
});
export type DetailOwner = z.output<typeof detailOwner>;

/** public_time: pushes per Beijing hour of day, keys '0'…'23'. */
export const postingHours = z.record(z.string(), z.number());
export type PostingHours = z.output<typeof postingHours>;

/** mp_similar: one similar account with its figures and match degree (0–1). */
export const similarAccount = z.object({
  mid: z.number(),
  mp_name: z.string(),
  name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  qrcode: z.string(),
  zhuti: z.string(),
  owner: z.string(),
  same_owner: z.number(),
  index: z.number(),
  desc: z.string(),
  media: z.string(),
  area: z.string(),
  tag: z.array(z.string()),
  fans: z.number(),
  match: z.number(),
  head_avg_read: z.number(),
  head_avg_zan: z.number(),
  week_posts: z.number(),
});
export type SimilarAccount = z.output<typeof similarAccount>;

export const similarPage = z.object({ total: z.number(), accounts: z.array(similarAccount) });
export type SimilarPage = z.output<typeof similarPage>;

/** mp_same_owner: a page of the owner's other accounts. */
export const sameOwnerPage = z.object({
  owner: z.string(),
  total: z.number(),
  accounts: z.array(accountIdentity),
});
export type SameOwnerPage = z.output<typeof sameOwnerPage>;

/** account/v1 same_owner_count. */
export const sameOwnerCount = z.object({
  owner: z.string(),
  owner_total: z.number(),
  same_owner: z.number(),
});
export type SameOwnerCount = z.output<typeof sameOwnerCount>;

/** The figures of one day of the trend (or of the whole window). */
const trendFigures = z.object({
  articles: z.number(),
  posts: z.number(),
  reads: z.number(),
  likes: z.number(),
  looking: z.number(),
  head_reads: z.number(),
  max_reads: z.number(),
  /** Reads per article (rounded), 0 without articles. */
  avg_read: z.number(),
});
export const trendDay = trendFigures.extend({ date: z.string() });
export type TrendDay = z.output<typeof trendDay>;

/** t_detail_statistic: the basic-analysis figures per day over the window the member may see. */
export const accountTrendAnswer = z.object({
  mid: z.number(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  /** The earliest day the member's history depth allows. */
  earliest: z.string(),
  /** 1 when the depth cut the window short. */
  depth_limited: zeroOne,
  dates: z.array(z.string()),
  list: z.array(trendDay),
  total: trendFigures,
});
export type AccountTrendAnswer = z.output<typeof accountTrendAnswer>;

// ---------- account search beyond key_search ----------

/** A 1–max character name or keyword, trimmed. */
const requiredText = (max: number) =>
  z
    .string({ message: '不能为空' })
    .trim()
    .min(1, '不能为空')
    .max(max, `最长 ${max} 个字`)
    .refine(...noNul);

/** search_by_name: a name (1–30 characters) and a page. */
export const searchByNameInput = z.object({
  name: requiredText(30),
  page: pageNumber,
  num: pageSize(50, 20),
});

/** Sorts of the advanced account search: the figures of account_stats, or relevance to the name (综合). */
export const SENIOR_SORTS = ['fans', 'index', 'wci', 'articles', 'head_read', 'relevance'] as const;
export type SeniorSort = (typeof SENIOR_SORTS)[number];

const fansBound = z.coerce.number({ message: '必须是数字' }).int('必须是整数').min(0, '不能为负').optional();

/** senior_search/name: name, industry, area and an estimated-fans range, sorted by a figure. */
export const seniorSearchInput = z.object({
  name: z
    .string()
    .trim()
    .max(30, '最长 30 个字')
    .refine(...noNul)
    .default(''),
  media: z.string().trim().max(30, '最长 30 个字').optional(),
  area: z.string().trim().max(30, '最长 30 个字').optional(),
  fans_min: fansBound,
  fans_max: fansBound,
  orderby: z.enum(SENIOR_SORTS, { message: `只能是 ${SENIOR_SORTS.join('、')}` }).default('fans'),
  page: pageNumber,
  num: pageSize(50, 20),
});

/** An account found by the advanced search, with the figures it sorts by. */
export const seniorAccount = accountProfile.extend({
  fans: z.number(),
  index: z.number(),
  wci: z.number(),
  /** Articles in the last 7 days. */
  articles: z.number(),
  avg_top_read: z.number(),
  pubtime: z.string(),
});
export type SeniorAccount = z.output<typeof seniorAccount>;

export const seniorSearchPage = z.object({ total: z.number(), accounts: z.array(seniorAccount) });
export type SeniorSearchPage = z.output<typeof seniorSearchPage>;

/** owner_search: an owner's name (1–30 characters) and a page. */
export const ownerSearchInput = z.object({
  kw: z
    .string({ message: '请输入主体名称' })
    .trim()
    .min(1, '请输入主体名称')
    .max(30, '最长 30 个字')
    .refine(...noNul),
  page: pageNumber,
  num: pageSize(50, 20),
});

/** An owner (主体) found by name, with its accounts' industries and areas and its newest article. */
export const ownerHit = z.object({
  owner: z.string(),
  accounts: z.number(),
  media: z.array(z.string()),
  areas: z.array(z.string()),
  articles: z.number(),
  last_pub: z.string(),
});
export type OwnerHit = z.output<typeof ownerHit>;

export const ownerSearchPage = z.object({
  total: z.number(),
  list: z.array(ownerHit),
  page: z.number(),
  num: z.number(),
});
export type OwnerSearchPage = z.output<typeof ownerSearchPage>;
