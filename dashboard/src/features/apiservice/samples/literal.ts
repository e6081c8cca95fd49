// String literals for the samples: the origin, key and keyword are pasted into source code, so each language
// gets a literal that cannot break out of its quotes.

/** A double-quoted literal for C, Java and Python (JSON's escapes are valid in all three for these values). */
export const dq = (s: string) => JSON.stringify(s);

/**
 * A Java literal with every non-ASCII character as a \uXXXX escape: `java Demo.java` reads the source in the
 * platform's encoding, which is ASCII under a POSIX locale, and would garble a Chinese keyword.
 */
export const javaQ = (s: string) =>
  JSON.stringify(s).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

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
