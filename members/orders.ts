import type { MemberDb, Tx } from '../postgres/db';
import { type AlipayConfig, rsa2Verify } from './payments';
import { findPackage, PACKAGES, type Package, yuan } from './pricing';
import { newToken } from './tokens';

export interface OrderRow {
  id: number;
  out_trade_no: string;
  user_id: number;
  kind: 'vip' | 'api';
  package_id: string;
  subject: string;
  amount_fen: number;
  status: 'pending' | 'paid' | 'closed';
  trade_no: string | null;
  paid_at: string | null;
  created_at: string;
}

const ORDER_COLUMNS = `id, out_trade_no, user_id, kind, package_id, subject, amount_fen::int AS amount_fen, status,
  trade_no, to_char(paid_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS paid_at,
  to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at`;

/** Our order number: date plus randomness, unique and unguessable (Alipay allows 64 characters). */
const orderNo = () =>
  `${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '')}${newToken(9).replace(/[-_]/g, '0')}`;

export type NotifyResult =
  | { verified: false; reason: string }
  | { verified: true; applied: boolean; reason: string };

export class Orders {
  constructor(
    private db: MemberDb,
    private alipay: AlipayConfig,
  ) {}

  async create(userId: number, pkg: Package): Promise<OrderRow> {
    const [o] = await this.db.query<OrderRow>(
      `INSERT INTO orders (out_trade_no, user_id, kind, package_id, subject, amount_fen)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ORDER_COLUMNS}`,
      [orderNo(), userId, pkg.kind, pkg.id, pkg.name, pkg.price_fen],
    );
    if (!o) throw new Error('insert order returned nothing');
    return o;
  }

