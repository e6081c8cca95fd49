import { type ParsedArticle, parseArticlePage } from '../collectors/article-parser';
import { parseArticleUrl } from '../collectors/article-url';
import { fetchText, UpstreamError } from '../collectors/http';
import { originalTag } from '../core/copyright';

/**
 * WeChat article links for the link tools (spec §2 /sogoHerf, /sogopro, /ApiWXLinkShort2Long):
 * - temporary: mp.weixin.qq.com/s?src=11&timestamp=…&ver=…&signature=… as Sogou's WeChat search hands them out;
 *   no identity in it, and it stops working after some hours;
 * - short: mp.weixin.qq.com/s/<code>, opaque;
 * - long (permanent): mp.weixin.qq.com/s?__biz=…&mid=…&idx=…&sn=….
 * A temporary or short link is resolved by fetching its page from the upstream (the simulator in the demo, WeChat
 * otherwise) and reading the article's identity from it with the collectors' article-page parser.
 *
 * SSRF: only links on WeChat's host (or the upstream's own, in the demo) are accepted, and what is fetched is
 * always the configured upstream's base URL with a path and query rebuilt here from checked pieces, never the
 * address the user gave; redirects are not followed.
 */
export const WECHAT_HOST = 'mp.weixin.qq.com';

export type WechatLink =
  | { kind: 'temporary'; query: URLSearchParams }
  | { kind: 'short'; token: string }
  | { kind: 'long'; biz: string; msgid: number; idx: number; sn: string };

/** Hosts whose article links the tools accept. */
export const linkHosts = (upstream: string | null | undefined): string[] => [
  WECHAT_HOST,
  ...(upstream ? [new URL(upstream).host] : []),
];

/** The parameters of a temporary link we pass on, each with the characters Sogou's links use. */
const TEMP_PARAMS: Record<string, RegExp> = {
  src: /^\d{1,3}$/,
  timestamp: /^\d{9,11}$/,
  ver: /^\d{1,6}$/,
  signature: /^[\w*.=-]{8,512}$/,
  new: /^\d$/,
};

export type Classified = { ok: true; link: WechatLink; url: URL } | { ok: false; msg: string };

/** What kind of WeChat article link `input` is, or why it is not one the tools accept. */
export function classifyLink(input: string, hosts: string[]): Classified {
  let url: URL;
  try {
    url = new URL(input.trim().replace(/&amp;/g, '&'));
  } catch {
    return { ok: false, msg: '不是有效的链接' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, msg: '不是有效的链接' };
  if (url.username || url.password || !hosts.includes(url.host))
    return { ok: false, msg: `只支持微信公众号文章链接（${WECHAT_HOST}）` };
  const q = url.searchParams;
  if (url.pathname === '/s' && q.has('signature') && q.has('timestamp') && !q.has('__biz')) {
    const query = new URLSearchParams();
    for (const [name, re] of Object.entries(TEMP_PARAMS)) {
      const v = q.get(name);
      if (v === null) continue;
      if (!re.test(v)) return { ok: false, msg: `临时链接的参数 ${name} 无效` };
      query.set(name, v);
    }
    return { ok: true, link: { kind: 'temporary', query }, url };
  }
  const link = parseArticleUrl(url.toString());
  if (!link) return { ok: false, msg: '不是有效的公众号文章链接' };
  return { ok: true, link, url };
}

export type Resolved =
  | { ok: true; article: ParsedArticle }
  | { ok: false; reason: 'expired' | 'not_found' | 'unavailable'; msg: string };

/** The upstream address of a link's page: the upstream's base with a path and query rebuilt from the link. */
function pageOf(upstream: string, link: WechatLink): URL {
  if (link.kind === 'short') return new URL(`/s/${encodeURIComponent(link.token)}`, upstream);
  if (link.kind === 'temporary') return new URL(`/s?${link.query.toString()}`, upstream);
  const u = new URL('/s', upstream);
  u.search = new URLSearchParams({
    __biz: link.biz,
    mid: String(link.msgid),
    idx: String(link.idx),
    ...(link.sn ? { sn: link.sn } : {}),
  }).toString();
  return u;
}

/**
 * Fetches the page a link opens, from the upstream, and reads the article from it (a long link too: that it
 * still opens, and its title and account).
 */
export async function resolveLink(upstream: string, link: WechatLink, timeoutMs = 10_000): Promise<Resolved> {
  const target = pageOf(upstream, link);
  let text: string;
  try {
    ({ text } = await fetchText(target.toString(), { timeoutMs, retries: 1, backoffMs: 200 }));
  } catch (e) {
    if (e instanceof UpstreamError && e.kind === 'rejected' && (e.status === 404 || e.status === 410))
      return { ok: false, reason: 'not_found', msg: '文章不存在或已被删除' };
    return { ok: false, reason: 'unavailable', msg: '微信上游暂时不可用，请稍后重试' };
  }
  const article = parseArticlePage(text, target.toString());
  if (article.ok) return { ok: true, article };
  if (text.includes('链接已过期'))
    return { ok: false, reason: 'expired', msg: '链接已过期，请重新从搜狗微信搜索复制临时链接' };
  return { ok: false, reason: 'not_found', msg: '链接打开的页面中没有文章（链接无效或文章已被删除）' };
}

/** yyyy-mm-dd HH:MM:SS in Beijing time; '' for 0. */
const beijingTime = (unixS: number) =>
  unixS > 0 ? new Date(unixS * 1000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : '';

/**
 * An article's permanent link and identity as the tools answer them. `mid` is the platform's account id (as in
 * every /fbmain answer); `msgid` is the link's own `mid` parameter (the push).
 */
export const permanentItem = (a: ParsedArticle) => ({
  url: a.href,
  biz: a.biz,
  msgid: a.msgid,
  idx: a.idx,
  sn: a.sn,
  mid: a.mid,
  aid: a.aid,
  title: a.title,
  mp_name: a.nickname,
  pubtime: beijingTime(a.pubtime),
  original: originalTag(a.copyright_stat),
});
