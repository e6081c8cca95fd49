// Typed calls to the backend endpoints used by the dashboard. The home page loads this module: it calls by path with
// the contract's answer types (types only), not through call(), which would bring zod and every contract entry into
// the home bundle (budget: e2e/shell-browser.test.ts).
import { API_PREFIX, apiGet, apiPostForm } from './client';
import type {
  AccountDetailResult,
  AccountSearchResult,
  BurstFilters,
  BurstList,
  FakeReport,
  HistoryArticleList,
  HistoryQuery,
  ListFilterOptions,
  ListFilters,
  SystemInfo,
  TodayHotList,
} from './types';

export const ACCOUNT_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE = 20;
/** Visitors and free members see the first 100 rows of a list; deeper pages need a paid membership. */
export const FREE_LIST_DEPTH = 100;

export function fetchSystemInfo(signal?: AbortSignal): Promise<SystemInfo> {
  return apiGet<SystemInfo>('/system/v1/info', undefined, signal);
}

export function searchAccounts(kw: string, page: number, signal?: AbortSignal): Promise<AccountSearchResult> {
  return apiPostForm<AccountSearchResult>(
    '/search/v1/key_search',
    { kw, page, num: ACCOUNT_PAGE_SIZE },
    signal,
  );
}

export function fetchAccountDetail(mid: number, signal?: AbortSignal): Promise<AccountDetailResult> {
  return apiGet<AccountDetailResult>('/search/v1/mp_detail', { mId: mid }, signal);
}

export function fetchHistoryArticles(query: HistoryQuery, signal?: AbortSignal): Promise<HistoryArticleList> {
  return apiGet<HistoryArticleList>('/search/v1/detail_pubList', { ...query }, signal);
}

/** The lists' filters as the calls read them (the 0/1 switch travels as text). */
const listInputOf = (f: ListFilters) => ({
  ...f,
  original: f.original === 1 ? ('1' as const) : ('0' as const),
});

export function fetchTodayHot(filters: ListFilters, signal?: AbortSignal): Promise<TodayHotList> {
  return apiGet<TodayHotList>('/main/v1/today_hot', listInputOf(filters), signal);
}

export function fetchBurst(filters: BurstFilters, signal?: AbortSignal): Promise<BurstList> {
  return apiGet<BurstList>('/main/v1/burst', { ...listInputOf(filters), days: filters.days }, signal);
}

/** Industries (and areas) present in the data, for the list filters. */
export function fetchListFilterOptions(signal?: AbortSignal): Promise<ListFilterOptions> {
  return apiGet<ListFilterOptions>('/rank/v1/filters', undefined, signal);
}

/** Fake-traffic report of one article; `post` is `<mid>_<aid>` as the monitor links carry it. */
export function fetchFakeReport(post: string, signal?: AbortSignal): Promise<FakeReport> {
  return apiGet<FakeReport>('/monitor/v1/read_praise_report', { post }, signal);
}

/** The account's "scan to follow" QR code (its WeChat profile page), drawn by the server. */
export function accountQrcodeUrl(mid: number): string {
  return `${API_PREFIX}/common/v1/account_qrcode?mid=${mid}`;
}

/** Avatars and QR codes go through the backend image proxy. */
export function imageProxyUrl(url: string): string {
  return `${API_PREFIX}/common/v1/image?url=${encodeURIComponent(url)}`;
}
