import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { contract } from '../../contract';
import { phone } from '../../contract/member-fields';
import { M, MemberCodes } from '../../contract/member-texts';
import type { LoginData, Outcome } from '../../members/accounts';
import type { OAuthProvider } from '../../members/oauth';
import { esc, page } from '../../members/pages';
import { qrImage } from '../../members/qr-login';
import { newToken } from '../../members/tokens';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, handleOwn, type Mounted, type Refusals, said } from '../http/mount';
import { clientIp, publicBase } from '../member-session';
import { publicWriteLimit } from '../throttle';
import { loginForm } from './account-settings';

const { account } = contract;

const PROVIDER_NAME: Record<OAuthProvider, string> = { wechat: '微信', qq: 'QQ' };
const DEMO_COOKIE = 'gzh_demo_identity';

const expiredPage = (c: Context) =>
  c.html(page('二维码已失效', `<h1>二维码已失效</h1><p>${M.QR_EXPIRED}</p>`), 410);
const confirmedPage = (c: Context) => c.html(page('已确认', `<h1>已确认登录</h1><p>${M.QR_CONFIRMED}</p>`));
const callbackOf = (provider: OAuthProvider) => `${provider === 'wechat' ? 'wx' : 'qq'}_callback`;

/**
 * /fbmain/account/v1 login (spec §7 Account): password or SMS-code login and the QR dialog's poll, new WeChat and
 * QQ QR attempts, the demo's confirm page standing in for the provider's, the providers' OAuth callbacks,
 * registration, password reset and SMS codes. Rate limits live where they did: the login limiter and the code
 * sender's limits in members/, the public-write limit on new QR attempts.
 */
export function accountLoginHandlers(deps: ApiDeps): Mounted[] {
  const m = deps.members;

  const answer = (c: Context, r: Outcome<LoginData>) =>
    r.ok ? said(M.SUCCESS, r.value) : fail(c, 200, r.code, r.msg);

  /** A new QR (or QQ) login attempt: the poll token for the dialog and the image the phone scans. */
  const newAttempt = (
    entry: typeof account.qrcode | typeof account.qqLogin | typeof account.getQqScanCode,
    provider: OAuthProvider,
  ) =>
    handle(entry, async (_, c) => {
      const adapter = m.oauth[provider];
      // Outside demo mode an identity comes only from the provider's real OAuth: without its app, no QR login.
      if (!adapter && !m.demo.qrConfirm[provider])
        return fail(c, 403, Codes.FORBIDDEN, M.QR_LOGIN_OFF(provider === 'wechat' ? '微信扫码' : 'QQ '));
      const limited = await publicWriteLimit(c, deps, 'qrcode');
      if (limited) return limited;
      const { token, scan } = await m.qr.create(provider);
      const base = publicBase(c, m);
      const url = adapter
        ? adapter.authorizeUrl(scan, `${base}/fbmain/account/v1/${callbackOf(provider)}`)
        : `${base}/fbmain/account/v1/qr_confirm?scan=${encodeURIComponent(scan)}`;
      return { qrcode: token, img: await qrImage(url), url, expires_in: 300, demo: !adapter };
    });

  // Demo stand-in for the provider's authorization page: the phone that scans the QR approves here (and names its
  // identity). Outside demo mode it does not exist: the client never chooses an openid. A scan it cannot read is
  // an expired code.
  const demoConfirm: Refusals = {
    gate: (c) =>
      !m.demo.qrConfirm.wechat && !m.demo.qrConfirm.qq
        ? fail(c, 404, Codes.NOT_FOUND, M.DEMO_CONFIRM_OFF)
        : null,
    invalid: expiredPage,
  };

  const oauthCallback = (
    entry: typeof account.wxCallback | typeof account.qqCallback,
    provider: OAuthProvider,
  ) =>
    handleOwn(
      entry,
      async ({ code, state }, c) => {
        const adapter = m.oauth[provider];
        if (!adapter) return c.html(page('未启用', `<h1>${M.OAUTH_DISABLED}</h1>`), 404);
        try {
          const identity = await adapter.exchange(
            code,
            `${publicBase(c, m)}/fbmain/account/v1/${callbackOf(provider)}`,
          );
          if (!(await m.qr.confirm(state, identity))) return expiredPage(c);
          return confirmedPage(c);
        } catch (err) {
          deps.log.warn({ err, provider }, 'oauth exchange failed');
          return c.html(page('登录失败', `<h1>${M.OAUTH_FAILED}</h1>`), 502);
        }
      },
      {
        // Without the provider's app the callback does not exist; a callback without its code and state failed.
        gate: (c) => (m.oauth[provider] ? null : c.html(page('未启用', `<h1>${M.OAUTH_DISABLED}</h1>`), 404)),
        invalid: (c) => c.html(page('登录失败', `<h1>${M.OAUTH_FAILED}</h1>`), 400),
      },
    );

  const register = (entry: typeof account.register | typeof account.qqRegister, provider: OAuthProvider) =>
    handle(
      entry,
      async (f, c) => {
        const r = await m.accounts.register(f, provider);
        return r.ok ? said(M.REGISTER_OK, r.value) : fail(c, 200, r.code, r.msg);
      },
      loginForm,
    );

  return [
    handle(
      account.login,
      async (f, c) => {
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
      },
      loginForm,
    ),

    newAttempt(account.qrcode, 'wechat'),
    newAttempt(account.qqLogin, 'qq'),
    newAttempt(account.getQqScanCode, 'qq'),

    handleOwn(
      account.qrConfirm,
      async ({ scan }, c) => {
        const info = scan ? await m.qr.scanInfo(scan) : null;
        if (info?.status !== 'pending' || !m.demo.qrConfirm[info.provider]) return expiredPage(c);
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
      },
      demoConfirm,
    ),

    handleOwn(
      account.qrConfirmPost,
      async (f, c) => {
        const info = f.scan ? await m.qr.scanInfo(f.scan) : null;
        if (!info || !m.demo.qrConfirm[info.provider]) return expiredPage(c);
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
        return confirmed ? confirmedPage(c) : expiredPage(c);
      },
      demoConfirm,
    ),

    oauthCallback(account.wxCallback, 'wechat'),
    oauthCallback(account.qqCallback, 'qq'),

    register(account.register, 'wechat'),
    register(account.qqRegister, 'qq'),

    handle(
      account.reset,
      async (f, c) => {
        const r = await m.accounts.reset(f.phone, f.code, f.password ?? null);
        return r.ok ? said(r.value) : fail(c, 200, r.code, r.msg);
      },
      loginForm,
    ),

    handle(
      account.sendCode,
      async ({ phone }, c) => {
        const r = await m.codes.send(phone, clientIp(c, m));
        return r.ok ? said(M.CODE_SENT) : fail(c, 400, MemberCodes.CODE_REFUSED, r.msg);
      },
      loginForm,
    ),
  ];
}
