// Calls, types and react-query hooks of the shell: account search with filters (senior_search), article search
// (article_search_/title) and inclusion (collect_mp). Field names follow the spec (§3, §7).
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { contract } from '../../../contract';
import type { SeniorAccount, SeniorSort } from '../../../contract/shapes/accounts';
import type { IncludedAccount, InclusionResult } from '../../../contract/shapes/inclusion';
import { call } from './call';
import { apiPostForm } from './client';
import { ACCOUNT_PAGE_SIZE, LIST_PAGE_SIZE, searchAccounts } from './endpoints';
import type { AccountSummary, ListArticle, ListSort } from './types';

// Shapes the server answers with: declared once, in contract/shapes/accounts.ts.
export type { SeniorAccount, SeniorSort };

export interface SeniorQuery {
  name: string;
  media?: string;
  area?: string;
  fans_min?: number;
  fans_max?: number;
  orderby: SeniorSort;
  page: number;
  num: number;
}

export type ArticleSearchDays = 1 | 7 | 30 | 90 | 180 | 365;

export interface ArticleSearchQuery {
  kw: string;
  days: ArticleSearchDays;
  media?: string;
  min_read?: number;
  max_read?: number;
  original: 0 | 1;
  sort: ListSort;
  page: number;
  num: number;
}

export interface ArticleSearchResult {
  total: number;
  article_list: ListArticle[];
}

// collect_mp's answer (spec §3 Inclusion result) as the contract declares it.
export type { IncludedAccount, InclusionResult };

/** Spec §5: 1–30 characters is an account name, anything longer an article link. */
export const INCLUSION_NAME_MAX = 30;

export function inclusionFields(input: string): { wxname: string } | { article_url: string } {
  const text = input.trim();
  return [...text].length <= INCLUSION_NAME_MAX ? { wxname: text } : { article_url: text };
}

export function seniorSearch(q: SeniorQuery, signal?: AbortSignal) {
  return call(contract.search.seniorSearchName, q, { signal });
}

export function searchArticles(q: ArticleSearchQuery, signal?: AbortSignal): Promise<ArticleSearchResult> {
  return apiPostForm<ArticleSearchResult>('/search/v1/article_search_/title', { ...q }, signal);
}

export function includeAccount(input: string): Promise<InclusionResult> {
  return apiPostForm<InclusionResult>('/search/v1/collect_mp', inclusionFields(input));
}

/**
 * The account search page: plain keyword search (key_search: name, WeChat id, owner, description) unless a filter
 * or a sort is chosen, which only senior_search offers (it ranks over the analytics figures).
 */
export type AccountSearchRequest =
  | { mode: 'keyword'; kw: string; page: number }
  | { mode: 'senior'; query: SeniorQuery };

export type AccountSearchAnswer =
  | { mode: 'keyword'; total: number; accounts: AccountSummary[] }
  | { mode: 'senior'; total: number; accounts: SeniorAccount[] };

export function useShellAccountSearch(req: AccountSearchRequest) {
  return useQuery<AccountSearchAnswer>({
    queryKey: ['shell-account-search', req],
    queryFn: async ({ signal }) =>
      req.mode === 'keyword'
        ? { mode: 'keyword', ...(await searchAccounts(req.kw, req.page, signal)) }
        : { mode: 'senior', ...(await seniorSearch(req.query, signal)) },
    placeholderData: keepPreviousData,
  });
}

export function useArticleSearch(q: ArticleSearchQuery | null) {
  return useQuery({
    queryKey: ['article-search', q],
    queryFn: ({ signal }) => searchArticles(q as ArticleSearchQuery, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    // Deep pages answer 'not logged in' / 'level insufficient': shown, not retried.
    retry: false,
  });
}

export function useInclusion() {
  return useMutation({ mutationFn: includeAccount });
}

export { ACCOUNT_PAGE_SIZE, LIST_PAGE_SIZE };
