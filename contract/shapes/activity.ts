import { z } from 'zod';
import { pageNumber, pageSize } from '../inputs';
import { accountIdentity } from './accounts';

/** The member's own activity: the accounts they opened last and their API use (account/v1). */

export const lastOpenedInput = z.object({ page: pageNumber, num: pageSize(50, 10) });

export const lastOpenedAccount = accountIdentity.extend({
  owner: z.string(),
  zhuti: z.string(),
  /** Beijing time of the last visit. */
  last_view: z.string(),
  views: z.number(),
});
export type LastOpenedAccount = z.output<typeof lastOpenedAccount>;

export const lastOpenedPage = z.object({
  page: z.number(),
  num: z.number(),
  total: z.number(),
  list: z.array(lastOpenedAccount),
});

export const apiAggregateInput = z.object({
  days: z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(1, '最小为 1')
    .max(365, '最大为 365')
    .default(30),
});

const spent = { calls: z.number(), cost: z.number() };
export const apiAggregate = z.object({
  days: z.number(),
  total_calls: z.number(),
  total_cost: z.number(),
  /** Most used first. */
  endpoints: z.array(z.object({ endpoint: z.string(), ...spent })),
  /** Beijing days with calls, oldest first. */
  daily: z.array(z.object({ date: z.string(), ...spent })),
});
export type ApiAggregate = z.output<typeof apiAggregate>;
