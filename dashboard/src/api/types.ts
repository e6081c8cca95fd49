// Response types of the /fbmain backend. Field names follow the product spec exactly.

/** Envelope every endpoint answers with. */
export interface ApiEnvelope<T> {
  error_code?: number;
  msg?: string;
  data?: T;
}

/** Local session record kept in localStorage under `userInfo`. */
export interface UserInfo {
  accessToken: string;
  name: string;
  loginType: string | number;
  avatar: string;
}

export interface SystemInfo {
  demo: boolean;
  upstream: 'simulator' | 'wechat';
  accounts: number;
  articles: number;
  snapshots: number;
  last_crawl_at: string | null;
}

export interface AccountSummary {
  mid: number;
  name: string;
  mp_name: string;
  wx: string;
  wxid: string;
  avatar: string;
  owner: string;
  zhuti: string;
  area: string;
  media: string;
  tag: string[];
  desc: string;
  mp_fetch_sum: number;
  pubtime: string;
}

export interface AccountSearchResult {
  total: number;
  accounts: AccountSummary[];
}

export interface AccountDetail extends AccountSummary {
  qrcode: string;
  collect_count: number;
  is_favorite: 0 | 1;
  have_owner: 0 | 1;
  is_avatar: 0 | 1;
  same_owner: number;
  owner_total: number;
  reg_time: string;
  update_time: string;
  url_link_total: number;
  /** The tooltip's account index, WCI and estimated active fans (docs/analytics.md). */
  index: number;
  wci: number;
  fans: number;
}

export interface AccountDetailResult {
  account: AccountDetail;
}

export interface HistoryArticle {
  position: number;
  tag: 0 | 1;
  title: string;
  href: string;
  avg_zan: number;
  relative_zan: number;
  quality_num: number;
  avg_read: number;
  read: number;
  zan: number;
  looking: number;
  is_favorite: 0 | 1;
  favorite_count: number;
  up_time: string;
  aid: string;
  mid: number;
  mp_name: string;
  np_name: string;
}

export interface HistoryArticleGroup {
  postTime: string;
  update_time: string;
  articles: HistoryArticle[];
}

export interface HistoryArticleList {
  total: number;
  article_list: HistoryArticleGroup[];
}

/** Query of detail_pubList. Dates are yyyy-mm-dd. */
export interface HistoryQuery {
  mId: number;
  page: number;
  num: number;
  kw: string;
  kw_type: 'title' | 'body';
  is_hot: 0 | 1;
  top: 0 | 1;
  start_time?: string;
  end_time?: string;
}
