import { z } from 'zod';
import { isCalendarDay } from '../inputs';
import { optionalText, pagingInput } from '../member-fields';
import { packageView } from './orders';

/** API customers' self-service (api/v1): usage, ledger records, keys and the price list. */

export const apiUsageInput = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

/** Charged calls (refunds taken off) and their cost, per Beijing day and endpoint. */
export const usageRow = z.object({
  day: z.string(),
  endpoint: z.string(),
  calls: z.number(),
  cost: z.number(),
});
export const apiUsage = z.object({
  balance: z.number(),
  trial_quota: z.number(),
  total_calls: z.number(),
  daily: z.array(usageRow),
});

// A real day: the ledger filter casts it to a PostgreSQL date, which refuses 2026-13-45 and 2026-02-30.
const date = optionalText(10).pipe(
  z.union([
    z.literal(''),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-mm-dd')
      .refine(isCalendarDay, '不是有效日期'),
  ]),
);
export const recordsInput = pagingInput.extend({ start_time: date, end_time: date });
export const exportRecordsInput = recordsInput.extend({
  num: z.coerce.number().int().min(1).max(50_000).default(10_000),
  format: z.enum(['csv', 'xlsx'], { message: '格式只能是 csv 或 xlsx' }).default('csv'),
});

/** An open-API key as its owner sees it: never the key itself after creation. */
export const apiKey = z.object({
  id: z.number(),
  prefix: z.string(),
  name: z.string(),
  created_at: z.string(),
  revoked: z.boolean(),
});
/** A new key: the key itself, shown this once. */
export const apiKeyCreated = apiKey.extend({ key: z.string() });
export const apiKeyNameInput = z.object({ name: optionalText(32) });
export const apiKeyIdInput = z.object({ id: z.coerce.number().int().positive('密钥ID无效') });

/** The API price list: packages, per-endpoint costs, and where the documentation is. */
export const apiPricing = z.object({
  packages: z.array(packageView),
  costs: z.record(z.string(), z.number()),
  endpoints: z.array(
    z.object({
      name: z.string(),
      method: z.string(),
      path: z.string(),
      summary: z.string(),
      cost_note: z.string(),
    }),
  ),
  docs: z.string(),
  openapi: z.string(),
  trial_quota_note: z.string(),
});
