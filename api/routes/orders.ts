import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { Members } from '../../members/index';
import { can, favoriteLimit, historyMonths, LEVELS, levelName } from '../../members/membership';
import { M } from '../../members/messages';
import type { OrderRow } from '../../members/orders';
import { pagePayUrl } from '../../members/payments';
import { findPackage, PACKAGES, type Package, yuan } from '../../members/pricing';
import { qrImage } from '../../members/qr-login';
import type { Member } from '../../members/sessions';
import { optionalText } from '../../members/validation';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok } from '../envelope';
import { parseForm, publicBase, requireMember } from '../member-session';

export const orderNoInput = z.object({
  out_trade_no: optionalText(64).pipe(z.string().regex(/^[\w-]{8,64}$/, '订单号 (out_trade_no) 无效')),
});
const packageInput = z.object({ package_id: optionalText(32).pipe(z.string().min(1, M.PACKAGE_UNKNOWN)) });
export const pagingInput = z.object({
  page: z.coerce.number({ message: '页码必须是数字' }).int().min(1, '页码最小为 1').max(10_000).default(1),
  num: z.coerce
    .number({ message: '每页条数必须是数字' })
    .int()
    .min(1)
    .max(100, '每页最多 100 条')
    .default(20),
});

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
  paid: o.status === 'paid' ? 1 : 0,
  created_at: o.created_at,
  paid_at: o.paid_at,
});

/** Why a member may not buy a package, or null. */
function refusal(me: Member, p: Package): string | null {
  if (p.kind === 'vip' && me.level > (p.vip_id ?? 0)) return M.VIP_DOWNGRADE;
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

/** Creating an order, its pay info and status: shared by create_order and api_create_order. */
export function orderCalls(
  app: Hono,
  deps: ApiDeps,
  names: { create: string; info: string; status: string },
  kind?: 'vip' | 'api',
) {
  const m = deps.members;
  app.post(`/${names.create}`, async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, packageInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const pkg = findPackage(input.data.package_id);
    if (!pkg || (kind && pkg.kind !== kind)) return fail(c, 400, Codes.BAD_INPUT, M.PACKAGE_UNKNOWN);
    const no = refusal(me, pkg);
    if (no) return fail(c, 400, Codes.BAD_INPUT, no);
    const o = await m.orders.create(me.id, pkg);
    const url = payUrl(c, m, o);
    return ok(c, { ...orderView(o), pay_url: url, img: await qrImage(url) });
  });
  // The member's own order named by out_trade_no, or the answer to send instead.
  const ownOrder = async (c: Context) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, orderNoInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const o = await m.orders.ofUser(me.id, input.data.out_trade_no);
    return o ?? fail(c, 404, Codes.NOT_FOUND, M.ORDER_NOT_FOUND);
  };
  app.get(`/${names.info}`, async (c) => {
    const o = await ownOrder(c);
    if (o instanceof Response) return o;
    const url = o.status === 'pending' ? payUrl(c, m, o) : '';
    return ok(c, { ...orderView(o), pay_url: url, img: url ? await qrImage(url) : '' });
  });
  app.get(`/${names.status}`, async (c) => {
    const o = await ownOrder(c);
    if (o instanceof Response) return o;
    return ok(c, { out_trade_no: o.out_trade_no, status: o.status, paid: o.status === 'paid' ? 1 : 0 });
  });
}

/** Membership and orders under /fbmain/account/v1: vip_info, create_order, pay_info, check_order_status, … */
export function orderRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const m = deps.members;

  app.get('/vip_info', (c) => {
    const me = c.get('member');
    return ok(c, {
      vip_id: me?.level ?? 0,
      vip_name: levelName(me?.level ?? 0),
      vip_expire: me?.vip_expires_at ?? null,
      history_months: historyMonths(me),
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
        };
      }),
      packages: PACKAGES.filter((p) => p.kind === 'vip').map(packageView),
    });
  });

  // POST vip_info: the quote for one package (price, and whether this member may buy it).
  app.post('/vip_info', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, packageInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const pkg = findPackage(input.data.package_id);
    if (!pkg) return fail(c, 400, Codes.BAD_INPUT, M.PACKAGE_UNKNOWN);
    const no = refusal(me, pkg);
    return ok(c, { ...packageView(pkg), allowed: no ? 0 : 1, reason: no ?? '' });
  });

  orderCalls(app, deps, { create: 'create_order', info: 'pay_info', status: 'check_order_status' });

  app.get('/list_user_order', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      pagingInput.extend({ kind: z.enum(['vip', 'api'], { message: '只能是 vip 或 api' }).optional() }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const q = input.data;
    const { total, rows } = await m.orders.list(me.id, q.kind ?? null, q.page, q.num);
    return ok(c, { total, list: rows.map(orderView) });
  });

  app.get('/user_remaining_amount', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const b = await m.metering.balance(me.id);
    return ok(c, { remaining: b.balance, api_balance: b.balance, trial_quota: b.trial });
  });

  app.get('/consumption_record', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, pagingInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    return ok(c, await m.metering.records(me.id, ['call', 'refund'], input.data));
  });

  return app;
}
