// Typed calls to the backend endpoints used by the dashboard.
import { API_PREFIX, apiGet, apiPostForm } from './client';
import type {
  AccountDetailResult,
  AccountSearchResult,
  HistoryArticleList,
  HistoryQuery,
  SystemInfo,
} from './types';

export const ACCOUNT_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 20;

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

/** Avatars and QR codes go through the backend image proxy. */
/** The account's "scan to follow" QR code (its WeChat profile page), drawn by the server. */
export function accountQrcodeUrl(mid: number): string {
  return `${API_PREFIX}/common/v1/account_qrcode?mid=${mid}`;
}

export function imageProxyUrl(url: string): string {
  return `${API_PREFIX}/common/v1/image?url=${encodeURIComponent(url)}`;
}
