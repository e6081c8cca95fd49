import type { TransferRow } from '../contract/shapes/transfers';
import type { MemberDb } from '../postgres/db';
import { applyPaidOrder, type Orders } from './orders';
import { findPackage, yuan } from './pricing';

// A member's declared bank transfer for one of their orders (对公转账), as members and admins see it: TransferRow.

const COLUMNS = `t.id, t.user_id, u.name AS user_name, o.out_trade_no, o.subject, o.amount_fen::int AS amount_fen,
  o.status AS order_status, t.payer_name, t.reference, t.remark, t.status, t.review_note,
  to_char(t.reviewed_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS reviewed_at,
  to_char(t.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
  FROM bank_transfers t JOIN orders o ON o.id = t.order_id JOIN users u ON u.id = t.user_id`;

const toRow = (r: Record<string, unknown>): TransferRow => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  user_name: String(r.user_name ?? ''),
  out_trade_no: String(r.out_trade_no),
  subject: String(r.subject),
  total_amount: yuan(Number(r.amount_fen)),
  order_status: r.order_status as TransferRow['order_status'],
  payer_name: String(r.payer_name),
  reference: String(r.reference),
  remark: String(r.remark),
  status: r.status as TransferRow['status'],
  review_note: String(r.review_note),
  reviewed_at: (r.reviewed_at as string | null) ?? null,
  created_at: String(r.created_at),
});

export type TransferOutcome = { ok: true; id: number } | { ok: false; msg: string; notFound?: boolean };

/** Bank transfers: members declare one per unpaid order; an admin confirms it (paying the order) or rejects it. */
export class BankTransfers {
  constructor(
    private db: MemberDb,
    private orders: Orders,
  ) {}

  async submit(
    userId: number,
    f: { out_trade_no: string; payer_name: string; reference: string; remark: string },
  ): Promise<TransferOutcome> {
    const o = await this.orders.ofUser(userId, f.out_trade_no);
    if (!o) return { ok: false, msg: '订单不存在', notFound: true };
    if (o.status === 'paid') return { ok: false, msg: '该订单已支付，无需转账' };
    if (o.status === 'closed') return { ok: false, msg: '该订单已关闭，请重新下单' };
    // The partial unique index keeps one open claim per order, even when two submissions race.
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO bank_transfers (user_id, order_id, payer_name, reference, remark)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (order_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
      [userId, o.id, f.payer_name, f.reference, f.remark],
    );
    if (!row) return { ok: false, msg: '该订单已有待确认的转账，请等待管理员核对' };
    return { ok: true, id: Number(row.id) };
  }

  async ofUser(userId: number): Promise<TransferRow[]> {
    const rows = await this.db.query(
      `SELECT ${COLUMNS} WHERE t.user_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT 100`,
      [userId],
    );
    return rows.map(toRow);
  }

  async list(status: TransferRow['status'] | null, page: number, num: number) {
    const [t] = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bank_transfers WHERE ($1::text IS NULL OR status = $1)',
      [status],
    );
    const rows = await this.db.query(
      `SELECT ${COLUMNS} WHERE ($1::text IS NULL OR t.status = $1)
       ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3`,
      [status, num, (page - 1) * num],
    );
    return { total: t?.n ?? 0, rows: rows.map(toRow) };
  }

  /**
   * Confirms a pending transfer and pays its order in one transaction, through applyPaidOrder (the callback's
   * code). An order paid meanwhile (online) is refused: the money then came twice and needs a refund, not a grant.
   */
  async confirm(id: number, adminId: number, note: string): Promise<TransferOutcome> {
    return this.db.transaction(async (tx) => {
      // Read through the transaction's connection: PGlite has only one.
      const [t] = await tx.query<{
        status: string;
        order_id: number;
        user_id: number;
        out_trade_no: string;
        package_id: string;
        order_status: string;
      }>(
        `SELECT t.status, o.id AS order_id, o.user_id, o.out_trade_no, o.package_id, o.status AS order_status
         FROM bank_transfers t JOIN orders o ON o.id = t.order_id WHERE t.id = $1 FOR UPDATE OF t`,
        [id],
      );
      if (!t) return { ok: false, msg: '转账记录不存在', notFound: true } as const;
      if (t.status !== 'pending') return { ok: false, msg: '该转账已处理' } as const;
      const pkg = findPackage(t.package_id);
      if (!pkg) return { ok: false, msg: '订单的套餐已不存在' } as const;
      if (t.order_status !== 'pending')
        return {
          ok: false,
          msg: `订单${t.order_status === 'paid' ? '已支付' : '已关闭'}，不能再确认转账`,
        } as const;
      const o = { id: Number(t.order_id), user_id: Number(t.user_id), out_trade_no: t.out_trade_no };
      const paid = await applyPaidOrder(tx, o, pkg, `transfer-${id}`);
      if (paid === 'below_level')
        return { ok: false, msg: '会员当前等级高于该订单，订单已关闭，请退回这笔转账' } as const;
      if (paid !== 'paid') return { ok: false, msg: '订单已支付，不能再确认转账' } as const;
      await tx.query(
        `UPDATE bank_transfers SET status = 'confirmed', review_note = $2, reviewed_by = $3, reviewed_at = now()
         WHERE id = $1`,
        [id, note, adminId],
      );
      return { ok: true, id } as const;
    });
  }

  async reject(id: number, adminId: number, note: string): Promise<TransferOutcome> {
    const [row] = await this.db.query<{ id: number }>(
      `UPDATE bank_transfers SET status = 'rejected', review_note = $2, reviewed_by = $3, reviewed_at = now()
       WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, note, adminId],
    );
    if (row) return { ok: true, id };
    const [exists] = await this.db.query('SELECT 1 FROM bank_transfers WHERE id = $1', [id]);
    return exists ? { ok: false, msg: '该转账已处理' } : { ok: false, msg: '转账记录不存在', notFound: true };
  }
}
