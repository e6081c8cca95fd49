// react-query hooks over the endpoints.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAccountDetail, fetchHistoryArticles, fetchSystemInfo, searchAccounts } from './endpoints';
import type { HistoryQuery } from './types';

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
