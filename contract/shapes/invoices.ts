import { z } from 'zod';
import { checked, optionalText, pagingInput, phone, recordId } from '../member-fields';

/** Invoice addresses, titles (抬头) and requests as the account/v1 invoice calls take and answer them. */

const required = (max: number, msg: string) =>
  optionalText(max + 1).pipe(
    z
      .string()
      .min(1, msg)
      .max(max, `${msg.replace('不能为空', '')}过长`),
  );

/** A record of the member's own named by id. */
export const recordInput = z.object({ id: recordId('记录ID无效') });

export const addressInput = z.object({
  receiver: required(32, '收件人不能为空'),
  phone,
  region: required(64, '所在地区不能为空'),
  address: required(200, '详细地址不能为空'),
  is_default: checked,
});
export const addressUpdateInput = addressInput.extend(recordInput.shape);

export const titleInput = z
  .object({
    title_type: z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)], { message: '请选择抬头类型（1 个人，2 企业）' })),
    title: required(100, '发票抬头不能为空'),
    tax_no: optionalText(20),
    email: optionalText(100).pipe(z.union([z.literal(''), z.email('请输入正确的邮箱')])),
  })
  // A company title needs its taxpayer number.
  .refine((t) => t.title_type === 1 || /^[0-9A-Z]{15,20}$/.test(t.tax_no), {
    message: '请输入正确的纳税人识别号',
    path: ['tax_no'],
  });
export const titleUpdateInput = z.intersection(titleInput, recordInput);

export const invoiceRequestInput = z.object({
  out_trade_no: optionalText(64).pipe(z.string().min(1, '请选择要开票的订单')),
  invoice_id: recordId('请选择发票抬头'),
  address_id: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    recordId('收件地址无效').optional(),
  ),
  remark: optionalText(200),
});

export const adminInvoiceListInput = pagingInput.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(2).optional()),
});

export const invoiceStatusInput = z.object({
  id: recordId('记录ID无效'),
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)], { message: '状态只能是 1（已开票）或 2（驳回）' })),
  remark: optionalText(200),
});

// --- answers ---

export const address = z.object({
  id: z.number(),
  receiver: z.string(),
  phone: z.string(),
  region: z.string(),
  address: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type Address = z.output<typeof address>;

export const invoiceTitle = z.object({
  id: z.number(),
  title_type: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  tax_no: z.string(),
  email: z.string(),
  created_at: z.string(),
});
export type InvoiceTitle = z.output<typeof invoiceTitle>;

/** A new record's id. */
export const created = z.object({ id: z.number() });

/** An invoice request with the title as it was when requested. */
export const invoiceRequest = z.object({
  id: z.number(),
  out_trade_no: z.string(),
  subject: z.string(),
  amount_fen: z.number(),
  /** Yuan with two decimals. */
  amount: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  status_name: z.string(),
  remark: z.string(),
  title_snapshot: z
    .object({
      title: z.string().optional(),
      title_type: z.number().optional(),
      tax_no: z.string().optional(),
      email: z.string().optional(),
    })
    .nullable(),
  address_id: z.number().nullable(),
  user_id: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InvoiceRequest = z.output<typeof invoiceRequest>;

export const invoiceRequestPage = z.object({ total: z.number(), list: z.array(invoiceRequest) });

/** The admin's list also names the member's phone. */
export const adminInvoiceRequest = invoiceRequest.extend({ user_phone: z.string().nullable() });
export type AdminInvoiceRequest = z.output<typeof adminInvoiceRequest>;

export const adminInvoiceRequestPage = z.object({ total: z.number(), list: z.array(adminInvoiceRequest) });

export const region = z.object({ id: z.number(), name: z.string() });
