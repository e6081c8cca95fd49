import { z } from 'zod';

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
