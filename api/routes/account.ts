import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { LoginData, Outcome } from '../../members/accounts';
import type { Members } from '../../members/index';
import { can } from '../../members/membership';
import { M, MemberCodes } from '../../members/messages';
import type { OAuthProvider } from '../../members/oauth';
import { esc, page } from '../../members/pages';
import { qrImage } from '../../members/qr-login';
import { newToken } from '../../members/tokens';
import {
  checked,
  confirmIssue,
  confirmMatches,
  newPassword,
  optionalText,
  phone,
} from '../../members/validation';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok } from '../envelope';
import { clientIp, parseForm, publicBase, requireMember } from '../member-session';
import { publicWriteLimit } from '../throttle';

const loginInput = z.object({
  token: optionalText(200),
  username: optionalText(32),
  password: z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string().max(64)),
  verifyCode: optionalText(10),
  is_remember: checked,
  bd_vid: optionalText(256),
  agree_protocol: checked,
});

const registerInput = z
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

const resetInput = z
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

/** The profile roles of the dialog (spec §2); a client may send the label or its 1-based number. */
export const USER_TYPES = ['广告主', '媒介代理', '舆情代理', '4A公司', '其他'] as const;
const required = (msg: string) => optionalText(200).pipe(z.string().min(1, msg));
const collectInput = z.object({
  user_type: z.preprocess(
    (v) => {
      const s = v === undefined || v === null ? '' : String(v).trim();
      return /^[1-5]$/.test(s) ? USER_TYPES[Number(s) - 1] : s;
    },
    z.enum(USER_TYPES, { message: M.USER_TYPE_EMPTY }),
  ),
  name: required(M.USERNAME_EMPTY),
  phone: required(M.CONTACT_EMPTY).pipe(z.string().regex(/^1[3-9]\d{9}$/, M.PHONE_INVALID)),
  company: required(M.COMPANY_EMPTY),
  industry: required(M.INDUSTRY_EMPTY),
  need: optionalText(10_000).pipe(z.string().min(1, M.NEED_TOO_LONG).max(200, M.NEED_TOO_LONG)),
});

const sendCodeInput = z.object({ phone });
const tokenInput = z.object({ token: optionalText(200).pipe(z.string().min(1, M.REGISTER_TOKEN_INVALID)) });
const scanInput = z.object({
  scan: optionalText(100),
  openid: optionalText(64),
  nickname: optionalText(32),
});

const PROVIDER_NAME: Record<OAuthProvider, string> = { wechat: '微信', qq: 'QQ' };
const DEMO_COOKIE = 'gzh_demo_identity';

