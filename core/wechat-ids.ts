/**
 * WeChat identifiers. __biz is base64 of the account's decimal id (MzA3MDM3MTc2Mw== ↔ 3070371763);
 * the platform uses that id as the account's mid.
 */
export const bizOf = (mid: number): string => Buffer.from(String(mid)).toString('base64');

export function midOf(biz: string): number {
  const n = Number(Buffer.from(biz, 'base64').toString('utf8'));
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`not a valid __biz: ${biz}`);
  return n;
}

/** What an account's "scan to follow" code encodes: its WeChat profile page. */
export const accountProfileUrl = (biz: string) =>
  `https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=${encodeURIComponent(biz)}#wechat_redirect`;
