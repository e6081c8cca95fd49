// Calls of the login dialog and the header's member area (spec §7 Account and User).

import type { UserInfo, UserProfile } from '../../../contract/shapes/user';
import { ApiError, apiGet, formBody, requestSuccess } from '../api/client';
import type { ApiEnvelope } from '../api/types';

/** Spec §3 login response: type 0 is a scanned identity without a registered phone (accessToken = registration token). */
export interface LoginData {
  type: 0 | 1;
  accessToken: string;
  name: string;
  avatar: string;
}

/** Spec §3 QR response; `url` is what the QR encodes, `demo` means it opens our own confirm page. */
export interface QrData {
  qrcode: string;
  img: string;
  url: string;
  expires_in: number;
  demo: boolean;
}

/** error_code values the dialog acts on (docs/members.md). */
export const LoginCodes = {
  QR_WAITING: 30001,
  QR_EXPIRED: 30003,
  PHONE_REGISTERED: 30008,
  TOKEN_INVALID: 501,
} as const;

/** Spec §5: the code input is hidden for scanned users and sends this placeholder. */
export const DEFAULT_CODE = '000000';

type Fields = Record<string, string | number>;
const post = <T>(path: string, fields: Fields) =>
  requestSuccess<T>(`/account/v1/${path}`, { method: 'POST', body: formBody(fields) });

export type Provider = 'wechat' | 'qq';

export function fetchQr(provider: Provider): Promise<QrData> {
  return apiGet<QrData>(provider === 'wechat' ? '/account/v1/qrcode' : '/account/v1/get_qq_scan_code');
}

/** One 2-second poll of the QR dialog; waiting and expired come back as ApiError codes. */
export async function pollQr(token: string, remember: boolean): Promise<LoginData> {
  const r = await post<LoginData>('login', { token, is_remember: remember ? 1 : 0, agree_protocol: 1 });
  return r.data as LoginData;
}

export async function loginWithPhone(f: {
  username: string;
  password: string;
  verifyCode: string;
  remember: boolean;
}): Promise<LoginData> {
  const r = await post<LoginData>('login', {
    token: '',
    username: f.username,
    password: f.password,
    verifyCode: f.verifyCode,
    is_remember: f.remember ? 1 : 0,
    bd_vid: readBdVid(),
    agree_protocol: 1,
  });
  return r.data as LoginData;
}

/** A Baidu ad click id the visitor arrived with (?bd_vid=…), passed on at login (spec §7 login form). */
function readBdVid(): string {
  try {
    const fromUrl = new URLSearchParams(window.location.search).get('bd_vid');
    if (fromUrl) sessionStorage.setItem('bd_vid', fromUrl);
    return fromUrl ?? sessionStorage.getItem('bd_vid') ?? '';
  } catch {
    return '';
  }
}

/** Spec §3 registration payload; qq_register for identities scanned with QQ. */
export async function register(
  provider: Provider,
  f: {
    username: string;
    phone: string;
    accessToken: string;
    code: string;
    password: string;
    confirm: string;
    invitecode: string;
  },
): Promise<LoginData> {
  const r = await post<LoginData>(provider === 'qq' ? 'qq_register' : 'register', {
    ...f,
    code: f.code === '' ? DEFAULT_CODE : f.code,
  });
  return r.data as LoginData;
}

/** Answers the reply message: 'verification code sent' starts the countdown (spec §8). */
export async function sendCode(phone: string): Promise<string> {
  return (await post<null>('sendCode', { phone })).msg ?? '';
}

/** Reset step 1 (no password: verify the code) and step 2 (set it); answers the reply message. */
export async function resetPassword(f: { phone: string; code: string; password?: string; confirm?: string }) {
  return (await post<null>('reset', f)).msg ?? '';
}

/** Spec §3 profile payload; success is code 2000 (spec §8). */
export async function submitProfile(f: {
  need: string;
  name: string;
  user_type: string;
  phone: string;
  company: string;
  industry: string;
}): Promise<string> {
  const r = (await post<null>('register_collect', f)) as ApiEnvelope<null> & { code?: number };
  if (r.code !== 2000) throw new ApiError(r.msg || '请求失败', r.code);
  return r.msg ?? '';
}

/** Binds a confirmed QQ scan to the logged-in member. */
export async function bindQq(token: string): Promise<void> {
  await post<null>('qq_binding', { token });
}

/** Binds a confirmed WeChat scan to the logged-in member (the 账号绑定 page). */
export async function bindWechat(token: string): Promise<void> {
  await post<null>('wx_binding', { token });
}

// The shell loads these on every page: by path with the contract's types (type-only imports), so the home page does
// not bundle zod and the whole contract with call().
export async function logout(): Promise<void> {
  await requestSuccess<null>('/user/v1/login_out');
}

export function fetchUserProfile(signal?: AbortSignal): Promise<UserProfile> {
  return apiGet<UserProfile>('/user/v1/user_profile', undefined, signal);
}

export function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return apiGet<UserInfo>('/user/v1/user_info', undefined, signal);
}
