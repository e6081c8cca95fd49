import type { FakeReport, FakeReportRow, FakeSignal } from '../../../contract/shapes/article-reports';
import type { SignalCode } from '../../../core/fake-signals';
// Response types of the /fbmain backend. Field names follow the product spec exactly.

import type { BurstDays, ListSort } from '../../../contract/shapes/lists';

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

// The account search, detail and history answers: declared once in contract/shapes/accounts.ts.
export type {
  AccountDetail,
  AccountDetailAnswer as AccountDetailResult,
  AccountListItem as AccountSummary,
  AccountSearchPage as AccountSearchResult,
  HistoryArticle,
  HistoryArticleGroup,
  HistoryPage as HistoryArticleList,
} from '../../../contract/shapes/accounts';
export type { SystemInfo } from '../../../contract/shapes/system';

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

// The lists' answers (main/v1 today_hot, burst, list_rules) are declared once in the contract.
export type {
  BurstDays,
  BurstList,
  BurstRule,
  HotRule,
  ListArticle,
  ListSort,
  TodayHotList,
} from '../../../contract/shapes/lists';

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

export interface BurstFilters extends ListFilters {
  days: BurstDays;
}

/** Industries and areas the list filters offer (rank/v1 filters). */
export interface ListFilterOptions {
  media: string[];
  area: string[];
}

export type FakeSignalCode = SignalCode;
export type { FakeReport, FakeReportRow, FakeSignal };
