import { z } from 'zod';
import { blankToUndefined, midField, num, paging } from '../monitor-inputs';

/**
 * Brands (主体) and account comparison (monitor/v1 brand_ranking, brand_detail, brand_bar,
 * official_account_contrast): owners' and accounts' combined figures over the last 7 or 30 days.
 */

export const WINDOW_DAYS = [7, 30] as const;
export type WindowDays = (typeof WINDOW_DAYS)[number];
export const BRAND_SORT_KEYS = [
  'reads',
  'avg_reads',
  'articles',
  'accounts',
  'likes',
  'looking',
  'fans',
] as const;
export type BrandSort = (typeof BRAND_SORT_KEYS)[number];
export const ACCOUNT_SORT_KEYS = [
  'reads',
  'avg_reads',
  'head_avg_reads',
  'articles',
  'likes',
  'fans',
] as const;
export type AccountSort = (typeof ACCOUNT_SORT_KEYS)[number];

/** Accounts one comparison takes. */
export const CONTRAST_MIN = 2;
export const CONTRAST_MAX = 5;

// ---------- inputs ----------

const days = num((n) => (WINDOW_DAYS as readonly number[]).includes(n), '只能是 7 或 30（天）').default(7);
const sortOf = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.preprocess(blankToUndefined, z.enum(keys, { message: `只能是 ${keys.join('、')}` }).optional());
const ownerRef = {
  owner: z.preprocess(
    blankToUndefined,
    z.string().trim().min(1, '不能为空').max(100, '不能超过 100 个字符').optional(),
  ),
  mid: z.preprocess(blankToUndefined, midField.optional()),
};
const needOwner = <T extends { owner?: string | undefined; mid?: number | undefined }>(v: T) =>
  v.owner !== undefined || v.mid !== undefined;
const OWNER_MISSING = { message: '不能为空（请提供主体名称 owner 或公众号 mid）', path: ['owner'] };

export const brandRankingInput = z.object({
  days,
  sort: sortOf(BRAND_SORT_KEYS),
  kw: z.preprocess(blankToUndefined, z.string().trim().max(50, '不能超过 50 个字符').default('')),
  ...paging(50, 20),
});
export const brandDetailInput = z
  .object({ ...ownerRef, days, sort: sortOf(ACCOUNT_SORT_KEYS), ...paging(50, 20) })
  .refine(needOwner, OWNER_MISSING);
export const brandBarInput = z
  .object({
    ...ownerRef,
    days,
    type: z.preprocess(
      blankToUndefined,
      z.enum(['day', 'account'], { message: '只能是 day（按天）或 account（按公众号）' }).default('day'),
    ),
  })
  .refine(needOwner, OWNER_MISSING);
/** mids as a list, a comma-separated string, or repeated fields. */
const midList = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? String(v).split(',') : [])
      .map((x) => String(x).trim())
      .filter(Boolean),
  z
    .array(
      z.coerce
        .number({ message: '必须是数字' })
        .int('必须是整数')
        .positive('必须是正整数')
        .max(Number.MAX_SAFE_INTEGER, '超出范围'),
    )
    .transform((ms) => [...new Set(ms)])
    .refine((ms) => ms.length >= CONTRAST_MIN && ms.length <= CONTRAST_MAX, {
      message: `请选择 ${CONTRAST_MIN}–${CONTRAST_MAX} 个不同的公众号`,
    }),
);
export const contrastInput = z.object({ mids: midList, days });

// ---------- answers ----------

const brandFiguresFields = {
  accounts: z.number(),
  active_accounts: z.number(),
  articles: z.number(),
  posts: z.number(),
  reads: z.number(),
  avg_reads: z.number(),
  head_avg_reads: z.number(),
  max_reads: z.number(),
  likes: z.number(),
  looking: z.number(),
  fans: z.number(),
};
export const brandFigures = z.object(brandFiguresFields);
export type BrandFigures = z.output<typeof brandFigures>;

/** One owner of the brand ranking. */
export const brandRow = brandFigures.extend({
  rank: z.number(),
  owner: z.string(),
  top_account: z.object({ mid: z.number(), name: z.string() }),
});
export type BrandRow = z.output<typeof brandRow>;

/** One account's figures over the window. */
export const accountFigures = z.object({
  mid: z.number(),
  name: z.string(),
  mp_name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  owner: z.string(),
  media: z.string(),
  area: z.string(),
  fans: z.number(),
  wci: z.number(),
  index: z.number(),
  articles: z.number(),
  posts: z.number(),
  reads: z.number(),
  avg_reads: z.number(),
  head_avg_reads: z.number(),
  max_reads: z.number(),
  likes: z.number(),
  avg_likes: z.number(),
  looking: z.number(),
  avg_looking: z.number(),
});
export type AccountFigures = z.output<typeof accountFigures>;

export const brandRanking = z.object({
  list: z.array(brandRow),
  total: z.number(),
  page: z.number(),
  pagesize: z.number(),
  days: z.number(),
  sort: z.enum(BRAND_SORT_KEYS),
  start_day: z.string(),
  end_day: z.string(),
  free_depth: z.number(),
});
export type BrandRanking = z.output<typeof brandRanking>;
export const brandRankingAnswer = z.object({ data: brandRanking });

export const brandDetail = brandFigures.extend({
  owner: z.string(),
  areas: z.array(z.string()),
  media: z.array(z.string()),
  days: z.number(),
  start_day: z.string(),
  end_day: z.string(),
  list: z.array(accountFigures),
  total: z.number(),
  page: z.number(),
  pagesize: z.number(),
});
export type BrandDetail = z.output<typeof brandDetail>;
export const brandDetailAnswer = z.object({ data: brandDetail });

const metricSeries = {
  articles: z.array(z.number()),
  reads: z.array(z.number()),
  likes: z.array(z.number()),
  looking: z.array(z.number()),
};
const barBase = {
  owner: z.string(),
  days: z.number(),
  start_day: z.string(),
  end_day: z.string(),
  accounts: z.number(),
};
/** brand_bar: per account (the top accounts' bars) or per day (totals, and the top accounts' reads stacked). */
export const brandBarAnswer = z.object({
  data: z.union([
    z.object({
      ...barBase,
      type: z.literal('account'),
      charts: z.object({ x: z.array(z.string()), mids: z.array(z.number()), ...metricSeries }),
    }),
    z.object({
      ...barBase,
      type: z.literal('day'),
      charts: z.object({ x: z.array(z.string()), ...metricSeries }),
      series: z.array(z.object({ mid: z.number(), name: z.string(), reads: z.array(z.number()) })),
    }),
  ]),
});

export const contrastAnswer = z.object({
  data: z.object({
    days: z.number(),
    start_day: z.string(),
    end_day: z.string(),
    accounts: z.array(accountFigures),
    charts: z.object({
      x: z.array(z.string()),
      series: z.array(z.object({ mid: z.number(), name: z.string(), ...metricSeries })),
    }),
  }),
});
/** brand_bar with type day. */
export type BrandDayBars = Extract<z.output<typeof brandBarAnswer>['data'], { type: 'day' }>;
export type Contrast = z.output<typeof contrastAnswer>['data'];
export type ContrastSeries = Contrast['charts']['series'][number];