/** /fbmain/account/v1: login, QR login, registration, reset, codes, profile, QQ (spec §7 Account). */
export function memberAccountRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const m: Members = deps.members;

  const answer = (c: Context, r: Outcome<LoginData>) => {
    if (r.ok) return c.json({ error_code: MemberCodes.OK, msg: M.SUCCESS, data: r.value });
    return fail(c, 200, r.code, r.msg);
  };

  app.post('/login', async (c) => {
    const input = await parseForm(c, loginInput);
    if (!input.ok) return input.response;
    const f = input.data;
    if (!f.agree_protocol) return fail(c, 400, MemberCodes.FORM_INVALID, M.AGREE_REQUIRED);
    // With only a token this is the QR dialog's 2-second poll.
    if (f.token && !f.username) return answer(c, await m.accounts.pollQr(f.token, f.is_remember));
    const p = phone.safeParse(f.username);
    if (!p.success)
      return fail(c, 400, MemberCodes.FORM_INVALID, p.error.issues[0]?.message ?? M.PHONE_INVALID);
    if (!f.password && !f.verifyCode) return fail(c, 400, MemberCodes.FORM_INVALID, M.PASSWORD_EMPTY);
    const r = await m.accounts.loginWithPassword(
      p.data,
      f.password,
      f.verifyCode,
      clientIp(c, m),
      f.is_remember,
    );
    if (r.ok && f.bd_vid) await m.accounts.recordBdVid(r.value.accessToken, f.bd_vid);
    return answer(c, r);
  });

  /** A new QR (or QQ) login attempt: the poll token for the dialog and the image the phone scans. */
  const newAttempt = async (c: Context, provider: OAuthProvider) => {
    const adapter = m.oauth[provider];
    // Outside demo mode an identity comes only from the provider's real OAuth: without its app, no QR login.
    if (!adapter && !m.demo.qrConfirm[provider])
      return fail(c, 403, Codes.FORBIDDEN, M.QR_LOGIN_OFF(provider === 'wechat' ? '微信扫码' : 'QQ '));
    const limited = await publicWriteLimit(c, deps, 'qrcode');
    if (limited) return limited;
    const { token, scan } = await m.qr.create(provider);
    const base = publicBase(c, m);
    const callback = `${base}/fbmain/account/v1/${provider === 'wechat' ? 'wx' : 'qq'}_callback`;
    const url = adapter
      ? adapter.authorizeUrl(scan, callback)
      : `${base}/fbmain/account/v1/qr_confirm?scan=${encodeURIComponent(scan)}`;
    return ok(c, { qrcode: token, img: await qrImage(url), url, expires_in: 300, demo: !adapter });
  };
  app.get('/qrcode', (c) => newAttempt(c, 'wechat'));
  app.get('/qq_login', (c) => newAttempt(c, 'qq'));
  app.get('/get_qq_scan_code', (c) => newAttempt(c, 'qq'));

  // Demo stand-in for the provider's authorization page: the phone that scans the QR approves here (and names its
  // identity). Outside demo mode it does not exist: the client never chooses an openid.
  app.use('/qr_confirm', async (c, next) => {
    if (!m.demo.qrConfirm.wechat && !m.demo.qrConfirm.qq)
      return fail(c, 404, Codes.NOT_FOUND, M.DEMO_CONFIRM_OFF);
    await next();
  });
  app.get('/qr_confirm', async (c) => {
    const input = await parseForm(c, scanInput);
    const scan = input.ok ? input.data.scan : '';
    const info = scan ? await m.qr.scanInfo(scan) : null;
    if (info?.status !== 'pending' || !m.demo.qrConfirm[info.provider])
      return c.html(page('二维码已失效', `<h1>二维码已失效</h1><p>${M.QR_EXPIRED}</p>`), 410);
    const name = PROVIDER_NAME[info.provider];
    return c.html(
      page(
        `${name}登录确认`,
        `<h1>登录「公众号数据平台」</h1>
<p>确认使用当前${name}身份登录电脑端？</p>
<p class="demo">演示环境：本页代替${name}的授权页，身份保存在本机浏览器中。</p>
<form method="post"><input type="hidden" name="scan" value="${esc(scan)}">
<input name="nickname" placeholder="${name}昵称（可选）" maxlength="32">
<br><button type="submit">确认登录</button></form>`,
      ),
    );
  });

  app.post('/qr_confirm', async (c) => {
    const input = await parseForm(c, scanInput);
    const f = input.ok ? input.data : { scan: '', openid: '', nickname: '' };
    const info = f.scan ? await m.qr.scanInfo(f.scan) : null;
    if (!info || !m.demo.qrConfirm[info.provider])
      return c.html(page('二维码已失效', `<h1>二维码已失效</h1><p>${M.QR_EXPIRED}</p>`), 410);
    // The demo identity lives in a cookie on the scanning phone, so the same phone is the same user.
    let openid = f.openid || getCookie(c, DEMO_COOKIE) || '';
    if (!/^[\w-]{8,64}$/.test(openid)) openid = `demo_${newToken(12)}`;
    setCookie(c, DEMO_COOKIE, openid, {
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 365 * 86_400,
      path: '/fbmain/account/v1',
    });
    const confirmed = await m.qr.confirm(f.scan, {
      openid: `${info.provider}:${openid}`,
      nickname: f.nickname || `${PROVIDER_NAME[info.provider]}用户${openid.slice(-4)}`,
      avatar: '',
    });
    if (!confirmed) return c.html(page('二维码已失效', `<h1>二维码已失效</h1><p>${M.QR_EXPIRED}</p>`), 410);
    return c.html(page('已确认', `<h1>已确认登录</h1><p>${M.QR_CONFIRMED}</p>`));
  });

  const oauthCallback = (provider: OAuthProvider) => async (c: Context) => {
    const adapter = m.oauth[provider];
    if (!adapter) return c.html(page('未启用', `<h1>${M.OAUTH_DISABLED}</h1>`), 404);
    const code = c.req.query('code') ?? '';
    const state = c.req.query('state') ?? '';
    if (!code || !state || code.length > 512 || state.length > 100)
      return c.html(page('登录失败', `<h1>${M.OAUTH_FAILED}</h1>`), 400);
    try {
      const callback = `${publicBase(c, m)}/fbmain/account/v1/${provider === 'wechat' ? 'wx' : 'qq'}_callback`;
      const identity = await adapter.exchange(code, callback);
      if (!(await m.qr.confirm(state, identity)))
        return c.html(page('二维码已失效', `<h1>二维码已失效</h1><p>${M.QR_EXPIRED}</p>`), 410);
      return c.html(page('已确认', `<h1>已确认登录</h1><p>${M.QR_CONFIRMED}</p>`));
    } catch (err) {
      deps.log.warn({ err, provider }, 'oauth exchange failed');
      return c.html(page('登录失败', `<h1>${M.OAUTH_FAILED}</h1>`), 502);
    }
  };
  app.get('/wx_callback', oauthCallback('wechat'));
  app.get('/qq_callback', oauthCallback('qq'));

  const register = (provider: OAuthProvider) => async (c: Context) => {
    const input = await parseForm(c, registerInput);
    if (!input.ok) return input.response;
    const r = await m.accounts.register(input.data, provider);
    if (r.ok) return c.json({ error_code: MemberCodes.OK, msg: M.REGISTER_OK, data: r.value });
    return fail(c, 200, r.code, r.msg);
  };
  app.post('/register', register('wechat'));
  app.post('/qq_register', register('qq'));

  app.post('/qq_binding', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, tokenInput);
    if (!input.ok) return input.response;
    const r = await m.accounts.bindIdentity(me.id, 'qq', input.data.token);
    return r.ok ? c.json({ error_code: 0, msg: '绑定成功' }) : fail(c, 200, r.code, r.msg);
  });

  app.post('/reset', async (c) => {
    const input = await parseForm(c, resetInput);
    if (!input.ok) return input.response;
    const f = input.data;
    const r = await m.accounts.reset(f.phone, f.code, f.password ?? null);
    return r.ok ? c.json({ error_code: 0, msg: r.value }) : fail(c, 200, r.code, r.msg);
  });

  app.post('/sendCode', async (c) => {
    const input = await parseForm(c, sendCodeInput);
    if (!input.ok) return input.response;
    const r = await m.codes.send(input.data.phone, clientIp(c, m));
    return r.ok ? c.json({ error_code: 0, msg: M.CODE_SENT }) : fail(c, 429, MemberCodes.CODE_REFUSED, r.msg);
  });

  app.post('/register_collect', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, collectInput);
    if (!input.ok) return input.response;
    await m.db.query('UPDATE users SET profile = $2 WHERE id = $1', [me.id, JSON.stringify(input.data)]);
    return c.json({ code: MemberCodes.PROFILE_OK, error_code: 0, msg: M.PROFILE_OK });
  });

  app.get('/whether_admin', (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    return ok(c, { is_admin: can.admin(me) ? 1 : 0 });
  });

  app.get('/get_bd_vid', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const [r] = await m.db.query<{ bd_vid: string }>('SELECT bd_vid FROM users WHERE id = $1', [me.id]);
    return ok(c, { bd_vid: r?.bd_vid ?? '' });
  });

  return app;
}
