/**
 * Article links. Long links carry the identity (?__biz=…&mid=…&idx=…&sn=…); short links
 * (mp.weixin.qq.com/s/<token>) are opaque and must be fetched to learn it.
 */
export type ArticleLink =
  | { kind: 'long'; biz: string; msgid: number; idx: number; sn: string }
  | { kind: 'short'; token: string };

export function parseArticleUrl(input: string): ArticleLink | null {
  let u: URL;
  try {
    u = new URL(input.trim().replace(/&amp;/g, '&'));
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const short = /^\/s\/([A-Za-z0-9_-]{6,})\/?$/.exec(u.pathname);
  if (short?.[1]) return { kind: 'short', token: short[1] };
  if (u.pathname !== '/s' && u.pathname !== '/mp/appmsg/show' && u.pathname !== '/mp/rumor') return null;
  const biz = u.searchParams.get('__biz') ?? '';
  const msgid = Number(u.searchParams.get('mid') ?? u.searchParams.get('appmsgid'));
  const idx = Number(u.searchParams.get('idx') ?? u.searchParams.get('itemidx') ?? 1);
  const sn = u.searchParams.get('sn') ?? u.searchParams.get('signature') ?? '';
  if (!biz || !Number.isSafeInteger(msgid) || msgid <= 0 || !Number.isInteger(idx) || idx < 1 || idx > 8)
    return null;
  return { kind: 'long', biz, msgid, idx, sn };
}

/** The canonical long link of an article on a given host. */
export function longLink(base: string, a: { biz: string; msgid: number; idx: number; sn: string }): string {
  const u = new URL('/s', base);
  u.searchParams.set('__biz', a.biz);
  u.searchParams.set('mid', String(a.msgid));
  u.searchParams.set('idx', String(a.idx));
  u.searchParams.set('sn', a.sn);
  return u.toString();
}

/**
 * The identity of an article link a list source gives (WeChat Reading's doc_url, a paid API's url): its msgid, idx
 * and sn, and the link without the #rd anchor; null when it has no usable identity, as such a row cannot be keyed.
 */
export function listedArticle(url: string): { msgid: number; idx: number; sn: string; link: string } | null {
  let link: URL;
  try {
    link = new URL(url.replace(/&amp;/g, '&'));
  } catch {
    return null;
  }
  const msgid = Number(link.searchParams.get('mid'));
  const idx = Number(link.searchParams.get('idx'));
  if (!Number.isSafeInteger(msgid) || msgid <= 0 || !Number.isInteger(idx) || idx < 1 || idx > 8) return null;
  return { msgid, idx, sn: link.searchParams.get('sn') ?? '', link: link.toString().replace(/#rd$/, '') };
}
