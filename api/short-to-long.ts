import type { ApiDeps } from './deps';
import { Codes } from './envelope';
import { lookupShortLink, SHORT_CODE_RE } from './short-links-query';
import { spendUpstream, type UpstreamCaller } from './throttle';
import { classifyLink, linkHosts, permanentItem, resolveLink } from './wechat-links';

/**
 * A short link to its long (permanent) link, shared by tools/v1 short_to_long (members) and the open API's
 * link_short2long (key holders): one of our own short links (`<site>/t/<code>`) is read from the store; a WeChat
 * link (short, temporary or long) is resolved through the upstream as the link tools do (api/wechat-links.ts).
 */
export type LongLink =
  | { input: string; source: 'site'; url: string }
  | ({ input: string; source: 'wechat'; kind: 'temporary' | 'short' | 'long' } & ReturnType<
      typeof permanentItem
    >);

export type ShortToLong =
  | { ok: true; data: LongLink }
  | { ok: false; http: 400 | 404 | 429 | 502 | 503; code: number; msg: string; retryAfterS?: number };

/** The code of one of our own short links (`siteBase` is the site's public origin), else null. */
function ownCode(url: string, siteBase: string): string | null {
  try {
    const u = new URL(url);
    const m = /^\/t\/([0-9A-Za-z]+)$/.exec(u.pathname);
    return u.host === new URL(siteBase).host && m ? (m[1] as string) : null;
  } catch {
    return null;
  }
}

/** `who` pays for a WeChat link's fetch from their upstream budget (api/throttle.ts); our own links cost nothing. */
export async function shortToLong(
  deps: ApiDeps,
  url: string,
  siteBase: string,
  who: UpstreamCaller,
): Promise<ShortToLong> {
  const ours = ownCode(url, siteBase);
  if (ours !== null) {
    const long = SHORT_CODE_RE.test(ours) ? await lookupShortLink(deps.members.db, ours) : null;
    if (!long) return { ok: false, http: 404, code: Codes.NOT_FOUND, msg: '短链接不存在' };
    return { ok: true, data: { input: url, source: 'site', url: long } };
  }
  const k = classifyLink(url, linkHosts(deps.upstream));
  if (!k.ok) return { ok: false, http: 400, code: Codes.BAD_INPUT, msg: `参数错误：链接地址 (url) ${k.msg}` };
  if (!deps.upstream)
    return { ok: false, http: 503, code: Codes.UNAVAILABLE, msg: '链接工具暂不可用：未配置微信上游' };
  const refused = await spendUpstream(deps, who, 1);
  if (refused) return { ok: false, http: 429, code: Codes.RATE_LIMITED, ...refused };
  const r = await resolveLink(deps.upstream, k.link);
  if (!r.ok)
    return r.reason === 'unavailable'
      ? { ok: false, http: 502, code: Codes.UNAVAILABLE, msg: r.msg }
      : r.reason === 'not_found'
        ? { ok: false, http: 404, code: Codes.NOT_FOUND, msg: r.msg }
        : { ok: false, http: 400, code: Codes.BAD_INPUT, msg: r.msg };
  return { ok: true, data: { input: url, source: 'wechat', kind: k.link.kind, ...permanentItem(r.article) } };
}
