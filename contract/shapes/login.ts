import { z } from 'zod';
import { checked, confirmIssue, confirmMatches, newPassword, optionalText, phone } from '../member-fields';
import { M } from '../member-texts';

/** Login, QR (WeChat/QQ) login, registration, password reset and SMS codes (account/v1, spec §3, §5). */

export const loginInput = z.object({
  token: optionalText(200),
  username: optionalText(32),
  password: z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string().max(64)),
  verifyCode: optionalText(10),
  is_remember: checked,
  bd_vid: optionalText(256),
  agree_protocol: checked,
});

/** A login session: type 0 is a scanned identity not yet bound to a phone (it registers next). */
export const loginData = z.object({
  type: z.union([z.literal(0), z.literal(1)]),
  accessToken: z.string(),
  name: z.string(),
  avatar: z.string(),
});

/** A new QR login attempt: the dialog's poll token, the QR image the phone scans and the address it encodes. */
export const qrAttempt = z.object({
  qrcode: z.string(),
  /** The QR code as a data: URL. */
  img: z.string(),
  url: z.string(),
  /** Seconds the attempt stays valid. */
  expires_in: z.number(),
  /** True when the demo's confirm page stands in for the provider's authorization. */
  demo: z.boolean(),
});

export const registerInput = z
  .object({
    username: optionalText(32),
    phone,
    accessToken: optionalText(200),
    code: optionalText(10),
    password: newPassword,
    confirm: z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string()),
    invitecode: optionalText(16),
  })
  .refine(confirmMatches, confirmIssue);

export const resetInput = z
  .object({
    phone,
    code: optionalText(10).pipe(z.string().min(1, M.CODE_EMPTY)),
    password: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? undefined : String(v)),
      newPassword.optional(),
    ),
    confirm: z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string()),
  })
  .refine((v) => v.password === undefined || v.password === v.confirm, confirmIssue);

export const sendCodeInput = z.object({ phone });

/** The demo's stand-in for the provider's authorization page: the scan it confirms, and the identity it names. */
export const scanInput = z.object({
  scan: optionalText(100),
  openid: optionalText(64),
  nickname: optionalText(32),
});

/** The provider's redirect after authorization: its one-time code and our attempt (state). */
export const oauthCallbackInput = z.object({
  code: z.string().min(1).max(512),
  state: z.string().min(1).max(100),
});
