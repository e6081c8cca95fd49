import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { INVOICE_STATUS_NAMES, Invoices, REGIONS } from '../../members/invoices';
import { M } from '../../members/messages';
import { yuan } from '../../members/pricing';
import { checked, optionalText, phone } from '../../members/validation';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok } from '../envelope';
import { parseForm, requireAdmin, requireMember } from '../member-session';
import { pagingInput } from './orders';

const required = (max: number, msg: string) =>
  optionalText(max + 1).pipe(
    z
      .string()
      .min(1, msg)
      .max(max, `${msg.replace('不能为空', '')}过长`),
  );
const idField = (msg: string) =>
  z.coerce.number({ message: msg }).int(msg).positive(msg).max(Number.MAX_SAFE_INTEGER, msg);
const addressInput = z.object({
  receiver: required(32, '收件人不能为空'),
  phone,
  region: required(64, '所在地区不能为空'),
  address: required(200, '详细地址不能为空'),
  is_default: checked,
});
const titleInput = z
  .object({
    title_type: z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)], { message: '请选择抬头类型（1 个人，2 企业）' })),
    title: required(100, '发票抬头不能为空'),
    tax_no: optionalText(20),
    email: optionalText(100).pipe(z.union([z.literal(''), z.email('请输入正确的邮箱')])),
  })
  .refine((t) => t.title_type === 1 || /^[0-9A-Z]{15,20}$/.test(t.tax_no), {
    message: '请输入正确的纳税人识别号',
    path: ['tax_no'],
  });
const withId = <T extends z.ZodRawShape>(shape: T) => z.object({ id: idField('记录ID无效'), ...shape });

/** Invoice addresses, titles and requests for members, and the admin listing (/fbmain/account/v1). */
export function invoiceRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const inv = new Invoices(deps.members.db);
  const notFound = (c: Context) => fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND);

  app.get('/region_list_all', (c) =>
    ok(
      c,
      REGIONS.map((name, i) => ({ id: i + 1, name })),
    ),
  );

  // --- addresses ---
  app.post('/invoice_address_add', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, addressInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    return c.json({ error_code: 0, msg: M.ADDED, data: { id: await inv.addAddress(me.id, input.data) } });
  });
  app.post('/invoice_address_update', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, addressInput.extend({ id: idField('记录ID无效') }), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    return (await inv.updateAddress(me.id, input.data.id, input.data))
      ? c.json({ error_code: 0, msg: M.UPDATED })
      : notFound(c);
  });
  const deleteAddress = async (c: Context) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, withId({}), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    return (await inv.deleteAddress(me.id, input.data.id))
      ? c.json({ error_code: 0, msg: M.DELETED })
      : notFound(c);
  };
  app.delete('/invoice_address_delete', deleteAddress);
  app.post('/invoice_address_delete', deleteAddress);
  app.get('/invoice_address_details', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, withId({}), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const a = await inv.address(me.id, input.data.id);
    return a ? ok(c, a) : notFound(c);
  });
  app.get('/invoice_address_list', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    return ok(c, await inv.addresses(me.id));
  });

  // --- invoice titles ---
  app.post('/invoice_add', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, titleInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    return c.json({ error_code: 0, msg: M.ADDED, data: { id: await inv.addTitle(me.id, input.data) } });
  });
  app.post('/invoice_update', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, z.intersection(titleInput, withId({})), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    return (await inv.updateTitle(me.id, input.data.id, input.data))
      ? c.json({ error_code: 0, msg: M.UPDATED })
      : notFound(c);
  });
  const deleteTitle = async (c: Context) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, withId({}), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    return (await inv.deleteTitle(me.id, input.data.id))
      ? c.json({ error_code: 0, msg: M.DELETED })
      : notFound(c);
  };
  app.delete('/invoice_delete', deleteTitle);
  app.post('/invoice_delete', deleteTitle);
  app.get('/invoice_details', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, withId({}), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const t = await inv.title(me.id, input.data.id);
    return t ? ok(c, t) : notFound(c);
  });
  app.get('/invoice_list', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    return ok(c, await inv.titles(me.id));
  });

  // --- invoice requests (invoice orders) ---
  const requestView = (r: Record<string, unknown>) => ({
    ...r,
    amount: yuan(Number(r.amount_fen)),
    status_name: INVOICE_STATUS_NAMES[Number(r.status)] ?? '',
  });
  app.post('/invoice_order_add', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      z.object({
        out_trade_no: optionalText(64).pipe(z.string().min(1, '请选择要开票的订单')),
        invoice_id: idField('请选择发票抬头'),
        address_id: z.preprocess(
          (v) => (v === '' || v === undefined ? undefined : v),
          idField('收件地址无效').optional(),
        ),
        remark: optionalText(200),
      }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const r = await inv.request(me.id, { ...input.data, address_id: input.data.address_id ?? null });
    if (r === 'order') return fail(c, 404, Codes.NOT_FOUND, M.ORDER_NOT_FOUND);
    if (r === 'unpaid') return fail(c, 400, Codes.BAD_INPUT, M.INVOICE_ORDER_UNPAID);
    if (r === 'title') return fail(c, 404, Codes.NOT_FOUND, '发票抬头不存在');
    if (r === 'address') return fail(c, 404, Codes.NOT_FOUND, '收件地址不存在');
    if (r === 'exists') return fail(c, 400, Codes.BAD_INPUT, M.INVOICE_EXISTS);
    return c.json({ error_code: 0, msg: '提交成功', data: r });
  });
  app.get('/invoice_order_list', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, pagingInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const { total, rows } = await inv.requests(me.id, null, input.data.page, input.data.num);
    return ok(c, { total, list: rows.map(({ user_phone: _, ...r }) => requestView(r)) });
  });
  app.get('/invoice_order_details', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, withId({}), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const r = await inv.requestOf(me.id, input.data.id);
    return r ? ok(c, requestView(r)) : notFound(c);
  });

  // --- admin ---
  app.get('/admin_list_invoice_all', async (c) => {
    const admin = requireAdmin(c);
    if (admin instanceof Response) return admin;
    const input = await parseForm(
      c,
      pagingInput.extend({
        status: z.preprocess(
          (v) => (v === '' ? undefined : v),
          z.coerce.number().int().min(0).max(2).optional(),
        ),
      }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const q = input.data;
    const { total, rows } = await inv.requests(null, q.status ?? null, q.page, q.num);
    return ok(c, { total, list: rows.map(requestView) });
  });
  app.post('/update_invoice_status', async (c) => {
    const admin = requireAdmin(c);
    if (admin instanceof Response) return admin;
    const input = await parseForm(
      c,
      z.object({
        id: idField('记录ID无效'),
        status: z.coerce
          .number()
          .pipe(z.union([z.literal(1), z.literal(2)], { message: '状态只能是 1（已开票）或 2（驳回）' })),
        remark: optionalText(200),
      }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const f = input.data;
    return (await inv.setStatus(f.id, f.status, f.remark))
      ? c.json({ error_code: 0, msg: M.UPDATED })
      : fail(c, 400, Codes.BAD_INPUT, '只能处理待开票的申请');
  });

  return app;
}
