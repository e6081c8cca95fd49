import { Hono } from 'hono';
import { z } from 'zod';
import { M } from '../../members/messages';
import { optionalText } from '../../members/validation';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { parseForm, requireMember } from '../member-session';

const tokenInput = z.object({ token: optionalText(200).pipe(z.string().min(1, M.REGISTER_TOKEN_INVALID)) });
const unbindInput = z.object({
  provider: z.enum(['wechat', 'qq'], { message: '只能解绑 wechat（微信）或 qq' }),
});
const COLUMN = { wechat: 'wx_openid', qq: 'qq_openid' } as const;
const NAME = { wechat: '微信', qq: 'QQ' } as const;

/**
 * 账号绑定 (/fbmain/account/v1) beside qq_binding: bind a scanned WeChat identity to the logged-in account, and
 * unbind WeChat or QQ. Unbinding never locks a member out: the phone and password remain their login.
 */
export function bindingRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const m = deps.members;

  app.post('/wx_binding', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, tokenInput);
    if (!input.ok) return input.response;
    const r = await m.accounts.bindIdentity(me.id, 'wechat', input.data.token);
    return r.ok ? c.json({ error_code: 0, msg: '绑定成功' }) : fail(c, 200, r.code, r.msg);
  });

  app.post('/unbind', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, unbindInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const p = input.data.provider;
    // The column name comes from the fixed table above, never from input. A phone set without a code does not count
    // as a login: the number's owner may take it (members/accounts.ts).
    const done = await m.db.query(
      `UPDATE users SET ${COLUMN[p]} = NULL
       WHERE id = $1 AND ${COLUMN[p]} IS NOT NULL AND phone IS NOT NULL AND phone_verified
         AND password_hash IS NOT NULL
       RETURNING id`,
      [me.id],
    );
    if (done.length === 0) {
      const bound = p === 'wechat' ? me.wx_bound : me.qq_bound;
      return fail(
        c,
        400,
        Codes.BAD_INPUT,
        bound
          ? '解绑后将无法登录：请先设置手机号和登录密码，并通过验证码验证手机号'
          : `当前账号未绑定${NAME[p]}`,
      );
    }
    deps.log.info({ user: me.id, provider: p }, 'identity unbound');
    return c.json({ error_code: 0, msg: `已解绑${NAME[p]}` });
  });

  return app;
}
