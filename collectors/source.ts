/** What a collector needs from an upstream; every source (simulator, WeChat routes) implements it. */

export interface SourceAccount {
  biz: string;
  name: string;
  alias: string;
  avatar: string;
}

export interface SourceProfile extends SourceAccount {
  ghId: string;
  owner: string;
  area: string;
  industry: string;
  tags: string[];
  signature: string;
  qrcode: string;
  regTime: number;
  /** The account's video account (视频号) username, when it has one. */
  finderUsername?: string;
}

/** One video-account (视频号) post with its counters. */
export interface SourceVideo {
  objectId: string;
  createTime: number;
  description: string;
  read: number;
  like: number;
  comment: number;
  forward: number;
  fav: number;
  /** Cover image URL and video length in seconds ('' and 0 when the list leaves them out). */
  cover: string;
  durationS: number;
}

/** A video account's (视频号) profile: its name, avatar and signature. */
export interface SourceFinder {
  username: string;
  nickname: string;
  avatar: string;
  signature: string;
}

/** A mini-program's profile (更多资料): its name, 原始 ID and owner (主体). */
export interface SourceMiniProgram {
  appid: string;
  nickname: string;
  username: string;
  /** 主体 ('' when the profile does not say). */
  owner: string;
}

export interface SourceArticle {
  biz: string;
  msgid: number;
  idx: number;
  sn: string;
  title: string;
  digest: string;
  cover: string;
  author: string;
  link: string;
  createTime: number;
  /** 原创 as a stored code of core/copyright.ts (0 unknown, 1 original, 2 reprint, 3 share). */
  copyrightStat: number;
  sourceUrl: string;
  /** WeChat's item_show_type when the list gives it (null or absent: not given). */
  itemShowType?: number | null;
  /** The source of a chain that served the list (source-chain.ts); absent outside a chain. */
  via?: string;
}

export interface SourcePush {
  msgid: number;
  time: number;
  articles: SourceArticle[];
}

/**
 * One poll's counters. Snapshots hold five UInt32s, so a counter the upstream did not send (2018 getappmsgext has
 * no old_like_num / share_num; a page leaves one `'' * 1`) is 0 here: what WeChat showed for it. The readers keep
 * it absent (null) for anyone who can use the difference; reads must be there, or there are no counters at all.
 */
export interface SourceCounts {
  read: number;
  zan: number;
  looking: number;
  share: number;
  comment: number;
  /** The source of a chain that served the counters; absent outside a chain. */
  via?: string;
}

export interface Source {
  readonly name: string;
  /** Accounts the source knows, paged. */
  listAccounts(begin: number, count: number): Promise<{ total: number; accounts: SourceAccount[] }>;
  profile(biz: string): Promise<SourceProfile>;
  /** Pushes newest first, paged by push (a push holds 1–8 articles). */
  listPushes(biz: string, begin: number, count: number): Promise<{ total: number; pushes: SourcePush[] }>;
  counts(article: Pick<SourceArticle, 'biz' | 'msgid' | 'idx' | 'sn'>): Promise<SourceCounts>;
  /**
   * Posts of a video account (视频号), newest first, and the account's profile when the posts carry it;
   * sources without the route leave it out.
   */
  videoPosts?(
    finderUsername: string,
    page?: number,
    size?: number,
  ): Promise<{ total: number; videos: SourceVideo[]; finder: SourceFinder | null }>;
  /** A mini-program's profile by appid; sources without the route leave it out. */
  miniProgram?(appid: string): Promise<SourceMiniProgram>;
}

/** What inclusion, page updates and monitoring by URL need beyond the crawl. */
export interface ArticleLookup {
  /** Accounts whose name contains the query (or whose WeChat id equals it). */
  searchAccounts(query: string): Promise<SourceAccount[]>;
  /** Fetches and parses an article page by its long or short link. */
  article(url: string): Promise<import('./article-parser').ParsedArticle>;
}
