import { z } from 'zod';
import { optionalText, pagingInput } from '../member-fields';
import { M } from '../member-texts';

/** Membership packages, orders and the API balance as the account/v1 and api/v1 calls answer them. */

const zeroOne = z.union([z.literal(0), z.literal(1)]);

/** A package on sale: a membership level for some months (vip) or metered API calls (api). */
export const packageView = z.object({
  package_id: z.string(),
  kind: z.enum(['vip', 'api']),
  name: z.string(),
  /** Yuan with two decimals. */
  price: z.string(),
  price_fen: z.number(),
  vip_id: z.number().optional(),
  vip_name: z.string().optional(),
  months: z.number().optional(),
  calls: z.number().optional(),
});
export type PackageView = z.output<typeof packageView>;

/** What a membership level gives. */
export const levelRights = z.object({
  vip_id: z.number(),
  name: z.string(),
  history_months: z.number(),
  favorite_accounts: z.number(),
  monitor_per_month: z.number(),
  backfill_per_month: z.number(),
  owner_info: zeroOne,
  page_update: zeroOne,
});
export type LevelRights = z.output<typeof levelRights>;

/** The caller's level, every level's rights and the membership packages (vip_info). */
export const vipInfo = z.object({
  vip_id: z.number(),
  vip_name: z.string(),
  vip_expire: z.string().nullable(),
  history_months: z.number(),
  levels: z.array(levelRights),
  packages: z.array(packageView),
});
export type VipInfo = z.output<typeof vipInfo>;

/** A package's price and whether the member may buy it (POST vip_info). */
export const quote = packageView.extend({ allowed: zeroOne, reason: z.string() });
export type Quote = z.output<typeof quote>;

export const orderStatus = z.enum(['pending', 'paid', 'closed']);
export type OrderStatus = z.output<typeof orderStatus>;

export const orderView = z.object({
  out_trade_no: z.string(),
  kind: z.enum(['vip', 'api']),
  package_id: z.string(),
  subject: z.string(),
  total_amount: z.string(),
  status: orderStatus,
  paid: zeroOne,
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type OrderView = z.output<typeof orderView>;

/** An order with its cashier link and that link as a QR image (both empty once it is no longer pending). */
export const payInfo = orderView.extend({ pay_url: z.string(), img: z.string() });
export type PayInfo = z.output<typeof payInfo>;

export const orderState = z.object({ out_trade_no: z.string(), status: orderStatus, paid: zeroOne });

export const orderPage = z.object({ total: z.number(), list: z.array(orderView) });

/** The member's API balance: remaining and api_balance are the same figure under the spec's two names. */
export const remaining = z.object({
  remaining: z.number(),
  api_balance: z.number(),
  trial_quota: z.number(),
});
export type Remaining = z.output<typeof remaining>;

/** One entry of the API ledger. */
export const ledgerRow = z.object({
  id: z.number(),
  kind: z.enum(['call', 'refund', 'recharge', 'trial', 'forfeit']),
  endpoint: z.string(),
  amount: z.number(),
  balance_after: z.number(),
  ref: z.string(),
  created_at: z.string(),
});
export type LedgerRow = z.output<typeof ledgerRow>;

export const ledgerPage = z.object({ total: z.number(), rows: z.array(ledgerRow) });

// --- inputs ---

/** An order named by its out_trade_no. */
export const orderNoInput = z.object({
  out_trade_no: optionalText(64).pipe(z.string().regex(/^[\w-]{8,64}$/, '订单号 (out_trade_no) 无效')),
});

/** A package named by its id. */
export const packageInput = z.object({
  package_id: optionalText(32).pipe(z.string().min(1, M.PACKAGE_UNKNOWN)),
});

/** The member's orders, optionally of one kind. */
export const orderListInput = pagingInput.extend({
  kind: z.enum(['vip', 'api'], { message: '只能是 vip 或 api' }).optional(),
});
