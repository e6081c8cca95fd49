import type { Context } from 'hono';
import { contract } from '../../contract';
import { BankTransfers, type TransferOutcome } from '../../members/transfers';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted } from '../http/mount';
import { requireMember } from '../member-session';
import { me, memberForm } from './orders';

const NOT_CONFIGURED = '本站未开通对公转账，请使用在线支付';

/**
 * 对公转账: members see the payee account (TRANSFER_*) and declare a transfer for an unpaid order
 * (/account/v1); admins confirm it against the bank statement, which pays the order, or reject it (/admin/v1).
 */
export function transferHandlers(deps: ApiDeps): Mounted[] {
  const m = deps.members;
  const transfers = new BankTransfers(m.db, m.orders);
  const answer = (c: Context, r: TransferOutcome) =>
    r.ok
      ? { id: r.id }
      : fail(c, r.notFound ? 404 : 400, r.notFound ? Codes.NOT_FOUND : Codes.BAD_INPUT, r.msg);

  return [
    handle(contract.account.transferInfo, async (_, c) => {
      const t = m.transfer;
      return {
        configured: t ? 1 : 0,
        account_name: t?.accountName ?? '',
        bank: t?.bank ?? '',
        account_no: t?.accountNo ?? '',
        transfers: await transfers.ofUser(me(c).id),
      } as const;
    }),

    handle(
      contract.account.transferSubmit,
      async (f, c) => {
        const r = await transfers.submit(me(c).id, f);
        if (r.ok) deps.log.info({ transfer: r.id, user: me(c).id }, 'bank transfer declared');
        return answer(c, r);
      },
      {
        ...memberForm,
        // A site without a payee account refuses before reading the form.
        gate: (c) => {
          const who = requireMember(c);
          if (who instanceof Response || m.transfer) return who;
          return fail(c, 400, Codes.BAD_INPUT, NOT_CONFIGURED);
        },
      },
    ),

    handle(
      contract.admin.transfers,
      async (q) => {
        const { total, rows } = await transfers.list(q.status ?? null, q.page, q.num);
        return { total, list: rows };
      },
      memberForm,
    ),

    handle(
      contract.admin.transferReview,
      async (f, c) => {
        const by = me(c).id;
        const r =
          f.action === 'confirm'
            ? await transfers.confirm(f.id, by, f.note)
            : await transfers.reject(f.id, by, f.note);
        if (r.ok) deps.log.info({ transfer: f.id, action: f.action, by }, 'bank transfer reviewed');
        return answer(c, r);
      },
      memberForm,
    ),
  ];
}
