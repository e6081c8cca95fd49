import type { Context } from 'hono';
import type { z } from 'zod';
import { contract } from '../../contract';
import type { Call } from '../../contract/define';
import { firstMessage } from '../../contract/member-fields';
import { M } from '../../contract/member-texts';
import type { orderNoInput, orderState, packageInput, payInfo } from '../../contract/shapes/orders';
import type { Members } from '../../members/index';
import { can, favoriteLimit, historyMonths, LEVELS, levelName } from '../../members/membership';
import type { OrderRow } from '../../members/orders';
import { pagePayUrl } from '../../members/payments';
import { findPackage, PACKAGES, type Package, yuan } from '../../members/pricing';
import { qrImage } from '../../members/qr-login';
import type { Member } from '../../members/sessions';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted, type Refusals } from '../http/mount';
import { memberOf, publicBase } from '../member-session';

const { account } = contract;

/** Member forms answer a refusal with the first rule's own message (spec §5), not the analytics calls' prefix. */
export const memberForm: Refusals = { invalid: (c, e) => fail(c, 400, Codes.BAD_INPUT, firstMessage(e)) };

/** The gate of member calls has admitted a member. */
export const me = (c: Context) => memberOf(c) as Member;

export const packageView = (p: Package) => ({
  package_id: p.id,
  kind: p.kind,
  name: p.name,
  price: yuan(p.price_fen),
  price_fen: p.price_fen,
  ...(p.kind === 'vip'
    ? { vip_id: p.vip_id, vip_name: levelName(p.vip_id ?? 0), months: p.months }
    : { calls: p.calls }),
});

export const orderView = (o: OrderRow) => ({
  out_trade_no: o.out_trade_no,
  kind: o.kind,
  package_id: o.package_id,
  subject: o.subject,
  total_amount: yuan(Number(o.amount_fen)),
  status: o.status,
  paid: o.status === 'paid' ? (1 as const) : (0 as const),
  created_at: o.created_at,
  paid_at: o.paid_at,
});

/** Why a member may not buy a package, or null. */
function refusal(m: Member, p: Package): string | null {
  if (p.kind === 'vip' && m.level > (p.vip_id ?? 0)) return M.VIP_DOWNGRADE;
  return null;
}

/** The cashier link for an order: our sandbox cashier, or Alipay's page pay. */
export function payUrl(c: Context, m: Members, o: OrderRow): string {
  const base = publicBase(c, m);
  if (m.alipay.mode === 'sandbox')
    return `${base}/fbmain/pay/sandbox/checkout?out_trade_no=${encodeURIComponent(o.out_trade_no)}`;
  return pagePayUrl(
    m.alipay,
    { out_trade_no: o.out_trade_no, total_amount: yuan(Number(o.amount_fen)), subject: o.subject },
    {
      notify: `${base}/fbmain/pay/callback/alipay`,
      return: `${base}/main/paySuccess?out_trade_no=${o.out_trade_no}`,
    },
  );
}

type Entry<I extends z.ZodType, O extends z.ZodType> = Call<I, O> & { envelope: 'error_code' };

/**
 * Creating an order, its pay info and its status: account/v1 create_order, pay_info and check_order_status, and
 * the API page's api_create_order, api_pay_info and api_check_order_status (which sell API packages only).
 */
export function orderCalls(
  deps: ApiDeps,
  entries: {
    create: Entry<typeof packageInput, typeof payInfo>;
    info: Entry<typeof orderNoInput, typeof payInfo>;
    status: Entry<typeof orderNoInput, typeof orderState>;
  },
  kind?: 'vip' | 'api',
): Mounted[] {
  const m = deps.members;
  const notFound = (c: Context) => fail(c, 404, Codes.NOT_FOUND, M.ORDER_NOT_FOUND);
  return [
    handle(
      entries.create,
      async ({ package_id }, c) => {
        const pkg = findPackage(package_id);
        if (!pkg || (kind && pkg.kind !== kind)) return fail(c, 400, Codes.BAD_INPUT, M.PACKAGE_UNKNOWN);
        const no = refusal(me(c), pkg);
        if (no) return fail(c, 400, Codes.BAD_INPUT, no);
        const o = await m.orders.create(me(c).id, pkg);
        const url = payUrl(c, m, o);
        return { ...orderView(o), pay_url: url, img: await qrImage(url) };
      },
      memberForm,
    ),
    handle(
      entries.info,
      async ({ out_trade_no }, c) => {
        const o = await m.orders.ofUser(me(c).id, out_trade_no);
        if (!o) return notFound(c);
        const url = o.status === 'pending' ? payUrl(c, m, o) : '';
        return { ...orderView(o), pay_url: url, img: url ? await qrImage(url) : '' };
      },
      memberForm,
    ),
    handle(
      entries.status,
      async ({ out_trade_no }, c) => {
        const o = await m.orders.ofUser(me(c).id, out_trade_no);
        if (!o) return notFound(c);
        return {
          out_trade_no: o.out_trade_no,
          status: o.status,
          paid: o.status === 'paid' ? (1 as const) : (0 as const),
        };
      },
      memberForm,
    ),
  ];
}

/** Membership and orders under /fbmain/account/v1: vip_info, create_order, pay_info, check_order_status, … */
export function orderHandlers(deps: ApiDeps): Mounted[] {
  const m = deps.members;
  return [
    handle(account.vipInfo, (_, c) => {
      const who = memberOf(c);
      return {
        vip_id: who?.level ?? 0,
        vip_name: levelName(who?.level ?? 0),
        vip_expire: who?.vip_expires_at ?? null,
        history_months: historyMonths(who),
        levels: LEVELS.filter((l) => l.vip_id > 0).map((l) => {
          const probe = { level: l.vip_id, is_admin: false } as Member;
          return {
            vip_id: l.vip_id,
            name: l.name,
            history_months: l.historyMonths,
            favorite_accounts: favoriteLimit(probe),
            monitor_per_month: l.monitorPerMonth,
            backfill_per_month: l.backfillPerMonth,
            owner_info: can.ownerInfo(probe) ? 1 : 0,
            page_update: can.pageUpdate(probe) ? 1 : 0,
          } as const;
        }),
        packages: PACKAGES.filter((p) => p.kind === 'vip').map(packageView),
      };
    }),

    // POST vip_info: the quote for one package (price, and whether this member may buy it).
    handle(
      account.vipInfoPost,
      ({ package_id }, c) => {
        const pkg = findPackage(package_id);
        if (!pkg) return fail(c, 400, Codes.BAD_INPUT, M.PACKAGE_UNKNOWN);
        const no = refusal(me(c), pkg);
        return { ...packageView(pkg), allowed: no ? (0 as const) : (1 as const), reason: no ?? '' };
      },
      memberForm,
    ),

    ...orderCalls(deps, {
      create: account.createOrder,
      info: account.payInfo,
      status: account.checkOrderStatus,
    }),

    handle(
      account.listUserOrder,
      async (q, c) => {
        const { total, rows } = await m.orders.list(me(c).id, q.kind ?? null, q.page, q.num);
        return { total, list: rows.map(orderView) };
      },
      memberForm,
    ),

    handle(account.userRemainingAmount, async (_, c) => {
      const b = await m.metering.balance(me(c).id);
      return { remaining: b.balance, api_balance: b.balance, trial_quota: b.trial };
    }),

    handle(
      account.consumptionRecord,
      async (q, c) => m.metering.records(me(c).id, ['call', 'refund'], q),
      memberForm,
    ),
  ];
}
