import type { MemberDb } from '../postgres/db';
import { newToken, sha256 } from './tokens';

/** The member as every /fbmain handler sees it (null for visitors). */
export interface Member {
  id: number;
  phone: string | null;
  name: string;
  avatar: string;
  /** Stored level; `level` below is what permissions use (an expired paid level counts as 1). */
  vip_id: number;
  level: number;
  vip_expires_at: string | null;
  is_admin: boolean;
  wx_bound: boolean;
  qq_bound: boolean;
}

const DAY_MS = 86_400_000;
/** "Remember me" keeps a session 30 days, otherwise one day. */
export const SESSION_DAYS = { remember: 30, normal: 1 } as const;

export const MEMBER_COLUMNS = `u.id, u.phone, u.name, u.avatar, u.vip_id, u.is_admin,
  to_char(u.vip_expires_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS vip_expires_at,
  CASE WHEN u.vip_id > 1 AND u.vip_expires_at IS NOT NULL AND u.vip_expires_at <= now() THEN 1 ELSE u.vip_id END AS level,
  u.wx_openid IS NOT NULL AS wx_bound, u.qq_openid IS NOT NULL AS qq_bound`;

export function toMember(r: Record<string, unknown>): Member {
  return {
    id: Number(r.id),
    phone: (r.phone as string | null) ?? null,
    name: String(r.name ?? ''),
    avatar: String(r.avatar ?? ''),
    vip_id: Number(r.vip_id),
    level: Number(r.level),
    vip_expires_at: (r.vip_expires_at as string | null) ?? null,
    is_admin: Boolean(r.is_admin),
    wx_bound: Boolean(r.wx_bound),
    qq_bound: Boolean(r.qq_bound),
  };
}

export class Sessions {
  constructor(private db: MemberDb) {}

  /** Issues a token; only its sha256 is stored, so a leaked table does not leak sessions. */
  async create(userId: number, remember: boolean): Promise<string> {
    const token = newToken();
    // Expired sessions are useless; trimming them here keeps the table small without a job.
    await this.db.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at < now()', [userId]);
    const days = remember ? SESSION_DAYS.remember : SESSION_DAYS.normal;
    await this.db.query('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
      sha256(token),
      userId,
      new Date(Date.now() + days * DAY_MS),
    ]);
    return token;
  }

  async resolve(token: string | undefined): Promise<Member | null> {
    if (!token || token.length > 200) return null;
    const [row] = await this.db.query(
      `SELECT ${MEMBER_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [sha256(token)],
    );
    return row ? toMember(row) : null;
  }

  async revoke(token: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [sha256(token)]);
  }

  async revokeAllOf(userId: number): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  }
}

export async function memberById(db: MemberDb, id: number): Promise<Member | null> {
  const [row] = await db.query(`SELECT ${MEMBER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return row ? toMember(row) : null;
}
