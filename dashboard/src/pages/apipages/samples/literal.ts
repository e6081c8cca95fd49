// String literals for the samples: the origin, key and keyword are pasted into source code, so each language
// gets a literal that cannot break out of its quotes.

/** A double-quoted literal for C, Java and Python (JSON's escapes are valid in all three for these values). */
export const dq = (s: string) => JSON.stringify(s);

/** A single-quoted PHP literal: only the backslash and the quote are special, so `$` is never interpolated. */
export const phpQ = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export const PLACEHOLDER_KEY = 'gzh_您的密钥';
export const DEFAULT_KEYWORD = '科技';

/** What every sample needs: the site's origin, the member's key (or the placeholder) and the search keyword. */
export interface SampleInput {
  origin: string;
  apiKey: string;
  keyword: string;
}

export const baseOf = (origin: string) => `${origin.replace(/\/+$/, '')}/fbmain/openapi/v1`;
export const keyOf = (apiKey: string) => apiKey || PLACEHOLDER_KEY;
