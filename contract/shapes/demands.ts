import { z } from 'zod';
import { DEMAND_LIMITS, DEMAND_SERVICE_KEYS, DEMAND_STATUS_KEYS, DemandMessages } from '../demand-services';
import { optionalText, pagingInput, phone, recordId } from '../member-fields';

/** Demands from the service pages (account/v1 submit_demand) and the admins' list of them. */

const text = (max: number, emptyMsg: string | null, longMsg: string) => {
  const base = optionalText(10_000).pipe(z.string().max(max, longMsg));
  return emptyMsg ? base.pipe(z.string().min(1, emptyMsg)) : base;
};

const serviceField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : String(v).trim()),
  z.union([z.literal(''), z.enum(DEMAND_SERVICE_KEYS)], { message: DemandMessages.SERVICE_INVALID }),
);
const statusField = z.enum(DEMAND_STATUS_KEYS, { message: DemandMessages.STATUS_INVALID });

export const demandInput = z.object({
  name: text(DEMAND_LIMITS.name, DemandMessages.NAME_EMPTY, DemandMessages.NAME_LONG),
  phone,
  content: text(DEMAND_LIMITS.content, DemandMessages.CONTENT_EMPTY, DemandMessages.CONTENT_LONG),
  company: text(DEMAND_LIMITS.company, null, DemandMessages.COMPANY_LONG),
  service: serviceField,
  // The dashboard path the form was sent from (e.g. /WeiBo); only a path, never a whole URL.
  source_path: optionalText(DEMAND_LIMITS.sourcePath).pipe(
    z.string().regex(/^(\/[\w\-./]*)?$/, DemandMessages.PATH_INVALID),
  ),
});
/** The fields of the demand form as the server reads them. */
export type DemandFields = z.output<typeof demandInput>;

export const demandListInput = pagingInput.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), statusField.optional()),
  service: z.preprocess((v) => (v === '' ? undefined : v), serviceField.optional()),
});

export const demandStatusInput = z.object({ id: recordId('需求ID无效'), status: statusField });

export const demandRow = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  service: z.union([z.literal(''), z.enum(DEMAND_SERVICE_KEYS)]),
  service_name: z.string(),
  content: z.string(),
  source_path: z.string(),
  status: statusField,
  status_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DemandRow = z.output<typeof demandRow>;

export const demandList = z.object({
  total: z.number(),
  counts: z.record(statusField, z.number()),
  list: z.array(demandRow),
});
export type DemandList = z.output<typeof demandList>;
