import { z } from 'zod';

/**
 * The one message-schema module: producers validate before publishing, consumers validate on receipt.
 * Times are unix seconds (Beijing time is a display concern).
 */
const uint = z.number().int().nonnegative();
const unixSeconds = z.number().int().min(0).max(4_102_444_800);

export const accountMessage = z.object({
  mid: uint,
  biz: z.string().min(1),
  name: z.string(),
  wxid: z.string(),
  gh_id: z.string(),
  avatar: z.string(),
  qrcode: z.string(),
  owner: z.string(),
  area: z.string(),
  desc: z.string(),
  media: z.string(),
  tags: z.array(z.string()),
  reg_time: unixSeconds,
  crawled_at: z.number().int().nonnegative(),
  /** 1 订阅号, 2 服务号 (0 unknown). */
  service_type: z.number().int().min(0).max(2).default(0),
  /** 1 when the account is verified (微信认证). */
  verified: z.number().int().min(0).max(1).default(0),
  /** Follower age and sex distributions as JSON, where a source provides them. */
  group_age: z.string().default(''),
  group_sex: z.string().default(''),
});

export const articleMessage = z.object({
  aid: z.string().min(1),
  mid: uint,
  biz: z.string().min(1),
  msgid: uint,
  idx: z.number().int().min(1).max(8),
  sn: z.string(),
  title: z.string(),
  digest: z.string(),
  cover: z.string(),
  author: z.string(),
  href: z.string(),
  pubtime: unixSeconds,
  copyright_stat: uint,
  source_url: z.string(),
  crawled_at: z.number().int().nonnegative(),
  /** Body text, when the article page was fetched. */
  content: z.string().default(''),
  /** Mini-programs embedded in the article. */
  miniprogram_appids: z.array(z.string()).default([]),
  item_show_type: z.number().int().nonnegative().default(0),
});

/** One poll of an article's counters: reads, 点赞 (zan), 在看 (looking), shares, comments. */
export const snapshotMessage = z.object({
  aid: z.string().min(1),
  mid: uint,
  ts: unixSeconds,
  read: uint,
  zan: uint,
  looking: uint,
  share: uint,
  comment: uint,
});

/** Marks the end of one collector crawl round; published after everything of the round. */
export const crawlRoundMessage = z.object({
  collector: z.string().min(1),
  round: uint,
  started_at: z.number().int().nonnegative(),
  finished_at: z.number().int().nonnegative(),
  accounts: uint,
  articles: uint,
  snapshots: uint,
  errors: uint,
});

export const topics = {
  accounts: accountMessage,
  articles: articleMessage,
  snapshots: snapshotMessage,
  'crawl.rounds': crawlRoundMessage,
} as const;

export type Topic = keyof typeof topics;
export type TopicValue<T extends Topic> = z.output<(typeof topics)[T]>;
/** What producers hand in: fields with defaults may be left out. */
export type TopicInput<T extends Topic> = z.input<(typeof topics)[T]>;
export type AccountMessage = TopicValue<'accounts'>;
export type ArticleMessage = TopicValue<'articles'>;
export type SnapshotMessage = TopicValue<'snapshots'>;
export type CrawlRoundMessage = TopicValue<'crawl.rounds'>;
export type AccountInput = TopicInput<'accounts'>;
export type ArticleInput = TopicInput<'articles'>;

export type ValidationResult<T extends Topic> =
  | { ok: true; value: TopicValue<T> }
  | { ok: false; reason: string };

export function validateMessage<T extends Topic>(topic: T, value: unknown): ValidationResult<T> {
  const r = topics[topic].safeParse(value);
  if (r.success) return { ok: true, value: r.data as TopicValue<T> };
  return {
    ok: false,
    reason: r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
  };
}
