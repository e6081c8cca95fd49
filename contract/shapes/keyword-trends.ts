import { z } from 'zod';
import { keywordDays, ownKeyword } from './keywords';

export { KEYWORD_MAX_DAYS, keywordDays, ownKeyword } from './keywords';

/** 舆情: the member's subscribed keywords counted per day (main/v1 public_sentimen, overview_public). */

export const keywordSeriesInput = z.object({ keyword: ownKeyword, days: keywordDays });
export const keywordOverviewInput = z.object({ days: keywordDays });

/** Matched articles, their distinct accounts, their reads, and those matched in the title. */
export const keywordCounts = z.object({
  articles: z.number(),
  accounts: z.number(),
  reads: z.number(),
  title_hits: z.number(),
});
export type KeywordCounts = z.output<typeof keywordCounts>;
const daily = keywordCounts.extend({ date: z.string() });

export const keywordSeries = z.object({
  days: z.number(),
  /** Every Beijing day of the window, oldest first. */
  dates: z.array(z.string()),
  list: z.array(
    z.object({ id: z.number(), keyword: z.string(), total: keywordCounts, series: z.array(daily) }),
  ),
});

export const keywordOverview = z.object({
  days: z.number(),
  dates: z.array(z.string()),
  /** Over all the keywords together: an article matching several counts once. */
  total: keywordCounts,
  keywords: z.array(keywordCounts.extend({ id: z.number(), keyword: z.string() })),
  trend: z.array(daily),
});
