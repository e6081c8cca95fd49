import type { Address, InvoiceTitle } from '../contract/shapes/invoices';
import type { MemberDb } from '../postgres/db';

/**
 * Invoices: mailing addresses, invoice titles (抬头) and invoice requests for paid orders
 * (status 0 pending, 1 issued, 2 rejected). Every member statement is scoped by user_id.
 */
export const INVOICE_STATUS = { PENDING: 0, ISSUED: 1, REJECTED: 2 } as const;
export const INVOICE_STATUS_NAMES = ['待开票', '已开票', '已驳回'] as const;

export interface AddressInput {
  receiver: string;
  phone: string;
  region: string;
  address: string;
  is_default: boolean;
}
export interface TitleInput {
  title_type: 1 | 2;
  title: string;
  tax_no: string;
  email: string;
}

/** An invoice request as stored, with its order's number and subject. */
export interface RequestRow {
  id: number;
  out_trade_no: string;
  subject: string;
  amount_fen: number;
  status: 0 | 1 | 2;
  remark: string;
  title_snapshot: Partial<Pick<InvoiceTitle, 'title' | 'title_type' | 'tax_no' | 'email'>> | null;
  address_id: number | null;
  user_id: number;
  created_at: string;
  updated_at: string;
}

const TS = (col: string) => `to_char(${col} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
const ADDRESS_COLS = `id::int AS id, receiver, phone, region, address, is_default, ${TS('created_at')} AS created_at`;
const TITLE_COLS = `id::int AS id, title_type::int AS title_type, title, tax_no, email, ${TS('created_at')} AS created_at`;
const REQUEST_COLS = `r.id::int AS id, o.out_trade_no, o.subject, r.amount_fen::int AS amount_fen, r.status::int AS status,
  r.remark, r.title_snapshot, r.address_id::int AS address_id, r.user_id::int AS user_id,
  ${TS('r.created_at')} AS created_at, ${TS('r.updated_at')} AS updated_at`;

export class Invoices {
  constructor(private db: MemberDb) {}

  // --- addresses ---
  async addAddress(userId: number, a: AddressInput): Promise<number> {
    return this.db.transaction(async (tx) => {
      if (a.is_default)
        await tx.query('UPDATE invoice_addresses SET is_default = false WHERE user_id = $1', [userId]);
      const [r] = await tx.query<{ id: number }>(
        `INSERT INTO invoice_addresses (user_id, receiver, phone, region, address, is_default)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
        [userId, a.receiver, a.phone, a.region, a.address, a.is_default],
      );
      return Number(r?.id);
    });
  }
  async updateAddress(userId: number, id: number, a: AddressInput): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (a.is_default)
        await tx.query('UPDATE invoice_addresses SET is_default = false WHERE user_id = $1', [userId]);
      const r = await tx.query(
        `UPDATE invoice_addresses SET receiver = $3, phone = $4, region = $5, address = $6, is_default = $7
         WHERE id = $1 AND user_id = $2 RETURNING 1`,
        [id, userId, a.receiver, a.phone, a.region, a.address, a.is_default],
      );
      return r.length === 1;
    });
  }
  async deleteAddress(userId: number, id: number): Promise<boolean> {
    return (
      (
        await this.db.query('DELETE FROM invoice_addresses WHERE id = $1 AND user_id = $2 RETURNING 1', [
          id,
          userId,
        ])
      ).length === 1
    );
  }
  async address(userId: number, id: number) {
    const [r] = await this.db.query<Address>(
      `SELECT ${ADDRESS_COLS} FROM invoice_addresses WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return r;
  }
  async addresses(userId: number) {
    return this.db.query<Address>(
      `SELECT ${ADDRESS_COLS} FROM invoice_addresses WHERE user_id = $1 ORDER BY is_default DESC, id DESC`,
      [userId],
    );
  }

  // --- invoice titles ---
  async addTitle(userId: number, t: TitleInput): Promise<number> {
    const [r] = await this.db.query<{ id: number }>(
      `INSERT INTO invoices (user_id, title_type, title, tax_no, email) VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
      [userId, t.title_type, t.title, t.tax_no, t.email],
    );
    return Number(r?.id);
  }
  async updateTitle(userId: number, id: number, t: TitleInput): Promise<boolean> {
    return (
      (
        await this.db.query(
          'UPDATE invoices SET title_type = $3, title = $4, tax_no = $5, email = $6 WHERE id = $1 AND user_id = $2 RETURNING 1',
          [id, userId, t.title_type, t.title, t.tax_no, t.email],
        )
      ).length === 1
    );
  }
  async deleteTitle(userId: number, id: number): Promise<boolean> {
    return (
      (await this.db.query('DELETE FROM invoices WHERE id = $1 AND user_id = $2 RETURNING 1', [id, userId]))
        .length === 1
    );
  }
  async title(userId: number, id: number) {
    const [r] = await this.db.query<InvoiceTitle>(
      `SELECT ${TITLE_COLS} FROM invoices WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return r;
  }
  async titles(userId: number) {
    return this.db.query<InvoiceTitle>(
      `SELECT ${TITLE_COLS} FROM invoices WHERE user_id = $1 ORDER BY id DESC`,
      [userId],
    );
  }

  // --- invoice requests ---
  /** Requests an invoice for one of the member's paid orders; the title is copied so later edits do not change it. */
  async request(
    userId: number,
    f: { out_trade_no: string; invoice_id: number; address_id: number | null; remark: string },
  ): Promise<{ id: number } | 'order' | 'unpaid' | 'title' | 'address' | 'exists'> {
    const [o] = await this.db.query<{ id: number; status: string; amount_fen: number }>(
      'SELECT id, status, amount_fen FROM orders WHERE out_trade_no = $1 AND user_id = $2',
      [f.out_trade_no, userId],
    );
    if (!o) return 'order';
    if (o.status !== 'paid') return 'unpaid';
    const title = await this.title(userId, f.invoice_id);
    if (!title) return 'title';
    if (f.address_id !== null && !(await this.address(userId, f.address_id))) return 'address';
    const [r] = await this.db.query<{ id: number }>(
      `INSERT INTO invoice_orders (user_id, order_id, invoice_id, address_id, title_snapshot, amount_fen, remark)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_id) DO NOTHING RETURNING id::int AS id`,
      [userId, o.id, f.invoice_id, f.address_id, JSON.stringify(title), o.amount_fen, f.remark],
    );
    return r ? { id: Number(r.id) } : 'exists';
  }

  async requests(userId: number | null, status: number | null, page: number, num: number) {
    const where = '($1::bigint IS NULL OR r.user_id = $1) AND ($2::int IS NULL OR r.status = $2)';
    const [t] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoice_orders r WHERE ${where}`,
      [userId, status],
    );
    const rows = await this.db.query<RequestRow & { user_phone: string | null }>(
      `SELECT ${REQUEST_COLS}, u.phone AS user_phone FROM invoice_orders r
       JOIN orders o ON o.id = r.order_id JOIN users u ON u.id = r.user_id
       WHERE ${where} ORDER BY r.id DESC LIMIT $3 OFFSET $4`,
      [userId, status, num, (page - 1) * num],
    );
    return { total: t?.n ?? 0, rows };
  }

  async requestOf(userId: number, id: number) {
    const [r] = await this.db.query<RequestRow>(
      `SELECT ${REQUEST_COLS} FROM invoice_orders r JOIN orders o ON o.id = r.order_id WHERE r.id = $1 AND r.user_id = $2`,
      [id, userId],
    );
    return r;
  }

  /** Admin decision: only a pending request moves, to issued or rejected. */
  async setStatus(id: number, status: 1 | 2, remark: string): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE invoice_orders SET status = $2, remark = CASE WHEN $3 = '' THEN remark ELSE $3 END, updated_at = now()
       WHERE id = $1 AND status = 0 RETURNING 1`,
      [id, status, remark],
    );
    return r.length === 1;
  }
}

/** Provinces for the address form (region_list_all). */
export const REGIONS = [
  '北京市',
  '天津市',
  '河北省',
  '山西省',
  '内蒙古自治区',
  '辽宁省',
  '吉林省',
  '黑龙江省',
  '上海市',
  '江苏省',
  '浙江省',
  '安徽省',
  '福建省',
  '江西省',
  '山东省',
  '河南省',
  '湖北省',
  '湖南省',
  '广东省',
  '广西壮族自治区',
  '海南省',
  '重庆市',
  '四川省',
  '贵州省',
  '云南省',
  '西藏自治区',
  '陕西省',
  '甘肃省',
  '青海省',
  '宁夏回族自治区',
  '新疆维吾尔自治区',
  '台湾省',
  '香港特别行政区',
  '澳门特别行政区',
] as const;
