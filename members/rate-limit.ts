import type { MemberDb } from '../postgres/db';

/** Failed-login limits in a 15-minute window: per account (phone) and per client IP. */
export const LOGIN_LIMITS = { windowMin: 15, perAccount: 5, perIp: 30 } as const;

/** Kept in PostgreSQL so several api replicas share the counts. */
export class LoginLimiter {
  constructor(private db: MemberDb) {}

  async blocked(phone: string, ip: string): Promise<boolean> {
    const [r] = await this.db.query<{ acc: number; ip: number }>(
      `SELECT count(*) FILTER (WHERE key = $1)::int AS acc, count(*) FILTER (WHERE key = $2)::int AS ip
       FROM login_failures WHERE key IN ($1, $2) AND at > now() - make_interval(mins => $3)`,
      [`phone:${phone}`, `ip:${ip}`, LOGIN_LIMITS.windowMin],
    );
    return (r?.acc ?? 0) >= LOGIN_LIMITS.perAccount || (r?.ip ?? 0) >= LOGIN_LIMITS.perIp;
  }

  async fail(phone: string, ip: string): Promise<void> {
    await this.db.query('INSERT INTO login_failures (key) VALUES ($1), ($2)', [`phone:${phone}`, `ip:${ip}`]);
    // Old rows are useless past the window; trim opportunistically instead of running a job.
    await this.db.query(`DELETE FROM login_failures WHERE at < now() - interval '1 day'`);
  }

  async succeeded(phone: string): Promise<void> {
    await this.db.query('DELETE FROM login_failures WHERE key = $1', [`phone:${phone}`]);
  }
}
