import { z } from 'zod';
import { MAX_COPYRIGHT_CODE } from '../core/copyright';
import { MESSAGE_KINDS } from '../core/message-kind';

/**
 * The one message-schema module: producers validate before publishing, consumers validate on receipt.
 * Times are unix seconds (Beijing time is a display concern).
 */
const uint = z.number().int().nonnegative();
const unixSeconds = z.number().int().min(0).max(4_102_444_800);
/**
 * Bounds of the ClickHouse columns the writer fills: a larger value would not fail the insert, it would wrap
 * (UInt8 300 → 44, UInt32 2^40 → 0), so it is refused here, into the dead letters.
 */
const uint8 = uint.max(255);
const uint32 = uint.max(4_294_967_295);
/** Unix milliseconds up to 2100 (crawled_at, at): the writer derives DateTime seconds from them. */
const unixMillis = z.number().int().min(0).max(4_102_444_800_000);

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
  crawled_at: unixMillis,
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
  /**
   * 原创 as a code of core/copyright.ts (0 unknown, 1 original, 2 reprint, 3 share), mapped once by the
   * collectors; WeChat's own numbers never travel on the bus.
   */
  copyright_stat: uint.max(MAX_COPYRIGHT_CODE),
  source_url: z.string(),
  crawled_at: unixMillis,
  /** Body text, when the article page was fetched. */
  content: z.string().default(''),
  /** Mini-programs embedded in the article. */
  miniprogram_appids: z.array(z.string()).default([]),
  /**
   * The embedded mini-programs as the article page describes them (name and icon from the card's
   * data-miniprogram-nickname / -avatar; empty when the page leaves them out), when the page was fetched.
   * `owner` is the mini-program's 主体 from its profile, which the page does not carry ('' when not looked up).
   */
  miniprogram_cards: z
    .array(
      z.object({
        appid: z.string().min(1),
        nickname: z.string(),
        avatar: z.string(),
        owner: z.string().default(''),
      }),
    )
    .default([]),
  item_show_type: uint8.default(0),
  /** The message kind (core/message-kind.ts); '' when the producer did not say. */
  kind: z.enum(['', ...MESSAGE_KINDS]).default(''),
  /** The account a reprint or share came from ("以下文章来源于…"), when its page named it. */
  source_account: z.string().default(''),
  /** The upstream source that listed it (collectors/source-chain.ts: weread, paid, mp…); '' when not recorded. */
  source: z.string().max(32).default(''),
});

/** One poll of an article's counters: reads, 点赞 (zan), 在看 (looking), shares, comments. */
export const snapshotMessage = z.object({
  aid: z.string().min(1),
  mid: uint,
  ts: unixSeconds,
  read: uint32,
  zan: uint32,
  looking: uint32,
  share: uint32,
  comment: uint32,
  /** Set when the poll was made for a monitor task (minute-level monitoring). */
  task_id: z.string().optional(),
  /** The upstream source that served the counters (collectors/source-chain.ts); absent when not recorded. */
  source: z.string().max(32).optional(),
});

/** Marks the end of one collector crawl round; published after everything of the round. */
export const crawlRoundMessage = z.object({
  collector: z.string().min(1),
  round: uint32,
  started_at: unixMillis,
  finished_at: unixMillis,
  accounts: uint32,
  articles: uint32,
  snapshots: uint32,
  errors: uint32,
});

const monitorPosition = z.number().int().min(0).max(8);

/**
 * A monitoring order: one article, or the next post of an account at a position (1 headline … 8,
 * 0 all), polled every freq_min minutes for `days` days. Keyed by the account's biz so that one
 * collector (one consumer-group member) owns all tasks of an account. A message with the same
 * task_id and cancelled=true stops it.
 */
export const monitorTaskMessage = z
  .object({
    task_id: z.string().min(1).max(100),
    kind: z.enum(['article', 'next_post']),
    biz: z.string().min(1),
    msgid: uint.optional(),
    idx: z.number().int().min(1).max(8).optional(),
    sn: z.string().optional(),
    position: monitorPosition,
    freq_min: z.union([z.literal(1), z.literal(2), z.literal(5), z.literal(10)]),
    days: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    created_at: z.number().int().nonnegative(),
    cancelled: z.boolean().optional(),
  })
  .refine((t) => t.kind === 'next_post' || (t.msgid !== undefined && t.idx !== undefined), {
    message: 'an article task needs msgid and idx',
  });

/** Where a monitor task stands: waiting for the next post, monitoring, done or cancelled. */
export const monitorStatusMessage = z.object({
  task_id: z.string().min(1),
  state: z.enum(['waiting', 'monitoring', 'done', 'cancelled']),
  biz: z.string().min(1),
  /** The monitored articles' aids once known. */
  aids: z.array(z.string()),
  start_ts: unixSeconds.nullable(),
  end_ts: unixSeconds.nullable(),
  polls: uint32,
  at: unixMillis,
});

