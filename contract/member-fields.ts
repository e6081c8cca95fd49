import { z } from 'zod';
import { M } from './member-texts';

/** Field rules of the member forms (spec §5), with the messages of member-texts.ts. */
export const PHONE_RE = /^1[3-9]\d{9}$/;

/** Trimmed text; PostgreSQL text cannot hold NUL, so a NUL is refused here rather than failing the insert. */
const trimmed = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
const noNul = [(s: string) => !s.includes('\u0000'), '不能包含空字符'] as const;

const str = (emptyMsg: string) =>
  z.preprocess(
    trimmed,
    z
      .string()
      .min(1, emptyMsg)
      .refine(...noNul),
  );

export const phone = str(M.PHONE_EMPTY).pipe(z.string().regex(PHONE_RE, M.PHONE_INVALID));

export const newPassword = z.preprocess(
  (v) => (v === undefined || v === null ? '' : String(v)),
  z.string().min(8, M.PASSWORD_SHORT).max(15, M.PASSWORD_LONG),
);

/** Checkbox values as browsers and form encoders send them. */
export const checked = z.preprocess(
  (v) =>
    v === true || v === 1 || (typeof v === 'string' && ['1', 'true', 'on', 'yes'].includes(v.toLowerCase())),
  z.boolean(),
);

export const optionalText = (max: number) =>
  z.preprocess(
    trimmed,
    z
      .string()
      .max(max)
      .refine(...noNul),
  );

/** Adds the "two passwords do not match" rule to a schema with password and confirm. */
export const confirmMatches = <T extends { password: string; confirm: string }>(v: T) =>
  v.password === v.confirm;
export const confirmIssue = { message: M.PASSWORD_MISMATCH, path: ['confirm'] };

/**
 * The first issue's message: member forms answer with the §5 text alone, no field prefix. A generic
 * zod message (a rule without its own text, recognisable by "期望") names the field.
 */
export function firstMessage(e: z.ZodError): string {
  const first = e.issues[0];
  if (!first) return M.REQUEST_FAILED;
  return first.message.includes('期望')
    ? `参数错误：${String(first.path[0] ?? '')} ${first.message}`
    : first.message;
}

/** Page and page size of the member's own lists (orders, invoices, records, demands). */
export const pagingInput = z.object({
  page: z.coerce.number({ message: '页码必须是数字' }).int().min(1, '页码最小为 1').max(10_000).default(1),
  num: z.coerce
    .number({ message: '每页条数必须是数字' })
    .int()
    .min(1)
    .max(100, '每页最多 100 条')
    .default(20),
});

/** A positive record id; every rule answers the one message. */
export const recordId = (msg: string) =>
  z.coerce.number({ message: msg }).int(msg).positive(msg).max(Number.MAX_SAFE_INTEGER, msg);

/** A record id where an empty field reads as absent, so a missing id answers the rule's own message. */
export const sentRecordId = (msg: string) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v), recordId(msg));
