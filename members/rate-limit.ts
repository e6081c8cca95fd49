import type { MemberDb } from '../postgres/db';

/** Login attempt limits in a 15-minute window: per account (phone, passwords only) and per client IP. */
export const LOGIN_LIMITS = { windowMin: 15, perAccount: 5, perIp: 30 } as const;

/** Which limit refused an attempt: the address's, or the phone's password lock. */
export type LoginLock = 'ip' | 'account';

/**
 * Kept in PostgreSQL so several api replicas share the counts. Each attempt takes a slot before the check (one
 * conditional upsert, atomic on PGlite and on a server alike), and a successful one gives it back: so no more than
 * the limit of checks ever run in a window, however many arrive at once.
 *
 * The phone's lock holds passwords only. Anyone can type wrong passwords for any phone, so a lock on the phone alone
 * would let a stranger shut its owner out; an SMS code login proves the phone and is not held by it (the code has its
 * own five tries, members/sms.ts), while the address's limit holds every attempt.
 */
export class LoginLimiter {
  constructor(private db: MemberDb) {}

  /** Takes one slot of the key's window; false when the window is full (nothing taken). */
  private async take(key: string, limit: number): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO login_attempts AS a (key, count, window_start) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN a.window_start <= now() - make_interval(mins => $3) THEN 1 ELSE a.count + 1 END,
         window_start = CASE WHEN a.window_start <= now() - make_interval(mins => $3) THEN now() ELSE a.window_start END
       WHERE a.window_start <= now() - make_interval(mins => $3) OR a.count < $2
       RETURNING count`,
      [key, limit, LOGIN_LIMITS.windowMin],
    );
    return rows.length === 1;
  }

  private async giveBack(key: string): Promise<void> {
    await this.db.query('UPDATE login_attempts SET count = count - 1 WHERE key = $1 AND count > 0', [key]);
  }

  /** Before a check: takes the address's slot and, for a password, the phone's. Null to go on, else the full limit. */
  async attempt(phone: string, ip: string, password: boolean): Promise<LoginLock | null> {
    if (!(await this.take(`ip:${ip}`, LOGIN_LIMITS.perIp))) return 'ip';
    if (password && !(await this.take(`phone:${phone}`, LOGIN_LIMITS.perAccount))) {
      await this.giveBack(`ip:${ip}`);
      return 'account';
    }
    return null;
  }

  /** A failed check keeps its slots; windows a day old are trimmed here instead of by a job. */
  async failed(): Promise<void> {
    await this.db.query(`DELETE FROM login_attempts WHERE window_start < now() - interval '1 day'`);
  }

  /** A successful login: the address's slot is given back and the phone's window cleared. */
  async succeeded(phone: string, ip: string): Promise<void> {
    await this.giveBack(`ip:${ip}`);
    await this.db.query('DELETE FROM login_attempts WHERE key = $1', [`phone:${phone}`]);
  }
}
