import { z } from 'zod';

/** system/v1 info: the demo flag, where data comes from, and the live totals. */
export const systemInfo = z.object({
  demo: z.boolean(),
  upstream: z.enum(['simulator', 'wechat']),
  accounts: z.number(),
  articles: z.number(),
  snapshots: z.number(),
  /** Beijing time of the last crawl round's end; null before the first. */
  last_crawl_at: z.string().nullable(),
});
export type SystemInfo = z.output<typeof systemInfo>;
