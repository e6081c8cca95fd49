// Response types of the /fbmain backend. Field names follow the product spec exactly.

/** Envelope every endpoint answers with. */
export interface ApiEnvelope<T> {
  error_code?: number;
  /** Monitor, link and applet calls answer `status` instead: 200 is success (spec §8). */
  status?: number;
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
  /** Message kind (article 图文, picture 图片, text 文本, video 视频, voice 语音, share 转载); '' when not read. */
  kind?: string;
  /** The account a reprint or share came from ("以下文章来源于…"), when its page named it. */
  source_account?: string;
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

/** One article of the 今日热文 and 低粉爆文 lists (main/v1 today_hot, burst). */
export interface ListArticle {
  mid: number;
  aid: string;
  position: number;
  tag: 0 | 1;
  title: string;
  href: string;
  pubtime: string;
  media: string;
  area: string;
  read: number;
  zan: number;
  looking: number;
  mp_name: string;
  name: string;
  wxid: string;
  avatar: string;
  /** The account's estimated active fans (docs/analytics.md). */
  fans: number;
  /** Reads ÷ the account's median reads over 30 days. */
  burst_ratio: number;
  quality_num: number;
  relative_zan: number;
}

/** Sort keys both lists accept; `ratio` is meaningful for 低粉爆文. */
export type ListSort = 'read' | 'zan' | 'looking' | 'pubtime' | 'ratio';

/** Filters shared by both lists (the route's zod schema). */
export interface ListFilters {
  media?: string;
  min_read?: number;
  max_read?: number;
  original: 0 | 1;
  sort: ListSort;
  page: number;
  num: number;
}

export type BurstDays = 1 | 3 | 7 | 30;

export interface BurstFilters extends ListFilters {
  days: BurstDays;
}

export interface HotRule {
  text: string;
  min_read: number;
}

export interface BurstRule {
  text: string;
  min_read: number;
  min_ratio: number;
  max_fans: number;
}

export interface TodayHotList {
  total: number;
  article_list: ListArticle[];
  rule: HotRule;
}

export interface BurstList {
  total: number;
  article_list: ListArticle[];
  days: BurstDays;
  rule: BurstRule;
}

/** Industries and areas the list filters offer (rank/v1 filters). */
export interface ListFilterOptions {
  media: string[];
  area: string[];
}

export type FakeSignalCode = 'no_engagement' | 'curve_deviation' | 'night' | 'step' | 'linear';

export interface FakeSignal {
  code: FakeSignalCode;
  /** Fake reads this signal alone implies. */
  fake: number;
  /** Why, in Chinese, with the figures. */
  text: string;
}

/** Fake-traffic report of one article (monitor/v1 read_praise_report). */
export interface FakeReport {
  profile: {
    title: string;
    avatar: string;
    mpname: string;
    wx: string;
    mp_owner: string;
    owner_count: number;
    position: number;
    pubtime: string;
    start_ts: string;
    end_ts: string;
    url: string;
  };
  /** 0 normal, 1 fake traffic. */
  status: 0 | 1;
  forecast_fake: number;
  /** Share of reads, 0–1. */
  forecast_fake_per: number;
  signals: FakeSignal[];
  summary: string;
  charts: { time: string[]; read: number[]; praise: number[]; looking: number[] };
  table: FakeReportRow[];
}

export interface FakeReportRow {
  date: string;
  read: number;
  read_add: number;
  praise: number;
  praise_add: number;
  looking: number;
}
