/**
 * Source chains (issue 26): per capability, the ordered upstream sources a request tries. Pure data and parsing,
 * so the configuration can check SOURCE_CHAINS at start-up and the collectors, the api and the admin page share it.
 */

/** What a chain orders sources for: account search, post lists, counters, article pages, video posts. */
export const CAPABILITIES = ['search', 'lists', 'counts', 'pages', 'videos'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** The sources a chain can name: the back office, client credentials, WeChat Reading, a paid data API. */
export const SOURCE_NAMES = ['mp', 'client', 'weread', 'paid'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

export type Chains = Record<Capability, string[]>;

/** The demo (the built-in simulator, no logins) keeps the back office first, as before. */
export const DEMO_CHAINS: Chains = {
  search: ['mp'],
  lists: ['mp'],
  counts: ['client'],
  pages: ['mp'],
  videos: ['mp'],
};

/**
 * With real credentials the closed back-office lists (200013 since 2026-07-30) are no longer first: WeChat Reading,
 * then the paid API, then the back office for whoever still has access.
 */
export const REAL_CHAINS: Chains = {
  search: ['mp', 'paid'],
  lists: ['weread', 'paid', 'mp'],
  counts: ['client', 'paid'],
  pages: ['mp', 'paid'],
  videos: ['mp'],
};

/** Reads `lists=weread,paid,mp;counts=client,paid` (SOURCE_CHAINS); capabilities not named keep `defaults`. */
export function parseChains(text: string, defaults: Chains, known: readonly string[] = SOURCE_NAMES): Chains {
  const out: Chains = { ...defaults };
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z]+)\s*=\s*([a-z,\s]*)$/.exec(part);
    const cap = m?.[1] as Capability | undefined;
    if (!m || !cap || !CAPABILITIES.includes(cap))
      throw new Error(`来源链格式应为 能力=来源,来源;… 能力取 ${CAPABILITIES.join(' / ')}：${part}`);
    const names = (m[2] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const unknown = names.filter((n) => !known.includes(n));
    if (unknown.length > 0)
      throw new Error(`未知的数据来源 ${unknown.join(', ')}（可用：${known.join(', ')}）`);
    if (names.length === 0) throw new Error(`能力 ${cap} 至少需要一个来源`);
    out[cap] = names;
  }
  return out;
}
