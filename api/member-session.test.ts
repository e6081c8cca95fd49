import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { can } from '../members/membership';
import { QqConnectAdapter, WechatOpenAdapter } from '../members/oauth';
import type { Member } from '../members/sessions';
import { requireLevel } from './member-session';

const member = (level: number) => ({ id: 1, level, vip_id: level, is_admin: false }) as Member;

/** An app whose "session" is set by a header, to drive the permission gate at every level. */
function gated() {
  const app = new Hono();
  app.use('*', async (c, next) => {
    const l = c.req.header('x-level');
    c.set('member', l === undefined ? null : member(Number(l)));
    await next();
  });
  app.get('/owner', (c) => {
    const m = requireLevel(c, can.ownerInfo);
    return m instanceof Response ? m : c.json({ error_code: 0 });
  });
  app.get('/update', (c) => {
    const m = requireLevel(c, can.pageUpdate);
    return m instanceof Response ? m : c.json({ error_code: 0 });
  });
  app.get('/links', (c) => {
    const m = requireLevel(c, can.paidFeature, 'status');
    return m instanceof Response ? m : c.json({ status: 200 });
  });
  return app;
}

describe('permission gate', () => {
  const app = gated();
  const at = async (path: string, level?: number) => {
    const res = await app.request(path, { headers: level === undefined ? {} : { 'x-level': String(level) } });
    return { status: res.status, body: await res.json() };
  };

  // Refusals are HTTP 200 with the body's code (docs/api.md "HTTP 状态码规则"): the spec's client reads the body.
  it('answers 用户未登录 to visitors, 40002 / 4002 below the level, and passes at or above it', async () => {
    expect(await at('/owner')).toEqual({ status: 200, body: { error_code: 40001, msg: '用户未登录' } });
    for (const l of [1, 2])
      expect(await at('/owner', l)).toEqual({
        status: 200,
        body: { error_code: 40002, msg: '会员等级不足，去升级' },
      });
    for (const l of [3, 4]) expect((await at('/owner', l)).body.error_code).toBe(0);
    // Page update: level above 1.
    expect((await at('/update', 1)).body.error_code).toBe(40002);
    expect((await at('/update', 2)).body.error_code).toBe(0);
    // Link and applet calls signal in `status`.
    expect(await at('/links', 1)).toEqual({
      status: 200,
      body: { status: 4002, msg: '会员等级不足，去升级' },
    });
    expect((await at('/links', 2)).body.status).toBe(200);
  });
});

describe('OAuth adapters speak the providers’ code-exchange shapes', () => {
  it('exchanges a WeChat website-login code and a QQ Connect code for an identity', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      seen.push(u.pathname);
      const q = Object.fromEntries(u.searchParams);
      const json = (o: unknown) => res.end(JSON.stringify(o));
      if (u.pathname === '/sns/oauth2/access_token')
        return q.appid === 'wxapp' &&
          q.secret === 'wxsecret' &&
          q.code === 'C1' &&
          q.grant_type === 'authorization_code'
          ? json({ access_token: 'AT', openid: 'OPENID', unionid: 'UNION' })
          : json({ errcode: 40029, errmsg: 'invalid code' });
      if (u.pathname === '/sns/userinfo')
        return json({ nickname: '微信昵称', headimgurl: 'https://wx.qlogo.cn/a.png' });
      if (u.pathname === '/oauth2.0/token')
        return q.client_id === 'qqapp' && q.client_secret === 'qqkey' && q.code === 'C2'
          ? json({ access_token: 'QAT', expires_in: 7776000 })
          : json({ error: 100019, error_description: 'code to access token error' });
      if (u.pathname === '/oauth2.0/me') return json({ client_id: 'qqapp', openid: 'QQOPENID' });
      if (u.pathname === '/user/get_user_info')
        return json({ ret: 0, nickname: 'QQ昵称', figureurl_qq_2: 'https://q.qlogo.cn/b' });
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const wx = new WechatOpenAdapter('wxapp', 'wxsecret', { open: base, api: base });
      const url = new URL(wx.authorizeUrl('STATE', 'https://example.com/cb'));
      expect(url.pathname).toBe('/connect/qrconnect');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        appid: 'wxapp',
        scope: 'snsapi_login',
        state: 'STATE',
      });
      expect(url.hash).toBe('#wechat_redirect');
      expect(await wx.exchange('C1')).toEqual({
        openid: 'UNION',
        nickname: '微信昵称',
        avatar: 'https://wx.qlogo.cn/a.png',
      });
      await expect(wx.exchange('bad')).rejects.toThrow('40029');

      const qq = new QqConnectAdapter('qqapp', 'qqkey', base);
      expect(new URL(qq.authorizeUrl('S2', 'https://example.com/qcb')).searchParams.get('client_id')).toBe(
        'qqapp',
      );
      expect(await qq.exchange('C2', 'https://example.com/qcb')).toEqual({
        openid: 'QQOPENID',
        nickname: 'QQ昵称',
        avatar: 'https://q.qlogo.cn/b',
      });
      await expect(qq.exchange('bad', 'x')).rejects.toThrow('100019');
      expect(seen).toContain('/user/get_user_info');
    } finally {
      server.close();
    }
  });
});