/**
 * On-demand work for collectors, keyed by account (biz) or by the input for inclusion:
 *   update   — page update (mp_update) of one account: its newest posts and their counters;
 *   backfill — history back-collection (历史回采) of one account over `days` (≤ 180);
 *   include  — inclusion (收录) of `input`: 1–30 characters is an account name, else an article URL.
 */
export const crawlRequestMessage = z.object({
  request_id: z.string().min(1).max(100),
  kind: z.enum(['update', 'backfill', 'include']),
  biz: z.string().optional(),
  input: z.string().optional(),
  days: z.number().int().min(1).max(180).optional(),
  requested_at: z.number().int().nonnegative(),
});

const includedAccount = z.object({
  avatar: z.string(),
  mid: uint,
  wxname: z.string(),
  wxid: z.string(),
  desc: z.string(),
});

/**
 * Progress and result of a crawl request. For inclusion, `result` follows spec §3 (Inclusion result):
 * code (0 = a tip only), data (newly included accounts), data2 (already included), and for a single
 * article is_success and tip.
 */
export const crawlProgressMessage = z.object({
  request_id: z.string().min(1),
  kind: z.enum(['update', 'backfill', 'include']),
  state: z.enum(['running', 'done', 'failed']),
  biz: z.string(),
  /** Pushes read so far, and the articles and snapshots published. */
  pages: uint32,
  articles: uint32,
  snapshots: uint32,
  /** History covered so far, unix seconds (back-collection): from this time up to the request time. */
  covered_from: unixSeconds.nullable(),
  /** 0–100. */
  percent: z.number().min(0).max(100),
  message: z.string(),
  result: z
    .object({
      code: z.number().int(),
      tip: z.string(),
      is_success: z.boolean(),
      data: z.array(includedAccount),
      data2: z.array(includedAccount),
    })
    .optional(),
  at: unixMillis,
});

/** One poll of a video-account (视频号) post: its counters at crawl time. Keyed by the account. */
export const videoMessage = z.object({
  object_id: z.string().min(1),
  finder_username: z.string().min(1),
  mid: uint,
  biz: z.string().min(1),
  create_time: unixSeconds,
  description: z.string(),
  read: uint32,
  like: uint32,
  comment: uint32,
  forward: uint32,
  fav: uint32,
  crawled_at: unixMillis,
  /** Cover image and length in seconds of the post's video, when the list carries them. */
  cover: z.string().default(''),
  duration_s: uint32.default(0),
});

/** A video account's (视频号) profile as its post list shows it, with the official account it is linked to. */
export const videoAccountMessage = z.object({
  finder_username: z.string().min(1),
  mid: uint,
  biz: z.string().min(1),
  nickname: z.string(),
  avatar: z.string(),
  description: z.string(),
  crawled_at: unixMillis,
});

export const topics = {
  accounts: accountMessage,
  articles: articleMessage,
  snapshots: snapshotMessage,
  'crawl.rounds': crawlRoundMessage,
  'monitor.tasks': monitorTaskMessage,
  'monitor.status': monitorStatusMessage,
  'crawl.requests': crawlRequestMessage,
  'crawl.progress': crawlProgressMessage,
  videos: videoMessage,
  video_accounts: videoAccountMessage,
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
export type MonitorTaskMessage = TopicValue<'monitor.tasks'>;
export type MonitorStatusMessage = TopicValue<'monitor.status'>;
export type CrawlRequestMessage = TopicValue<'crawl.requests'>;
export type CrawlProgressMessage = TopicValue<'crawl.progress'>;
export type VideoMessage = TopicValue<'videos'>;
export type VideoAccountMessage = TopicValue<'video_accounts'>;

export type ValidationResult<T extends Topic> =
  | { ok: true; value: TopicValue<T> }
  | { ok: false; reason: string };

/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

const hasLoneSurrogate = (v: unknown): boolean =>
  typeof v === 'string'
    ? LONE_SURROGATE.test(v)
    : v !== null && typeof v === 'object' && Object.values(v).some(hasLoneSurrogate);

/** The value with every lone surrogate in its strings replaced by U+FFFD. */
function wellFormed(v: unknown): unknown {
  if (typeof v === 'string') return v.replace(LONE_SURROGATES, '\uFFFD');
  if (Array.isArray(v)) return v.map(wellFormed);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, wellFormed(x)]));
  return v;
}

/**
 * Validates a message and fills its defaults. Text comes out well-formed: a lone surrogate (an emoji cut in half
 * by an upstream's truncated title, `&#xD83D;` in a page) makes ClickHouse refuse the whole insert, so the
 * writer's batch would be redelivered for ever; U+FFFD stands in for it, as a UTF-8 encoder would write.
 */
export function validateMessage<T extends Topic>(topic: T, value: unknown): ValidationResult<T> {
  const r = topics[topic].safeParse(value);
  if (r.success)
    return {
      ok: true,
      value: (hasLoneSurrogate(r.data) ? wellFormed(r.data) : r.data) as TopicValue<T>,
    };
  return {
    ok: false,
    reason: r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
  };
}
