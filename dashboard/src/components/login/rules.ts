// Field rules of spec §5 with their messages, from the one message table the API answers with too.
import type { FormRule } from 'antd';
import { M } from '../../../../contract/member-texts';

export { M };

/** Spec §5 login consent: the QR variant and the login-button variant. */
export const AGREE_FIRST = M.AGREE_REQUIRED;
export const AGREE_BEFORE_LOGIN = '请勾选用户协议后再登录';
export const PASSWORD_HINT = '8-15位数字和字母';
export const PHONE_RE = /^1[3-9]\d{9}$/;
/** Spec §9. */
export const QR_POLL_MS = 2000;
export const CODE_COUNTDOWN_S = 60;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 15;
export const NEED_MAX = 200;

export const phoneRules: FormRule[] = [
  { required: true, whitespace: true, message: M.PHONE_EMPTY },
  { pattern: PHONE_RE, message: M.PHONE_INVALID },
];

/** A new password: 8 to 15 characters. */
export const newPasswordRules: FormRule[] = [
  { required: true, message: M.PASSWORD_EMPTY },
  { min: PASSWORD_MIN, message: M.PASSWORD_SHORT },
  { max: PASSWORD_MAX, message: M.PASSWORD_LONG },
];

/** The confirmation must equal the field `passwordField`. */
export const confirmRules = (passwordField = 'password'): FormRule[] => [
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      (value ?? '') === (getFieldValue(passwordField) ?? '')
        ? Promise.resolve()
        : Promise.reject(new Error(M.PASSWORD_MISMATCH)),
  }),
];

export const codeRules: FormRule[] = [{ required: true, whitespace: true, message: M.CODE_EMPTY }];

/** The message to show for a failed call. */
export const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : M.REQUEST_FAILED);
