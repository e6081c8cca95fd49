import { z } from 'zod';

/** Input fields shared by the analytics routes; labels for messages live in envelope.ts. */

/** An account id (mId / mid / id). */
export const accountId = z.coerce
  .number({ message: '必须是数字' })
  .int('必须是整数')
  .positive('必须是正整数')
  .max(Number.MAX_SAFE_INTEGER, '超出范围');

/** A 1-based page number. */
export const pageNumber = z.coerce
  .number({ message: '必须是数字' })
  .int('必须是整数')
  .min(1, '最小为 1')
  .max(10_000, '最大为 10000')
  .default(1);

/** A 0/1 switch (only-headline, only-viral…), off by default. */
export const flag = z.coerce
  .number({ message: '只能是 0 或 1' })
  .int('只能是 0 或 1')
  .min(0, '只能是 0 或 1')
  .max(1, '只能是 0 或 1')
  .default(0);

/** Page size up to `max`; by default the largest, which is the spec's pager size for its lists. */
export const pageSize = (max: number, byDefault = max) =>
  z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(1, '最小为 1')
    .max(max, `最大为 ${max}`)
    .default(byDefault);

/**
 * A real calendar day written yyyy-mm-dd. Date.parse is not enough: it takes 2026-02-30 as 2026-03-02, which
 * PostgreSQL then refuses ("date/time field value out of range").
 */
export function isCalendarDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  // Date.UTC reads years 0–99 as 1900–1999: those never round-trip and are refused too.
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** An optional yyyy-mm-dd date ('' reads as absent). */
export const optionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 yyyy-mm-dd')
  .refine(isCalendarDay, '不是有效日期')
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * Text that reaches PostgreSQL (search history, names, notes) must not hold NUL, which PostgreSQL text cannot
 * store; no keyword, name or link contains one, so it is refused as bad input.
 */
export const noNul = [(s: string) => !s.includes('\u0000'), '不能包含空字符'] as const;
