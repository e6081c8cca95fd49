import { contract } from '../../contract';
import { firstMessage } from '../../contract/member-fields';
import { M, MemberCodes } from '../../contract/member-texts';
import { can } from '../../members/membership';
import type { OAuthProvider } from '../../members/oauth';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted, type Refusals, said } from '../http/mount';
import { me, memberForm } from './orders';

const { account } = contract;

const NAME = { wechat: '微信', qq: 'QQ' } as const;

/** Member forms of the login flows answer a refusal in their own code (spec §5). */
export const loginForm: Refusals = {
  invalid: (c, e) => fail(c, 400, MemberCodes.FORM_INVALID, firstMessage(e)),
};

/**
 * The member's account settings (/fbmain/account/v1): bind a scanned WeChat (账号绑定 page) or QQ identity to the
 * logged-in account and unbind either, the profile form, the admin flag and the Baidu click id. Unbinding never
 * locks a member out: the phone and password remain their login.
 */
export function accountSettingsHandlers(deps: ApiDeps): Mounted[] {
  const m = deps.members;
  const bind = (entry: typeof account.wxBinding | typeof account.qqBinding, provider: OAuthProvider) =>
    handle(
      entry,
      async ({ token }, c) => {
        const r = await m.accounts.bindIdentity(me(c).id, provider, token);
        return r.ok ? said('绑定成功') : fail(c, 200, r.code, r.msg);
      },
      loginForm,
    );
  return [
    bind(account.wxBinding, 'wechat'),
    bind(account.qqBinding, 'qq'),

    handle(
      account.unbind,
      async ({ provider }, c) => {
        const who = me(c);
        if (!(await m.accounts.unbindIdentity(who.id, provider))) {
          const bound = provider === 'wechat' ? who.wx_bound : who.qq_bound;
          return fail(
            c,
            400,
            Codes.BAD_INPUT,
            bound
              ? '解绑后将无法登录：请先设置手机号和登录密码，并通过验证码验证手机号'
              : `当前账号未绑定${NAME[provider]}`,
          );
        }
        deps.log.info({ user: who.id, provider }, 'identity unbound');
        return said(`已解绑${NAME[provider]}`);
      },
      memberForm,
    ),

    handle(
      account.registerCollect,
      async (profile, c) => {
        await m.accounts.saveProfile(me(c).id, profile);
        // The spec's profile answer carries its own success code beside error_code (spec §8).
        return c.json({ code: MemberCodes.PROFILE_OK, error_code: 0, msg: M.PROFILE_OK });
      },
      loginForm,
    ),

    handle(account.whetherAdmin, (_, c) => ({ is_admin: can.admin(me(c)) ? 1 : 0 }) as const),

    handle(account.getBdVid, async (_, c) => ({ bd_vid: await m.accounts.bdVid(me(c).id) })),
  ];
}
