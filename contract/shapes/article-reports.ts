import { z } from 'zod';
import { SIGNAL_CODES } from '../../core/fake-signals';

/**
 * A monitored article's reports (monitor/v1 read_praise_report, read_praise, read_zan_look_report, spend_time;
 * monitor/v3 read_zan, tencent_claim; search/v1 isExistReport). An article is named by `post` = `<mid>_<aid>` (the
 * report link's parameter) or by its link; `post` wins.
 */

const blank = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v);
const optionalText = (max: number) =>
  z.preprocess(blank, z.string().trim().max(max, '格式不正确').optional());

/** An article named by post (`<mid>_<aid>`) or by its link. */
export const articleInput = z
  .object({ post: optionalText(64), url: optionalText(2000) })
  .refine((v) => v.post !== undefined || v.url !== undefined, {
    message: '不能为空（请提供 post 或文章链接 url）',
    path: ['post'],
  });

/** Parses a report's `post` parameter; null when it is not one. */
export function parsePost(post: string): { mid: number; aid: string } | null {
  const m = /^(\d{1,19})_(\d{1,19}_\d{1,2})$/.exec(post);
  if (!m) return null;
  const mid = Number(m[1]);
  return Number.isSafeInteger(mid) && mid > 0 ? { mid, aid: m[2] as string } : null;
}

/** read_praise_report / read_praise: the report's `post` (required) and, for read_praise, type 2 = the chart alone. */
export const reportInput = z.object({
  post: z
    .string({ message: '不能为空' })
    .trim()
    .max(64, '格式不正确')
    .refine((p) => parsePost(p) !== null, '格式不正确，应为 公众号ID_文章ID')
    .transform((p) => parsePost(p) as { mid: number; aid: string }),
  type: z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(1)
    .max(2, '只能是 1 或 2')
    .default(1),
});

export const fakeSignal = z.object({
  code: z.enum(SIGNAL_CODES),
  /** Fake reads this signal alone implies. */
  fake: z.number(),
  /** Why, in Chinese, with the figures. */
  text: z.string(),
  /** Strength of the evidence (a Poisson z-score); absent on reports of the earlier detector. */
  z: z.number().optional(),
});
export type FakeSignal = z.output<typeof fakeSignal>;

export const reportProfile = z.object({
  title: z.string(),
  avatar: z.string(),
  mpname: z.string(),
  wx: z.string(),
  mp_owner: z.string(),
  owner_count: z.number(),
  position: z.number(),
  pubtime: z.string(),
  /** 监测开始: the first poll of the reader's monitoring order (the first poll at all for an article only crawled). */
  start_ts: z.string(),
  /** 监测结束: the order's end (planned or cancelled); the last poll for an article only crawled. */
  end_ts: z.string(),
  /** 最后采集: the newest poll. */
  last_poll: z.string(),
  /** 1 while the monitoring order runs (监测中). */
  monitoring: z.union([z.literal(0), z.literal(1)]),
  url: z.string(),
});

export const reportRow = z.object({
  date: z.string(),
  read: z.number(),
  /** What the hour added since the previous hour's last poll; null on the first hour (no earlier poll). */
  read_add: z.number().nullable(),
  praise: z.number(),
  praise_add: z.number().nullable(),
  looking: z.number(),
});
export type FakeReportRow = z.output<typeof reportRow>;

const reportCharts = z.object({
  time: z.array(z.string()),
  read: z.array(z.number()),
  praise: z.array(z.number()),
  looking: z.array(z.number()),
});

/** The fake-traffic (刷量) report of one article (spec §3 Analysis report). */
export const fakeReport = z.object({
  profile: reportProfile,
  /** 0 normal, 1 fake traffic. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** False while the article lacks the polls a verdict needs (status then reads 0). */
  judged: z.boolean(),
  /**
   * 'fake' 疑似刷量, 'clean' 正常, 'insufficient' 证据不足 (status 0, but never a clean bill), '' before a verdict
   * (or on a report of the earlier detector, which had only status).
   */
  verdict: z.enum(['', 'fake', 'clean', 'insufficient']),
  /** Calibrated probability that the verdict is right, 0–1 (0 when there is none). */
  confidence: z.number(),
  forecast_fake: z.number(),
  /** Share of reads, 0–1. */
  forecast_fake_per: z.number(),
  signals: z.array(fakeSignal),
  /** The verdict in one Chinese sentence: why fake, why normal, or why not judged yet. */
  summary: z.string(),
  charts: reportCharts,
  table: z.array(reportRow),
});
export type FakeReport = z.output<typeof fakeReport>;

