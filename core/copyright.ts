/**
 * The one meaning of 原创 in the platform. Every source's own field is mapped here, once, to one value set;
 * the bus (`copyright_stat`), ClickHouse (`articles.copyright_stat`, `account_articles.copyright_stat`), the API
 * and the reports use these codes and ask `isOriginal` instead of comparing WeChat's numbers themselves.
 *
 *   code 0 unknown  — not declared, or the source does not say (WeChat Reading, 2018 pages without the flag)
 *   code 1 original — 原创声明
 *   code 2 reprint  — 转载 (an authorised reprint: "以下文章来源于…")
 *   code 3 share    — 分享 (another account's article shared with a recommendation)
 *
 * Codes 0–2 coincide with the page's `_copyright_stat`, so a stored row reads the same as the page it came from.
 */
export type Copyright = 'unknown' | 'original' | 'reprint' | 'share';

export const COPYRIGHT_CODE = { unknown: 0, original: 1, reprint: 2, share: 3 } as const;
export type CopyrightCode = (typeof COPYRIGHT_CODE)[Copyright];
/** The stored code of an original article, for SQL (`copyright_stat = ${ORIGINAL_CODE}`). */
export const ORIGINAL_CODE = COPYRIGHT_CODE.original;
/** Largest stored code: the bus refuses anything above (WeChat's own numbers never reach the columns). */
export const MAX_COPYRIGHT_CODE = 3;

const BY_CODE: readonly Copyright[] = ['unknown', 'original', 'reprint', 'share'];

export const copyrightCode = (c: Copyright): CopyrightCode => COPYRIGHT_CODE[c];
/** The value of a stored code; anything outside the set reads as unknown. */
export const copyrightOf = (code: unknown): Copyright => BY_CODE[Number(code)] ?? 'unknown';
export const isOriginal = (code: unknown): boolean => copyrightOf(code) === 'original';
/** The spec's answer fields (`tag`, `original`): 1 for an original article, else 0. */
export const originalTag = (code: unknown): 0 | 1 => (isOriginal(code) ? 1 : 0);
/** 转载 or 分享: the article came from another account. */
export const isFromElsewhere = (code: unknown): boolean => {
  const c = copyrightOf(code);
  return c === 'reprint' || c === 'share';
};

/**
 * An article page: `_copyright_stat` / `copyright_stat` (1 original, 2 reprint or share, 0 none), with the
 * reprint's `copyright_info.reprint_type` telling a 分享 (3, seen on WeChat's 文章分享 pages) from a 转载.
 * Without the variable (some 2018 pages), the 原创 badge (#copyright_logo) says original.
 */
export function copyrightFromPage(
  stat: number | null,
  reprintType: number | null,
  hasBadge: boolean,
): Copyright {
  if (stat === 1) return 'original';
  if (stat === 2) return reprintType === 3 ? 'share' : 'reprint';
  if (stat === null && hasBadge) return 'original';
  return 'unknown';
}

/**
 * The back office's lists: appmsgpublish's `copyright_stat` (1 original, 2 reprint) and list_ex's
 * `copyright_type` (1 original; 0 or absent otherwise).
 */
export function copyrightFromList(
  stat: number | null | undefined,
  type: number | null | undefined,
): Copyright {
  if (stat === 1 || type === 1) return 'original';
  if (stat === 2) return 'reprint';
  return 'unknown';
}
