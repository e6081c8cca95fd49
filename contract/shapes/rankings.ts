import { z } from 'zod';
import { PERIODS } from '../../core/periods';
import { isCalendarDay, pageNumber, pageSize } from '../inputs';

/** Ranks visitors and free members may see; deeper pages of a ranking or list are a paid feature (40002). */
export const FREE_RANK_DEPTH = 100;

/** Any day inside the wanted period; absent for the running period. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-mm-dd')
  .refine(isCalendarDay, '不是有效日期')
  .optional();

/** The inputs of every account ranking (rank/v1, original/v1 ranklisk). */
export const rankInput = z.object({
  period: z.enum(PERIODS, { message: '只能是 day、week 或 month' }).default('day'),
  date: day,
  /** Industry: rank within it (rank/media) or filter by it. */
  media: z.string().trim().max(30, '最长 30 个字').optional(),
  /** Area: rank within it (rank/area_rank) or filter by it. */
  area: z.string().trim().max(30, '最长 30 个字').optional(),
  page: pageNumber,
  num: pageSize(100, 20),
});

/** One account's place in a ranking. */
export const rankedAccount = z.object({
  rank: z.number(),
  prev_rank: z.number(),
  /** Places gained since the previous period (negative: lost); null when not ranked then. */
  rank_change: z.number().nullable(),
  mid: z.number(),
  name: z.string(),
  mp_name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  media: z.string(),
  area: z.string(),
  score: z.number(),
  wci: z.number(),
  index: z.number(),
  fans: z.number(),
  articles: z.number(),
  posts: z.number(),
  reads: z.number(),
  avg_read: z.number(),
  likes: z.number(),
  looking: z.number(),
  head_avg_read: z.number(),
  max_read: z.number(),
  originals: z.number(),
  fake_articles: z.number(),
  fake_reads: z.number(),
  /**
   * The account's flagged article (fake-traffic verdict) with the most estimated fake reads in the period, as
   * `<mid>_<aid>` for its report; '' when it has none (every ranking but fake and new_fake).
   */
  fake_post: z.string(),
  /** That article's title ('' with fake_post). */
  fake_title: z.string(),
});
export type RankedAccount = z.output<typeof rankedAccount>;

/** A page of a ranking over one period. */
export const rankPage = z.object({
  period: z.enum(PERIODS),
  period_start: z.string(),
  period_end: z.string(),
  /** False while the period is still running (figures move until it ends). */
  complete: z.boolean(),
  computed_at: z.string().nullable(),
  total: z.number(),
  list: z.array(rankedAccount),
});
export type RankPage = z.output<typeof rankPage>;

/** A mini-program as lists show it. */
export const miniproCard = z.object({
  appid: z.string(),
  title: z.string(),
  icon: z.string(),
  username: z.string(),
  labels: z.array(z.string()),
  desc: z.string(),
  exposure_num: z.number(),
  article_num: z.number(),
  account_num: z.number(),
});
export type MiniproCard = z.output<typeof miniproCard>;

export const miniproRankRow = miniproCard.extend({
  rank: z.number(),
  prev_rank: z.number(),
  rank_change: z.number().nullable(),
});
export type MiniproRankRow = z.output<typeof miniproRankRow>;

export const miniproRankPage = z.object({
  period_start: z.string(),
  period_end: z.string(),
  total: z.number(),
  applet_data: z.array(miniproRankRow),
});

/** Industries and areas of the ranked accounts, for the filters. */
export const rankFilters = z.object({
  media: z.array(z.string()),
  area: z.array(z.string()),
  /** The industry and the area with the most accounts (where the industry and area rankings open). */
  largest_media: z.string(),
  largest_area: z.string(),
  /** First day of the last finished day, week and month (Beijing): the lists pages open on by default. */
  finished: z.object({ day: z.string(), week: z.string(), month: z.string() }),
});
