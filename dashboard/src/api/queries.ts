// react-query hooks over the endpoints.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  fetchAccountDetail,
  fetchBurst,
  fetchFakeReport,
  fetchHistoryArticles,
  fetchListFilterOptions,
  fetchSystemInfo,
  fetchTodayHot,
  searchAccounts,
} from './endpoints';
import type { BurstFilters, HistoryQuery, ListFilters } from './types';

export function useSystemInfo() {
  return useQuery({
    queryKey: ['system-info'],
    queryFn: ({ signal }) => fetchSystemInfo(signal),
    staleTime: 60_000,
  });
}

export function useAccountSearch(kw: string, page: number) {
  return useQuery({
    queryKey: ['key-search', kw, page],
    queryFn: ({ signal }) => searchAccounts(kw, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAccountDetail(mid: number | null) {
  return useQuery({
    queryKey: ['mp-detail', mid],
    queryFn: ({ signal }) => fetchAccountDetail(mid ?? 0, signal),
    enabled: mid !== null,
  });
}

export function useHistoryArticles(query: HistoryQuery) {
  return useQuery({
    queryKey: ['detail-publist', query],
    queryFn: ({ signal }) => fetchHistoryArticles(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTodayHot(filters: ListFilters) {
  return useQuery({
    queryKey: ['today-hot', filters],
    queryFn: ({ signal }) => fetchTodayHot(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBurst(filters: BurstFilters) {
  return useQuery({
    queryKey: ['burst', filters],
    queryFn: ({ signal }) => fetchBurst(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useListFilterOptions() {
  return useQuery({
    queryKey: ['list-filter-options'],
    queryFn: ({ signal }) => fetchListFilterOptions(signal),
    staleTime: 10 * 60_000,
  });
}

/** The report answers input and login problems itself: those are shown, not retried. */
export function useFakeReport(post: string) {
  return useQuery({
    queryKey: ['fake-report', post],
    queryFn: ({ signal }) => fetchFakeReport(post, signal),
    // Without a post there is no report to ask for: the page offers the member's reports instead.
    enabled: post !== '',
    retry: false,
  });
}
