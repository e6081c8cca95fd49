import type { MemberDb } from '../postgres/db';
import { verifyPassword } from './passwords';

/** An unpaid online order younger than this may still be paid at the cashier, so it blocks deletion. */
export const OPEN_ORDER_HOURS = 24;

/** Why an account cannot be deleted right now (each a clear Chinese sentence), empty when it can. */
export async function deletionBlockers(db: MemberDb, userId: number): Promise<string[]> {
  const [r] = await db.query<{ transfers: number; orders: number; monitors: number; crawls: number }>(
    `SELECT
       (SELECT count(*)::int FROM bank_transfers WHERE user_id = $1 AND status = 'pending') AS transfers,
       (SELECT count(*)::int FROM orders WHERE user_id = $1 AND status = 'pending'
          AND created_at > now() - make_interval(hours => $2)) AS orders,
       (SELECT count(*)::int FROM monitor_orders o JOIN monitor_tasks t ON t.task_id = o.task_id
          WHERE o.user_id = $1 AND o.cancelled_at IS NULL AND t.state IN ('waiting', 'monitoring')) AS monitors,
       (SELECT count(*)::int FROM history_crawls WHERE user_id = $1 AND state IN ('queued', 'running')) AS crawls`,
    [userId, OPEN_ORDER_HOURS],
  );
  const out: string[] = [];
  if (r?.transfers) out.push(`有 ${r.transfers} 笔对公转账等待管理员确认，请处理完成后再注销`);
  if (r?.orders)
    out.push(`有 ${r.orders} 笔 ${OPEN_ORDER_HOURS} 小时内创建的待支付订单，可能仍在支付中，请稍后再注销`);
  if (r?.monitors) out.push(`有 ${r.monitors} 个进行中的分钟级监测任务，请等待结束或取消后再注销`);
  if (r?.crawls) out.push(`有 ${r.crawls} 个进行中的历史回采任务，请等待完成或取消后再注销`);
  return out;
}

/**
 * Deletes a member's account in one transaction. Personal data goes: profile, phone, WeChat/QQ identities,
 * password, groups and favourites, keywords, search records, API keys, short links, invoice titles and
 * addresses, demands, sessions. The user row stays, anonymised, because orders, payments, issued invoices and
 * the API ledger are accounting records the operator must keep; they then point at no person. Older unpaid
 * orders are closed so a late payment cannot credit a deleted account. Balance and membership are forfeited.
 */
/** Tables of a member's personal data: their rows go with the account. */
export const PERSONAL_TABLES = [
  'sessions',
  'account_groups',
  'account_favorites',
  'article_groups',
  'article_favorites',
  'user_keywords',
  'search_records',
  'api_keys',
  'short_links',
  'invoice_addresses',
  'invoices',
  'report_favorites',
  'demands',
  'monitor_usage',
  'history_crawl_usage',
] as const;

/**
 * Tables that refer to users and stay, pointing at the anonymised row: accounting records (orders, payments, the API
 * ledger, issued invoices, bank transfers), orders of work already done, admin overrides and redeemed invitations. A new table with a
 * reference to users must join one list or the other (api/account-deletion.test.ts checks the schema).
 */
export const KEPT_TABLES = [
  'orders',
  'api_ledger',
  'invoice_orders',
  'monitor_orders',
  'history_crawls',
  'bank_transfers',
  'account_type_overrides',
  'invite_redemptions',
  'notices',
] as const;

export async function deleteAccount(db: MemberDb, userId: number, phone: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    // Table names come from the fixed list above, never from input.
    for (const table of PERSONAL_TABLES) await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    await tx.query(`UPDATE orders SET status = 'closed' WHERE user_id = $1 AND status = 'pending'`, [userId]);
    if (phone) {
      await tx.query('DELETE FROM sms_codes WHERE phone = $1', [phone]);
      await tx.query('DELETE FROM login_attempts WHERE key = $1', [`phone:${phone}`]);
    }
    // The forfeited balance is a debit like any other: its ledger row is written under the row lock, in this
    // transaction, so the ledger still sums to the (zero) balance.
    const [b] = await tx.query<{ api_balance: number }>(
      'SELECT api_balance FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    const forfeited = Number(b?.api_balance ?? 0);
    if (forfeited > 0)
      await tx.query(
        `INSERT INTO api_ledger (user_id, kind, amount, balance_after, ref) VALUES ($1, 'forfeit', $2, 0, '账号注销，余额作废')`,
        [userId, -forfeited],
      );
    await tx.query(
      `UPDATE users SET phone = NULL, name = '已注销用户', avatar = '', password_hash = NULL, wx_openid = NULL,
         qq_openid = NULL, invite_code = NULL, bd_vid = '', profile = NULL, api_balance = 0, vip_id = 0,
         vip_expires_at = NULL, is_admin = false, deleted_at = now()
       WHERE id = $1`,
      [userId],
    );
  });
}

/** Whether `password` is the member's login password (a member without one never matches). */
export async function isOwnPassword(db: MemberDb, userId: number, password: string): Promise<boolean> {
  const [u] = await db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [userId],
  );
  return verifyPassword(password, u?.password_hash ?? null);
}
