import { z } from 'zod';
import { pageNumber, pageSize } from '../inputs';
import { blankToUndefined as blank } from '../monitor-inputs';

/**
 * Favourite fake-traffic reports (favorite_report_option) and whether an article has one (isExistReport): an
 * article is named by `post` = `<mid>_<aid>` (the report link's parameter) or by its link `url`; post wins.
 */

const text = (max: number) => z.preprocess(blank, z.string().trim().max(max, '格式不正确').optional());

// ---------- inputs ----------

/** A report by its post. */
export const reportPostInput = z.object({
  post: z.preprocess(blank, z.string({ message: '不能为空' }).trim().max(64)),
});
/** The page of favourite reports; sent without a post. */
export const reportFavoritesPageInput = z.object({
  post: z.preprocess(blank, z.undefined()),
  page: pageNumber,
  num: pageSize(50, 20),
});
/** favorite_report_option GET: with a post whether it is a favourite, without one the page of favourites. */
export const reportFavoriteReadInput = z.union([reportPostInput, reportFavoritesPageInput]);

/** An article by post or by link; post wins. */
export const reportArticleInput = z
  .object({ post: text(64), url: text(2000) })
  .refine((v) => v.post !== undefined || v.url !== undefined, {
    message: '不能为空（请提供 post 或文章链接 url）',
    path: ['post'],
  });

// ---------- answers ----------

export const reportFavoriteState = z.object({
  post: z.string(),
  is_favorite: z.number().int().min(0).max(1),
});
export const reportFavorite = z.object({
  post: z.string(),
  mid: z.number(),
  aid: z.string(),
  title: z.string(),
  url: z.string(),
  position: z.number(),
  pubtime: z.string(),
  mp_name: z.string(),
  avatar: z.string(),
  /** 0 normal, 1 fake traffic (spec §4); null while no verdict exists yet. */
  status: z.number().nullable(),
  forecast_fake: z.number(),
  forecast_fake_per: z.number(),
  created_at: z.string(),
});
export type ReportFavorite = z.output<typeof reportFavorite>;
export const reportFavoritePage = z.object({ total: z.number(), list: z.array(reportFavorite) });
export const reportFavoriteRead = z.union([reportFavoriteState, reportFavoritePage]);
export const reportPost = z.object({ post: z.string() });
