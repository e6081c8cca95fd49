import { contract } from '../../contract';
import { firstMessage } from '../../contract/member-fields';
import { M, MemberCodes } from '../../contract/member-texts';
import { DELETION_CONFIRM_TEXT } from '../../contract/shapes/user';
import { deleteAccount, deletionBlockers, isOwnPassword } from '../../members/deletion';
import { LoginLimiter } from '../../members/rate-limit';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted, said } from '../http/mount';
import { clientIp, memberOf } from '../member-session';

const { user } = contract;

/**
 * 注销账号 (/fbmain/user/v1): what stands in the way, and the deletion itself, confirmed by the password or an SMS
 * code and a typed sentence. Wrong passwords count as failed logins, so a stolen session cannot guess through here.
 */
export function userDeletionHandlers(deps: ApiDeps): Mounted[] {
  const m = deps.members;
  const limiter = new LoginLimiter(m.db);
  const me = (c: Parameters<Mounted['run']>[0]) => memberOf(c) as NonNullable<ReturnType<typeof memberOf>>;

  return [
    handle(user.deletionCheck, async (_, c) => ({
      blockers: await deletionBlockers(m.db, me(c).id),
      confirm_text: DELETION_CONFIRM_TEXT,
    })),

    handle(
      user.deleteAccount,
      async (f, c) => {
        const member = me(c);
        const phone = member.phone ?? '';
        const ip = clientIp(c, m);
        const lock = await limiter.attempt(phone, ip, Boolean(f.password));
        if (lock)
          return fail(
            c,
            400,
            MemberCodes.LOGIN_FAILED,
            lock === 'ip' ? M.LOGIN_LOCKED : M.LOGIN_LOCKED_ACCOUNT,
          );
        const good = f.password
          ? await isOwnPassword(m.db, member.id, f.password)
          : phone !== '' && (await m.codes.check(phone, f.code, true));
        if (!good) {
          await limiter.failed();
          return fail(c, 400, MemberCodes.LOGIN_FAILED, f.password ? '登录密码错误' : M.CODE_WRONG);
        }
        await limiter.succeeded(phone, ip);
        const blockers = await deletionBlockers(m.db, member.id);
        if (blockers.length > 0) return fail(c, 409, Codes.BAD_INPUT, `暂不能注销：${blockers.join('；')}`);
        await deleteAccount(m.db, member.id, member.phone);
        deps.log.info({ user: member.id }, 'account deleted');
        return said('账号已注销');
      },
      // The member forms answer their first rule's message as it is (spec §5).
      { invalid: (c, e) => fail(c, 400, Codes.BAD_INPUT, firstMessage(e)) },
    ),
  ];
}
