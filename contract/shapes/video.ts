import { z } from 'zod';
import { accountId, pageNumber, pageSize } from '../inputs';

/** The video-account (视频号) reads of search/v1 (video_account_detail, video_post_list): inputs and answers. */

/** A video account by finder_id, or the one linked to an official account (mid) with the most posts. */
export const finderInput = z.object({
  finder_id: z.string().trim().min(1, '不能为空').max(100, '最长 100 个字符').optional(),
  mid: accountId.optional(),
});

/** Sorts of video_post_list. */
export const VIDEO_SORTS = ['pubtime', 'read', 'like'] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

export const videoPostsInput = finderInput.extend({
  orderby: z.enum(VIDEO_SORTS, { message: '只能是 pubtime、read 或 like' }).default('pubtime'),
  page: pageNumber,
  num: pageSize(50, 20),
});

/** A video account's figures (definitions in docs/analytics.md). */
export const videoAccount = z.object({
  finder_id: z.string(),
  /** The linked official account (0 when none) and its name and avatar. */
  mid: z.number(),
  mp_name: z.string(),
  mp_avatar: z.string(),
  /** The video account's own profile, where one was collected. */
  name: z.string(),
  avatar: z.string(),
  owner: z.string(),
  desc: z.string(),
  posts_total: z.number(),
  posts_7d: z.number(),
  posts_30d: z.number(),
  reads_30d: z.number(),
  likes_30d: z.number(),
  comments_30d: z.number(),
  forwards_30d: z.number(),
  favs_30d: z.number(),
  avg_read: z.number(),
  max_read: z.number(),
  avg_like: z.number(),
  avg_comment: z.number(),
  avg_forward: z.number(),
  avg_fav: z.number(),
  /** (likes + comments + forwards + favs) ÷ reads over the last 30 days, 4 decimals. */
  engagement_rate: z.number(),
  last_pub: z.string(),
});
export type VideoAccount = z.output<typeof videoAccount>;
export const videoAccountAnswer = z.object({ account: videoAccount });

/** One post with its latest counters. */
export const videoPost = z.object({
  post_id: z.string(),
  desc: z.string(),
  cover: z.string(),
  duration: z.number(),
  pubtime: z.string(),
  read: z.number(),
  like: z.number(),
  comment: z.number(),
  forward: z.number(),
  fav: z.number(),
  /** This post's (likes + comments + forwards + favs) ÷ reads, 4 decimals; 0 without reads. */
  engagement_rate: z.number(),
  update_time: z.string(),
});
export type VideoPost = z.output<typeof videoPost>;
export const videoPostPage = z.object({
  finder_id: z.string(),
  total: z.number(),
  post_list: z.array(videoPost),
});
