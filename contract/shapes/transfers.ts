import { z } from 'zod';
import { pagingInput } from '../member-fields';
import { orderNoInput, orderStatus } from './orders';

/** 对公转账: the payee account, the members' declared transfers and the admins' review of them. */

export const transferStatus = z.enum(['pending', 'confirmed', 'rejected']);

export const transferRow = z.object({
  id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  out_trade_no: z.string(),
  subject: z.string(),
  /** The order's amount, yuan with two decimals. */
  total_amount: z.string(),
  order_status: orderStatus,
  payer_name: z.string(),
  reference: z.string(),
  remark: z.string(),
  status: transferStatus,
  review_note: z.string(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type TransferRow = z.output<typeof transferRow>;

/** The payee account (configured 0: transfers are not offered) and the member's transfers. */
export const transferInfo = z.object({
  configured: z.union([z.literal(0), z.literal(1)]),
  account_name: z.string(),
  bank: z.string(),
  account_no: z.string(),
  transfers: z.array(transferRow),
});
export type TransferInfo = z.output<typeof transferInfo>;

export const transferSubmitInput = orderNoInput.extend({
  payer_name: z
    .string({ message: '请填写付款单位名称' })
    .trim()
    .min(2, '请填写付款单位名称')
    .max(100, '付款单位名称不能超过 100 个字'),
  reference: z
    .string({ message: '请填写银行流水号或回单号' })
    .trim()
    .regex(/^[\w-]{4,64}$/, '银行流水号或回单号为 4–64 位字母、数字或连字符'),
  remark: z.string().trim().max(200, '备注不能超过 200 个字').default(''),
});

export const transferReviewInput = z.object({
  id: z.coerce.number({ message: '转账记录ID必须是数字' }).int().positive('转账记录ID无效'),
  action: z.enum(['confirm', 'reject'], { message: '操作只能是 confirm（确认到账）或 reject（驳回）' }),
  note: z.string().trim().max(200, '审核备注不能超过 200 个字').default(''),
});

export const transferListInput = pagingInput.extend({
  status: z.enum(transferStatus.options, { message: '状态只能是 pending、confirmed 或 rejected' }).optional(),
});

export const transferPage = z.object({ total: z.number(), list: z.array(transferRow) });
