import { Hono } from 'hono';
import { z } from 'zod';
import { DELETION_CONFIRM_TEXT, deleteAccount, deletionBlockers } from '../../members/deletion';
import { M, MemberCodes } from '../../members/messages';
import { verifyPassword } from '../../members/passwords';
import { LoginLimiter } from '../../members/rate-limit';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok } from '../envelope';
import { clientIp, parseForm, requireMember } from '../member-session';

const deleteInput = z
  .object({
    password: z.string().max(64).default(''),
    code: z.string().trim().max(10).default(''),
    confirm_text: z.string({ message: `请输入“${DELETION_CONFIRM_TEXT}”` }).trim(),
  })
  .refine((v) => v.password !== '' || v.code !== '', '请输入登录密码或短信验证码')
  .refine((v) => v.confirm_text === DELETION_CONFIRM_TEXT, `请输入“${DELETION_CONFIRM_TEXT}”以确认注销`);

/**
 * 注销账号 (/fbmain/user/v1): what stands in the way, and the deletion itself, confirmed by the password or an SMS
 * code and a typed sentence. Wrong passwords count as failed logins, so a stolen session cannot guess through here.
 */
export function accountDeletionRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const m = deps.members;
  const limiter = new LoginLimiter(m.db);

  app.get('/deletion_check', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    return ok(c, { blockers: await deletionBlockers(m.db, me.id), confirm_text: DELETION_CONFIRM_TEXT });
  });

  app.post('/delete_account', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, deleteInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const f = input.data;
    const phone = me.phone ?? '';
    const ip = clientIp(c, m);
    const lock = await limiter.attempt(phone, ip, Boolean(f.password));
    if (lock)
      return fail(c, 400, MemberCodes.LOGIN_FAILED, lock === 'ip' ? M.LOGIN_LOCKED : M.LOGIN_LOCKED_ACCOUNT);
    const [u] = await m.db.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [me.id],
    );
    const good = f.password
      ? await verifyPassword(f.password, u?.password_hash ?? null)
      : phone !== '' && (await m.codes.check(phone, f.code, true));
    if (!good) {
      await limiter.failed();
      return fail(c, 400, MemberCodes.LOGIN_FAILED, f.password ? '登录密码错误' : M.CODE_WRONG);
    }
    await limiter.succeeded(phone, ip);
    const blockers = await deletionBlockers(m.db, me.id);
    if (blockers.length > 0) return fail(c, 409, Codes.BAD_INPUT, `暂不能注销：${blockers.join('；')}`);
    await deleteAccount(m.db, me.id, me.phone);
    deps.log.info({ user: me.id }, 'account deleted');
    return c.json({ error_code: 0, msg: '账号已注销' });
  });

  return app;
}