  async get(outTradeNo: string): Promise<OrderRow | undefined> {
    const [o] = await this.db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE out_trade_no = $1`, [
      outTradeNo,
    ]);
    return o;
  }

  async ofUser(userId: number, outTradeNo: string): Promise<OrderRow | undefined> {
    const o = await this.get(outTradeNo);
    return o && Number(o.user_id) === userId ? o : undefined;
  }

  async list(userId: number, kind: 'vip' | 'api' | null, page: number, num: number) {
    const [t] = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND ($2::text IS NULL OR kind = $2)',
      [userId, kind],
    );
    const rows = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND ($2::text IS NULL OR kind = $2)
       ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [userId, kind, num, (page - 1) * num],
    );
    return { total: t?.n ?? 0, rows };
  }

  /**
   * An Alipay async notification. Verified by RSA2 signature, app_id, order and amount; applied at most
   * once: the order flips pending → paid in a conditional UPDATE, and the benefit is granted in the same
   * transaction only when that UPDATE changed a row. A replay or a forgery changes nothing.
   */
  async handleNotify(params: Record<string, string>): Promise<NotifyResult> {
    // Alipay never sends NUL, and PostgreSQL text and jsonb cannot hold it: such a notification is refused, and
    // its audit row keeps U+FFFD in the NUL's place.
    const entries = Object.entries(params);
    const nul = entries.some(([k, v]) => k.includes('\u0000') || v.includes('\u0000'));
    const result: NotifyResult = nul
      ? { verified: false, reason: 'NUL in notification' }
      : await this.verifyAndApply(params);
    const storable = (s: string) => s.replaceAll('\u0000', '\uFFFD');
    await this.db.query(
      `INSERT INTO payment_notifications (provider, out_trade_no, notify_id, verified, applied, reason, body)
       VALUES ('alipay', $1, $2, $3, $4, $5, $6)`,
      [
        storable(params.out_trade_no ?? '').slice(0, 64),
        storable(params.notify_id ?? '').slice(0, 128),
        result.verified,
        result.verified && result.applied,
        result.reason,
        JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [storable(k), storable(v)]))),
      ],
    );
    return result;
  }

  private async verifyAndApply(p: Record<string, string>): Promise<NotifyResult> {
    if (!rsa2Verify(p, this.alipay.alipayPublicKey)) return { verified: false, reason: 'bad signature' };
    if (p.app_id !== this.alipay.appId) return { verified: false, reason: 'app_id mismatch' };
    const o = await this.get(p.out_trade_no ?? '');
    if (!o) return { verified: false, reason: 'unknown order' };
    if (p.total_amount !== yuan(Number(o.amount_fen))) return { verified: false, reason: 'amount mismatch' };
    if (p.trade_status === 'TRADE_CLOSED') {
      // An unpaid order that Alipay closed (timeout or full refund before payment) can no longer be paid.
      await this.db.query(`UPDATE orders SET status = 'closed' WHERE id = $1 AND status = 'pending'`, [o.id]);
      return { verified: true, applied: false, reason: 'closed' };
    }
    if (p.trade_status !== 'TRADE_SUCCESS' && p.trade_status !== 'TRADE_FINISHED')
      return { verified: true, applied: false, reason: `status ${p.trade_status ?? ''}` };
    const pkg = findPackage(o.package_id);
    if (!pkg) return { verified: true, applied: false, reason: 'unknown package' };
    const r = await this.db.transaction((tx) => applyPaidOrder(tx, o, pkg, (p.trade_no ?? '').slice(0, 64)));
    return {
      verified: true,
      applied: r === 'paid',
      // A payment of a closed order is money to give back by hand: the audit row says so.
      reason:
        r === 'paid' ? 'applied' : r === 'below_level' ? 'closed: below the member level' : `not pending`,
    };
  }
}

/** What paying an order did: granted it, nothing (not pending: paid or closed before), or closed it. */
export type PaidOutcome = 'paid' | 'not_pending' | 'below_level';

/** The member's level as permissions see it (an expired paid level is 1), as in members/sessions.ts. */
const ACTIVE_LEVEL = `CASE WHEN vip_id > 1 AND vip_expires_at IS NOT NULL AND vip_expires_at <= now() THEN 1 ELSE vip_id END`;

/**
 * Marks a pending order paid and grants what it bought, inside the caller's transaction: the one way an order
 * becomes paid (the Alipay callback, a confirmed bank transfer). The order flips pending → paid in a conditional
 * UPDATE, and the benefit is granted only when that UPDATE changed a row, so a repeat changes nothing.
 * A payment never lowers the tier: the level is checked when the order is paid (under the member's row lock, so two
 * payments cannot both pass), not only when it was created. A membership order below the member's current level is
 * closed instead, and paying a level closes the member's pending orders below it (docs/members.md).
 */
export async function applyPaidOrder(
  tx: Tx,
  o: Pick<OrderRow, 'id' | 'user_id' | 'out_trade_no'>,
  pkg: Package,
  tradeNo: string,
): Promise<PaidOutcome> {
  if (pkg.kind === 'vip') {
    const [u] = await tx.query<{ level: number }>(
      `SELECT ${ACTIVE_LEVEL} AS level FROM users WHERE id = $1 FOR UPDATE`,
      [o.user_id],
    );
    if (Number(u?.level ?? 0) > (pkg.vip_id ?? 0)) {
      const closed = await tx.query(
        `UPDATE orders SET status = 'closed' WHERE id = $1 AND status = 'pending' RETURNING id`,
        [o.id],
      );
      return closed.length > 0 ? 'below_level' : 'not_pending';
    }
  }
  const flipped = await tx.query(
    `UPDATE orders SET status = 'paid', trade_no = $2, paid_at = now()
     WHERE id = $1 AND status = 'pending' RETURNING id`,
    [o.id, tradeNo],
  );
  if (flipped.length === 0) return 'not_pending';
  if (pkg.kind === 'vip') {
    // Same level still active: extend from its expiry; otherwise the new level starts now.
    await tx.query(
      `UPDATE users SET
         vip_expires_at = CASE WHEN vip_id = $2 AND vip_expires_at > now() THEN vip_expires_at ELSE now() END
                          + make_interval(months => $3),
         vip_id = $2
       WHERE id = $1`,
      [o.user_id, pkg.vip_id, pkg.months],
    );
    // Orders for a lower level can no longer be bought (create_order refuses them): close the stale ones.
    await tx.query(
      `UPDATE orders SET status = 'closed' WHERE user_id = $1 AND status = 'pending' AND package_id = ANY($2::text[])`,
      [
        o.user_id,
        PACKAGES.filter((p) => p.kind === 'vip' && (p.vip_id ?? 0) < (pkg.vip_id ?? 0)).map((p) => p.id),
      ],
    );
  } else {
    await tx.query(
      `WITH u AS (UPDATE users SET api_balance = api_balance + $2 WHERE id = $1 RETURNING id, api_balance)
       INSERT INTO api_ledger (user_id, kind, amount, balance_after, ref)
       SELECT id, 'recharge', $2, api_balance, $3 FROM u`,
      [o.user_id, pkg.calls, o.out_trade_no],
    );
  }
  return 'paid';
}
