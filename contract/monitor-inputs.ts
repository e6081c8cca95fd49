import { z } from 'zod';

/**
 * Input fields of the /fbmain/monitor/v1 calls (monitoring orders, reports, back-collection, brands): blank reads as
 * missing, and each rule's message is the Chinese text the call answers (api/monitor-envelope.ts prefixes the
 * field's label).
 */

export const blankToUndefined = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v);

/** A number field: missing → 不能为空, not a number → 必须是数字, then the given rule. */
export const num = (rule: (n: number) => boolean, msg: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' ? Number(b.trim()) : b;
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? '不能为空' : '必须是数字') })
      .refine((n) => Number.isInteger(n) && rule(n), msg),
  );

/**
 * A required text field of at most `max` characters (trimmed; blank reads as missing). NUL is refused: PostgreSQL
 * text cannot hold it, and no order number, link or keyword contains one.
 */
export const text = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: (iss) => (iss.input === undefined ? '不能为空' : '必须是文本') })
      .trim()
      .min(1, '不能为空')
      .max(max, `不能超过 ${max} 个字符`)
      .refine((s) => !s.includes('\u0000'), '不能包含空字符'),
  );

/** An account id. */
export const midField = num((n) => n > 0 && Number.isSafeInteger(n), '无效');

/** page (1…10000) and pagesize (1…max, default `byDefault`). */
export const paging = (max = 50, byDefault = 10) => ({
  page: num((n) => n >= 1 && n <= 10_000, '最小为 1，最大为 10000').default(1),
  pagesize: num((n) => n >= 1 && n <= max, `只能是 1 到 ${max}`).default(byDefault),
});
