import { contract } from '../../contract';
import { M } from '../../contract/member-texts';
import { historyMonths, levelName } from '../../members/membership';
import { accountDetails, invitees } from '../../members/user-info';
import type { ApiDeps } from '../deps';
import { handle, type Mounted, said } from '../http/mount';
import { maskPhone, memberOf } from '../member-session';

const { user } = contract;

/** /fbmain/user/v1: logout, the member's info and profile, invite records (spec §7 User). */
export function userHandlers(deps: ApiDeps): Mounted[] {
  const { db } = deps.members;
  /** The gate of these calls has admitted a member. */
  const me = (c: Parameters<Mounted['run']>[0]) => memberOf(c) as NonNullable<ReturnType<typeof memberOf>>;

  return [
    // Logout always succeeds: a visitor or an expired token has nothing left to end.
    handle(user.loginOut, async (_, c) => {
      const token = c.get('accessToken');
      if (token) await deps.members.sessions.revoke(token);
      return said(M.LOGOUT_OK);
    }),

    handle(user.userInfo, async (_, c) => {
      const m = me(c);
      const u = await accountDetails(db, m.id);
      return {
        id: m.id,
        name: m.name,
        avatar: m.avatar,
        phone: maskPhone(m.phone),
        vip_id: m.level,
        vip_name: levelName(m.level),
        vip_expire: m.vip_expires_at,
        is_admin: m.is_admin ? 1 : 0,
        api_balance: u.api_balance,
        invite_code: u.invite_code,
        wx_bound: m.wx_bound ? 1 : 0,
        qq_bound: m.qq_bound ? 1 : 0,
        profile: u.profile,
        reg_time: u.created_at,
      } as const;
    }),

    handle(user.userProfile, (_, c) => {
      const m = me(c);
      return {
        vip_id: m.level,
        vip_name: levelName(m.level),
        vip_expire: m.vip_expires_at,
        history_months: historyMonths(m),
        name: m.name,
        avatar: m.avatar,
      };
    }),

    handle(user.inviteRecord, async ({ page, num }, c) => {
      const r = await invitees(db, me(c).id, page, num);
      return {
        invite_code: r.code,
        total: r.total,
        list: r.rows.map((row) => ({
          name: row.name,
          phone: maskPhone(row.phone),
          vip_id: row.vip_id,
          created_at: row.created_at,
        })),
      };
    }),
  ];
}
