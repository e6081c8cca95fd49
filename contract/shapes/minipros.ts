import { z } from 'zod';
import { miniproCard } from './rankings';

/** Sort keys of the mini-programs an account embeds (original/v1 associated_applet). */
export const ACCOUNT_MINIPRO_SORT_KEYS = ['exposure', 'article', 'account', 'read'] as const;
export type AccountMiniproSort = (typeof ACCOUNT_MINIPRO_SORT_KEYS)[number];

/** A mini-program with its figures of the last 30 days. */
export const minipro = miniproCard.extend({
  exposure_30d: z.number(),
  article_30d: z.number(),
  account_30d: z.number(),
  /** Publish time of the newest article embedding it ('' when none). */
  last_seen: z.string(),
});
export type Minipro = z.output<typeof minipro>;

/** A mini-program one account's articles embed, with that account's articles and their reads. */
export const accountMinipro = minipro.extend({ account_articles: z.number(), account_reads: z.number() });
export type AccountMinipro = z.output<typeof accountMinipro>;
