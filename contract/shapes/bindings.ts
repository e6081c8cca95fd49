import { z } from 'zod';
import { optionalText, PHONE_RE } from '../member-fields';
import { M, USER_TYPES } from '../member-texts';

/**
 * The member's own account settings (account/v1): binding a scanned WeChat or QQ identity and unbinding it, the
 * profile form, the admin flag and the Baidu click id.
 */

/** A scanned login identity's polling token (qq_binding, wx_binding). */
export const identityTokenInput = z.object({
  token: optionalText(200).pipe(z.string().min(1, M.REGISTER_TOKEN_INVALID)),
});

export const unbindInput = z.object({
  provider: z.enum(['wechat', 'qq'], { message: '只能解绑 wechat（微信）或 qq' }),
});

const required = (msg: string) => optionalText(200).pipe(z.string().min(1, msg));

/** The profile form (register_collect, spec §3). */
export const profileInput = z.object({
  user_type: z.preprocess(
    (v) => {
      const s = v === undefined || v === null ? '' : String(v).trim();
      return /^[1-5]$/.test(s) ? USER_TYPES[Number(s) - 1] : s;
    },
    z.enum(USER_TYPES, { message: M.USER_TYPE_EMPTY }),
  ),
  name: required(M.USERNAME_EMPTY),
  phone: required(M.CONTACT_EMPTY).pipe(z.string().regex(PHONE_RE, M.PHONE_INVALID)),
  company: required(M.COMPANY_EMPTY),
  industry: required(M.INDUSTRY_EMPTY),
  need: optionalText(10_000).pipe(z.string().min(1, M.NEED_TOO_LONG).max(200, M.NEED_TOO_LONG)),
});
export type Profile = z.output<typeof profileInput>;

export const adminFlag = z.object({ is_admin: z.union([z.literal(0), z.literal(1)]) });
export const bdVid = z.object({ bd_vid: z.string() });
