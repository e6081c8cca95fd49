import type { ArticleLookup, Source } from './source';

/**
 * A source whose post lists come from another route (WeChat Reading, when the back office is
 * freq-limited or has no login), everything else from the base source.
 */
export function withPostLists(
  base: Source & ArticleLookup,
  lists: Pick<Source, 'listPushes'>,
): Source & ArticleLookup {
  return {
    name: `${base.name}+lists`,
    listAccounts: (b, c) => base.listAccounts(b, c),
    profile: (biz) => base.profile(biz),
    listPushes: (biz, b, c) => lists.listPushes(biz, b, c),
    counts: (a) => base.counts(a),
    videoPosts: base.videoPosts
      ? (u, p, s) => base.videoPosts?.(u, p, s) as ReturnType<NonNullable<Source['videoPosts']>>
      : undefined,
    miniProgram: base.miniProgram
      ? (appid) => base.miniProgram?.(appid) as ReturnType<NonNullable<Source['miniProgram']>>
      : undefined,
    searchAccounts: (q) => base.searchAccounts(q),
    article: (u) => base.article(u),
  };
}
