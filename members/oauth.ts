/** A third-party identity (WeChat or QQ) after the OAuth2 code exchange. */
export interface OAuthIdentity {
  openid: string;
  nickname: string;
  avatar: string;
}

export type OAuthProvider = 'wechat' | 'qq';

export interface OAuthAdapter {
  readonly provider: OAuthProvider;
  /** The page the scanned QR (or the login button) opens; `state` carries our scan id back. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Exchanges the authorization code for the user's identity. */
  exchange(code: string, redirectUri: string): Promise<OAuthIdentity>;
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`oauth http ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** WeChat Open Platform website login (网站应用微信登录): qrconnect + sns/oauth2/access_token + sns/userinfo. */
export class WechatOpenAdapter implements OAuthAdapter {
  readonly provider = 'wechat' as const;
  constructor(
    private appid: string,
    private secret: string,
    private bases = { open: 'https://open.weixin.qq.com', api: 'https://api.weixin.qq.com' },
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      appid: this.appid,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${this.bases.open}/connect/qrconnect?${q}#wechat_redirect`;
  }

  async exchange(code: string): Promise<OAuthIdentity> {
    const t = await getJson(
      `${this.bases.api}/sns/oauth2/access_token?${new URLSearchParams({
        appid: this.appid,
        secret: this.secret,
        code,
        grant_type: 'authorization_code',
      })}`,
    );
    if (t.errcode || typeof t.access_token !== 'string' || typeof t.openid !== 'string')
      throw new Error(`wechat token: ${t.errcode ?? ''} ${t.errmsg ?? ''}`);
    const info = await getJson(
      `${this.bases.api}/sns/userinfo?${new URLSearchParams({ access_token: t.access_token, openid: t.openid })}`,
    );
    // unionid is stable across the company's apps; openid only within this one.
    const id = typeof t.unionid === 'string' && t.unionid ? t.unionid : t.openid;
    return {
      openid: id,
      nickname: typeof info.nickname === 'string' ? info.nickname : '',
      avatar: typeof info.headimgurl === 'string' ? info.headimgurl : '',
    };
  }
}

/** QQ Connect (QQ互联) web login: oauth2.0/authorize + token + me + user/get_user_info. */
export class QqConnectAdapter implements OAuthAdapter {
  readonly provider = 'qq' as const;
  constructor(
    private appid: string,
    private appkey: string,
    private base = 'https://graph.qq.com',
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: this.appid,
      redirect_uri: redirectUri,
      state,
      scope: 'get_user_info',
    });
    return `${this.base}/oauth2.0/authorize?${q}`;
  }

  async exchange(code: string, redirectUri: string): Promise<OAuthIdentity> {
    const t = await getJson(
      `${this.base}/oauth2.0/token?${new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: this.appid,
        client_secret: this.appkey,
        code,
        redirect_uri: redirectUri,
        fmt: 'json',
      })}`,
    );
    if (typeof t.access_token !== 'string')
      throw new Error(`qq token: ${t.error ?? ''} ${t.error_description ?? ''}`);
    const me = await getJson(
      `${this.base}/oauth2.0/me?${new URLSearchParams({ access_token: t.access_token, fmt: 'json' })}`,
    );
    if (typeof me.openid !== 'string') throw new Error('qq me: no openid');
    const info = await getJson(
      `${this.base}/user/get_user_info?${new URLSearchParams({
        access_token: t.access_token,
        oauth_consumer_key: this.appid,
        openid: me.openid,
      })}`,
    );
    return {
      openid: me.openid,
      nickname: typeof info.nickname === 'string' ? info.nickname : '',
      avatar: typeof info.figureurl_qq_2 === 'string' ? info.figureurl_qq_2 : '',
    };
  }
}