export const fakeReportAnswer = z.object({ data: fakeReport });
/** read_praise: the report, or with type 2 its chart alone. */
export const readPraiseAnswer = z.object({ data: z.union([fakeReport, z.object({ charts: reportCharts })]) });

/** read_zan_look_report: the report's series as reads, likes (zan) and 在看 (look). */
export const zanLookReport = z.object({
  post: z.string(),
  profile: reportProfile,
  status: z.union([z.literal(0), z.literal(1)]),
  summary: z.object({
    read: z.number(),
    zan: z.number(),
    look: z.number(),
    /** Per 100 reads, two decimals. */
    zan_rate: z.number(),
    look_rate: z.number(),
    points: z.number(),
    start_ts: z.string(),
    end_ts: z.string(),
  }),
  charts: z.object({
    time: z.array(z.string()),
    read: z.array(z.number()),
    zan: z.array(z.number()),
    look: z.array(z.number()),
  }),
  table: z.array(
    z.object({
      date: z.string(),
      read: z.number(),
      /** Null on the first hour: no earlier poll to count from. */
      read_add: z.number().nullable(),
      zan: z.number(),
      zan_add: z.number().nullable(),
      look: z.number(),
      look_add: z.number().nullable(),
    }),
  ),
});
export type ZanLookReport = z.output<typeof zanLookReport>;

/** spend_time: read milestones reached (with when) or not yet, and the reads hour by hour after publishing. */
export const spendTime = z.object({
  post: z.string(),
  title: z.string(),
  url: z.string(),
  pubtime: z.string(),
  read: z.number(),
  polls: z.number(),
  last_ts: z.string(),
  /** Reads per hour over the whole span monitored so far. */
  avg_per_hour: z.number(),
  milestones: z.array(
    z.union([
      z.object({ milestone: z.number(), label: z.string(), reached: z.literal(0) }),
      z.object({
        milestone: z.number(),
        label: z.string(),
        reached: z.literal(1),
        spend_s: z.number(),
        spend_text: z.string(),
        reached_at: z.string(),
        seen_at: z.string(),
      }),
    ]),
  ),
  hours: z.array(z.object({ hour: z.number(), start: z.string(), read: z.number(), add: z.number() })),
});
export type SpendTime = z.output<typeof spendTime>;

/** monitor/v3 read_zan: the article's latest counters. */
export const readCounts = z.object({
  post: z.string(),
  mid: z.number(),
  aid: z.string(),
  title: z.string(),
  url: z.string(),
  pubtime: z.string(),
  position: z.number(),
  mp_name: z.string(),
  wxid: z.string(),
  read: z.number(),
  zan: z.number(),
  looking: z.number(),
  share: z.number(),
  comment: z.number(),
  polls: z.number(),
  update_time: z.string(),
});
export type ReadCounts = z.output<typeof readCounts>;

/** monitor/v3 tencent_claim: the article's original claim (原创声明) as its page declared it. */
export const articleClaim = z.object({
  post: z.string(),
  mid: z.number(),
  aid: z.string(),
  title: z.string(),
  url: z.string(),
  pubtime: z.string(),
  mp_name: z.string(),
  wxid: z.string(),
  owner: z.string(),
  is_original: z.union([z.literal(0), z.literal(1)]),
  claim: z.string(),
  copyright_stat: z.number(),
  copyright: z.enum(['unknown', 'original', 'reprint', 'share']),
  author: z.string(),
  source_url: z.string(),
  /** 1 when the article page itself was parsed; else the claim is the list's copyright_stat. */
  page_parsed: z.union([z.literal(0), z.literal(1)]),
});
export type Claim = z.output<typeof articleClaim>;

/** search/v1 isExistReport: whether the article has the polls a verdict needs, and the verdict once judged. */
export const reportReadiness = z.object({
  post: z.string(),
  mid: z.number(),
  aid: z.string(),
  exist: z.union([z.literal(0), z.literal(1)]),
  known: z.union([z.literal(0), z.literal(1)]),
  polls: z.number(),
  span_s: z.number(),
  need_polls: z.number(),
  need_span_s: z.number(),
  judged: z.union([z.literal(0), z.literal(1)]),
  status: z.number().nullable(),
});
export type ReportReadiness = z.output<typeof reportReadiness>;
