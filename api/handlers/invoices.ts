import type { Context } from 'hono';
import { contract } from '../../contract';
import { M } from '../../contract/member-texts';
import { INVOICE_STATUS_NAMES, Invoices, REGIONS, type RequestRow } from '../../members/invoices';
import { yuan } from '../../members/pricing';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted, said } from '../http/mount';
import { me, memberForm } from './orders';

const { account } = contract;

const requestView = <R extends RequestRow>(r: R) => ({
  ...r,
  amount: yuan(Number(r.amount_fen)),
  status_name: INVOICE_STATUS_NAMES[Number(r.status)] ?? '',
});

/** Invoice addresses, titles and requests for members, and the admin listing (/fbmain/account/v1). */
export function invoiceHandlers(deps: ApiDeps): Mounted[] {
  const inv = new Invoices(deps.members.db);
  const notFound = (c: Context) => fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND);

  return [
    handle(account.regionListAll, () => REGIONS.map((name, i) => ({ id: i + 1, name }))),

    // --- addresses ---
    handle(
      account.invoiceAddressAdd,
      async (a, c) => said(M.ADDED, { id: await inv.addAddress(me(c).id, a) }),
      memberForm,
    ),
    handle(
      account.invoiceAddressUpdate,
      async (a, c) => ((await inv.updateAddress(me(c).id, a.id, a)) ? said(M.UPDATED) : notFound(c)),
      memberForm,
    ),
    handle(
      account.invoiceAddressDelete,
      async ({ id }, c) => ((await inv.deleteAddress(me(c).id, id)) ? said(M.DELETED) : notFound(c)),
      memberForm,
    ),
    handle(
      account.invoiceAddressDetails,
      async ({ id }, c) => (await inv.address(me(c).id, id)) ?? notFound(c),
      memberForm,
    ),
    handle(account.invoiceAddressList, (_, c) => inv.addresses(me(c).id)),

    // --- invoice titles ---
    handle(
      account.invoiceAdd,
      async (t, c) => said(M.ADDED, { id: await inv.addTitle(me(c).id, t) }),
      memberForm,
    ),
    handle(
      account.invoiceUpdate,
      async (t, c) => ((await inv.updateTitle(me(c).id, t.id, t)) ? said(M.UPDATED) : notFound(c)),
      memberForm,
    ),
    handle(
      account.invoiceDelete,
      async ({ id }, c) => ((await inv.deleteTitle(me(c).id, id)) ? said(M.DELETED) : notFound(c)),
      memberForm,
    ),
    handle(
      account.invoiceDetails,
      async ({ id }, c) => (await inv.title(me(c).id, id)) ?? notFound(c),
      memberForm,
    ),
    handle(account.invoiceList, (_, c) => inv.titles(me(c).id)),

    // --- invoice requests (invoice orders) ---
    handle(
      account.invoiceOrderAdd,
      async (f, c) => {
        const r = await inv.request(me(c).id, { ...f, address_id: f.address_id ?? null });
        if (r === 'order') return fail(c, 404, Codes.NOT_FOUND, M.ORDER_NOT_FOUND);
        if (r === 'unpaid') return fail(c, 400, Codes.BAD_INPUT, M.INVOICE_ORDER_UNPAID);
        if (r === 'title') return fail(c, 404, Codes.NOT_FOUND, '发票抬头不存在');
        if (r === 'address') return fail(c, 404, Codes.NOT_FOUND, '收件地址不存在');
        if (r === 'exists') return fail(c, 400, Codes.BAD_INPUT, M.INVOICE_EXISTS);
        return said('提交成功', r);
      },
      memberForm,
    ),
    handle(
      account.invoiceOrderList,
      async ({ page, num }, c) => {
        const { total, rows } = await inv.requests(me(c).id, null, page, num);
        return { total, list: rows.map(({ user_phone: _, ...r }) => requestView(r)) };
      },
      memberForm,
    ),
    handle(
      account.invoiceOrderDetails,
      async ({ id }, c) => {
        const r = await inv.requestOf(me(c).id, id);
        return r ? requestView(r) : notFound(c);
      },
      memberForm,
    ),

    // --- admin ---
    handle(
      account.adminListInvoiceAll,
      async (q) => {
        const { total, rows } = await inv.requests(null, q.status ?? null, q.page, q.num);
        return { total, list: rows.map(requestView) };
      },
      memberForm,
    ),
    handle(
      account.updateInvoiceStatus,
      async (f, c) =>
        (await inv.setStatus(f.id, f.status, f.remark))
          ? said(M.UPDATED)
          : fail(c, 400, Codes.BAD_INPUT, '只能处理待开票的申请'),
      memberForm,
    ),
  ];
}
