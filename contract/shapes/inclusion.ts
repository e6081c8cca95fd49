import { z } from 'zod';
import { beijingDateTime } from '../../core/periods';
import { accountId } from '../inputs';

/**
 * Inclusion (收录: collect_mp one name or link, collect_mp2 one per line) and the progress of the crawls the
 * platform hands to its collectors (crawl_progress): inputs and answers.
 */

/** Lines one collect_mp2 request may carry. */
export const BATCH_INCLUSION_MAX = 20;

const upTo2000 = z.string().trim().max(2000, '最长 2000 个字符').optional();

// ---------- inputs ----------

/** Spec §5: 1–30 characters is an account name, anything longer an article link; the link wins. */
export const inclusionInput = z.object({ wxname: upTo2000, article_url: upTo2000 });

/** A batch field as sent: one value, repeated values, or none. */
const lines = z.preprocess(
  (v) => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).map(String),
  z.array(z.string()),
);
/** collect_mp2: every non-empty line of content, wxname and article_url, trimmed, first occurrence kept. */
export const batchInclusionInput = z
  .object({ content: lines, wxname: lines, article_url: lines })
  .transform((v) => [
    ...new Set(
      [...v.content, ...v.wxname, ...v.article_url]
        .flatMap((x) => x.split(/\r?\n/))
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.string())
      .min(1, '请输入公众号名称或文章链接，每行一个')
      .max(BATCH_INCLUSION_MAX, `一次最多提交 ${BATCH_INCLUSION_MAX} 条，请分批提交`)
      .refine((l) => l.every((x) => x.length <= 2000), '参数错误：每行最长 2000 个字符'),
  );

export const progressInput = z.object({ request_id: z.string().uuid('格式不正确') });

// ---------- answers ----------

/** An account as inclusion names it. */
export const includedAccount = z.object({
  avatar: z.string(),
  mid: z.number(),
  wxname: z.string(),
  wxid: z.string(),
  desc: z.string(),
});
export type IncludedAccount = z.output<typeof includedAccount>;

/**
 * The inclusion result of spec §3: accounts newly included (data) and already known (data2); code 0 with a tip is
 * a notice. While the collector has not answered: the tip says it is being processed, with the request's id.
 */
export const inclusionResult = z.object({
  code: z.number(),
  tip: z.string(),
  is_success: z.boolean(),
  data: z.array(includedAccount),
  data2: z.array(includedAccount),
  request_id: z.string().optional(),
});
export type InclusionResult = z.output<typeof inclusionResult>;

/** collect_mp2: the batch's summary in collect_mp's form, its counts, and each line's own result. */
export const batchInclusionResult = inclusionResult.omit({ request_id: true }).extend({
  total: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  pending: z.number(),
  results: z.array(inclusionResult.extend({ input: z.string() })),
});

/** queued until a collector reports on the request. */
export const CRAWL_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const crawlProgress = z.object({
  state: z.enum(CRAWL_STATES),
  percent: z.number(),
  /** Failure reason or the collector's Chinese note; absent while the request is still queued. */
  message: z.string().optional(),
});
export type CrawlProgress = z.output<typeof crawlProgress>;

// ---------- page update (mp_update, update_zhuti_info) ----------

const normalDateTime = (v: string): string | null => {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
  const p = (x: string) => x.padStart(2, '0');
  if (Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(se) > 59) return null;
  return `${y}-${p(mo as string)}-${p(d as string)} ${p(h)}:${p(mi)}:${p(se)}`;
};

/**
 * mp_update's input: the account by `mid`, or by `url` (spec §7: url and time), any mp.weixin.qq.com link carrying
 * `__biz` (an article's long link, the account's home page); `time` is the data-update time the member's page shows,
 * as Beijing `YYYY-MM-DD HH:mm:ss` (or a date, or unix seconds), made the same text as the account's update_time.
 */
export const accountUpdateInput = z.object({
  mid: accountId.optional(),
  url: z.string().trim().max(2000, '最长 2000 个字符').optional(),
  time: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const text = /^\d{9,10}$/.test(v) ? beijingDateTime(Number(v) * 1000) : normalDateTime(v);
      if (text === null) {
        ctx.addIssue({ code: 'custom', message: '格式应为 YYYY-MM-DD HH:mm:ss 或 Unix 秒' });
        return z.NEVER;
      }
      return text;
    }),
});

/** mp_update's envelope (spec §8): code 0 success, 1 a notice, others a warning; data on success. */
export const accountUpdateAnswer = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z
    .object({
      request_id: z.string().optional(),
      update_time: z.string().optional(),
      owner: z.string().optional(),
      area: z.string().optional(),
    })
    .optional(),
});
