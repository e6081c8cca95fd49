import { Hono } from 'hono';
import { z } from 'zod';
import { historyMonths, levelName } from '../../members/membership';
import { M } from '../../members/messages';
import type { ApiDeps } from '../deps';
import { ok, parseInput } from '../envelope';
import { pageNumber, pageSize } from '../inputs';
import { maskPhone, requireMember } from '../member-session';

const pageInput = z.object({ page: pageNumber, num: pageSize(100, 20) });

/** /fbmain/user/v1: logout, the member's info and profile, invite records (spec §7 User). */
export function userRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const { db } = deps.members;

  // Logout always succeeds: a visitor or an expired token has nothing left to end.
  app.get('/login_out', async (c) => {
    const token = c.get('accessToken');
    if (token) await deps.members.sessions.revoke(token);
    return c.json({ error_code: 0, msg: M.LOGOUT_OK });
  });

  app.get('/user_info', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const [u] = await db.query<{
      invite_code: string;
      api_balance: number;
      profile: unknown;
      created_at: string;
    }>(
      `SELECT invite_code, api_balance::int AS api_balance, profile,
              to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
       FROM users WHERE id = $1`,
      [me.id],
    );
    return ok(c, {
      id: me.id,
      name: me.name,
      avatar: me.avatar,
      phone: maskPhone(me.phone),
      vip_id: me.level,
      vip_name: levelName(me.level),
      vip_expire: me.vip_expires_at,
      is_admin: me.is_admin ? 1 : 0,
      api_balance: Number(u?.api_balance ?? 0),
      invite_code: u?.invite_code ?? '',
      wx_bound: me.wx_bound ? 1 : 0,
      qq_bound: me.qq_bound ? 1 : 0,
      profile: u?.profile ?? null,
      reg_time: u?.created_at ?? '',
    });
  });

  app.get('/user_profile', (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    return ok(c, {
      vip_id: me.level,
      vip_name: levelName(me.level),
      vip_expire: me.vip_expires_at,
      history_months: historyMonths(me),
      name: me.name,
      avatar: me.avatar,
    });
  });

  app.get('/invite_record', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseInput(c, pageInput);
    if (!input.ok) return input.response;
    const { page, num } = input.data;
    const [t] = await db.query<{ n: number; code: string }>(
      `SELECT (SELECT count(*)::int FROM users WHERE invited_by = $1) AS n, (SELECT invite_code FROM users WHERE id = $1) AS code`,
      [me.id],
    );
    const rows = await db.query<{ name: string; phone: string; created_at: string; vip_id: number }>(
      `SELECT name, phone, vip_id, to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
       FROM users WHERE invited_by = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [me.id, num, (page - 1) * num],
    );
    return ok(c, {
      invite_code: t?.code ?? '',
      total: t?.n ?? 0,
      list: rows.map((r) => ({
        name: r.name,
        phone: maskPhone(r.phone),
        vip_id: r.vip_id,
        created_at: r.created_at,
      })),
    });
  });

  return app;
}
