import type { MemberDb } from '../postgres/db';

/** What the member's own pages show beyond the session: invite code, API balance, profile, registration time. */
export async function accountDetails(
  db: MemberDb,
  userId: number,
): Promise<{
  invite_code: string;
  api_balance: number;
  profile: Record<string, string> | null;
  created_at: string;
}> {
  const [u] = await db.query<{
    invite_code: string;
    api_balance: number;
    profile: unknown;
    created_at: string;
  }>(
    `SELECT invite_code, api_balance::int AS api_balance, profile,
            to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
     FROM users WHERE id = $1`,
    [userId],
  );
  return {
    invite_code: u?.invite_code ?? '',
    api_balance: Number(u?.api_balance ?? 0),
    profile: (u?.profile as Record<string, string> | null) ?? null,
    created_at: u?.created_at ?? '',
  };
}

/** The members who registered with this member's invite code, newest first, one page; phones unmasked. */
export async function invitees(
  db: MemberDb,
  userId: number,
  page: number,
  size: number,
): Promise<{
  code: string;
  total: number;
  rows: { name: string; phone: string; vip_id: number; created_at: string }[];
}> {
  const [t] = await db.query<{ n: number; code: string }>(
    `SELECT (SELECT count(*)::int FROM users WHERE invited_by = $1) AS n, (SELECT invite_code FROM users WHERE id = $1) AS code`,
    [userId],
  );
  const rows = await db.query<{ name: string; phone: string; created_at: string; vip_id: number }>(
    `SELECT name, phone, vip_id, to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
     FROM users WHERE invited_by = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [userId, size, (page - 1) * size],
  );
  return { code: t?.code ?? '', total: t?.n ?? 0, rows };
}
