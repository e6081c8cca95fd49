import { Hono } from 'hono';
import { z } from 'zod';
import { BankTransfers, type TransferOutcome } from '../../members/transfers';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok } from '../envelope';
import { parseForm, requireAdmin, requireMember } from '../member-session';
import { orderNoInput, pagingInput } from './orders';

const NOT_CONFIGURED = '本站未开通对公转账，请使用在线支付';

const submitInput = orderNoInput.extend({
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

const reviewInput = z.object({
  id: z.coerce.number({ message: '转账记录ID必须是数字' }).int().positive('转账记录ID无效'),
  action: z.enum(['confirm', 'reject'], { message: '操作只能是 confirm（确认到账）或 reject（驳回）' }),
  note: z.string().trim().max(200, '审核备注不能超过 200 个字').default(''),
});

const listInput = pagingInput.extend({
  status: z
    .enum(['pending', 'confirmed', 'rejected'], { message: '状态只能是 pending、confirmed 或 rejected' })
    .optional(),
});

/**
 * 对公转账: members see the payee account (TRANSFER_*) and declare a transfer for an unpaid order
 * (/account/v1); admins confirm it against the bank statement, which pays the order, or reject it (/admin/v1).
 */
export function transferRoutes(deps: ApiDeps) {
  const member = new Hono();
  const admin = new Hono();
  const m = deps.members;
  const transfers = () => new BankTransfers(m.db, m.orders);
  const answer = (c: Parameters<typeof ok>[0], r: TransferOutcome) =>
    r.ok
      ? ok(c, { id: r.id })
      : fail(c, r.notFound ? 404 : 400, r.notFound ? Codes.NOT_FOUND : Codes.BAD_INPUT, r.msg);

  member.get('/transfer_info', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const t = m.transfer;
    return ok(c, {
      configured: t ? 1 : 0,
      account_name: t?.accountName ?? '',
      bank: t?.bank ?? '',
      account_no: t?.accountNo ?? '',
      transfers: await transfers().ofUser(me.id),
    });
  });

  member.post('/transfer_submit', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    if (!m.transfer) return fail(c, 400, Codes.BAD_INPUT, NOT_CONFIGURED);
    const input = await parseForm(c, submitInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const r = await transfers().submit(me.id, input.data);
    if (r.ok) deps.log.info({ transfer: r.id, user: me.id }, 'bank transfer declared');
    return answer(c, r);
  });

  admin.get('/transfers', async (c) => {
    const me = requireAdmin(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, listInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const q = input.data;
    const { total, rows } = await transfers().list(q.status ?? null, q.page, q.num);
    return ok(c, { total, list: rows });
  });

  admin.post('/transfer_review', async (c) => {
    const me = requireAdmin(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, reviewInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const f = input.data;
    const r =
      f.action === 'confirm'
        ? await transfers().confirm(f.id, me.id, f.note)
        : await transfers().reject(f.id, me.id, f.note);
    if (r.ok) deps.log.info({ transfer: f.id, action: f.action, by: me.id }, 'bank transfer reviewed');
    return answer(c, r);
  });

  return { member, admin };
}
