// Calls and react-query hooks of the account detail's tabs and popups (spec §2 "Official account detail popup").

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../../../contract';
import type { CallOutput } from '../../../../../contract/define';
import type {
  AccountDetail,
  AccountIdentity,
  DetailOwner,
  DetailStatistic,
  PostingHours,
  ReadOverviewRow,
  SimilarAccount,
} from '../../../../../contract/shapes/accounts';
import type { CrawlProgress } from '../../../../../contract/shapes/inclusion';
import type { AccountMinipro, AccountMiniproSort } from '../../../../../contract/shapes/minipros';
import type { LinkOrder } from '../../../../../contract/shapes/original';
import { BACKFILL_MAX_DAYS } from '../../../../../core/periods';
import { call } from '../../../api/call';
import { apiGet, apiPostForm, formBody, request, requestEnvelope } from '../../../api/client';

// Shapes the server answers with: declared once, in contract/shapes/accounts.ts.
export type { DetailOwner, DetailStatistic, PostingHours, ReadOverviewRow, SimilarAccount };

// ---------- types (field names as the backend answers them) ----------

/** mp_detail's account, with the applet count the mini-program tab is gated on. */
export type DetailAccount = AccountDetail;
/** detail_owner's other accounts of the owner. */
export type SameOwnerAccount = AccountIdentity;

export type LinkDays = 1 | 7 | 30 | 60;
// original/v1's account tabs answer as the contract declares them.
export type { LinkOrder };
export type OriginalLink = OriginalLinkList['article_list'][number];
export type OriginalLinkList = CallOutput<typeof contract.original.originalTextLink>;
export type AppletOrder = AccountMiniproSort;
export type AccountApplet = AccountMinipro;
export type AppletList = CallOutput<typeof contract.original.associatedApplet>;

export type { CrawlProgress };

export interface MonitorQuota {
  month: string;
  allowance: number;
  used: number;
  remaining: number;
  costs: { article: number; next_post: number; next_post_all: number };
}

export interface MonitorOrderResult {
  task_id: string;
  cost: number;
  remaining: number;
  allowance: number;
  post: string;
  postlink?: string;
  title?: string;
  mp_name?: string;
}

export interface MonitorListItem {
  task_id: string;
  title: string;
  pubtime: string;
  created: string;
  period: string;
  state: string;
  state_label: string;
  status: 0 | 1 | null;
  result: string;
  post: string;
  postlink: string;
}

export interface MonitorList {
  list: MonitorListItem[];
  total: number;
  mid: number;
  name: string;
}

export interface BackfillQuota {
  month: string;
  allowance: number;
  used: number;
  remaining: number;
}

export interface BackfillOrder {
  request_id: string;
  mid: number;
  name: string;
  days: number;
  position: number;
  start_time: string;
  end_time: string;
  state: string;
  state_label: string;
  cost: number;
  remaining: number;
  allowance: number;
}

// ---------- constants of spec §9 ----------

export const LINK_PAGE_SIZE = 10;
export const SIMILAR_PAGE_SIZE = 20;
export const APPLET_PAGE_SIZE = 12;
/** The refresh control's click interval (spec §9: 5 s). */
export const REFRESH_INTERVAL_MS = 5_000;
/** Back-collection covers at most 6 months (spec §9). */
export { BACKFILL_MAX_DAYS };

// ---------- hooks ----------

export function useDetailStatistic(mid: number) {
  return useQuery({
    queryKey: ['detail-statistic', mid],
    queryFn: ({ signal }) => call(contract.search.detailStatistic, { mId: mid }, { signal }),
    retry: false,
  });
}

export type TrendDays = 7 | 30 | 90;

/** t_detail_statistic: the account's figures per day over the last 7, 30 or 90 days (the basic-analysis trend). */
export function useAccountTrend(mid: number, days: TrendDays) {
  return useQuery({
    queryKey: ['detail-trend', mid, days],
    queryFn: ({ signal }) => call(contract.search.tDetailStatistic, { mId: mid, days }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useDetailOwner(mid: number) {
  return useQuery({
    queryKey: ['detail-owner', mid],
    queryFn: ({ signal }) => call(contract.search.detailOwner, { mId: mid }, { signal }),
    retry: false,
  });
}

export function usePostingHours(mid: number, enabled: boolean) {
  return useQuery({
    queryKey: ['public-time', mid],
    queryFn: ({ signal }) => call(contract.search.publicTime, { mid }, { signal }),
    enabled,
  });
}

export function useOriginalLinks(q: { id: number; page: number; days: LinkDays; orderby: LinkOrder }) {
  return useQuery({
    queryKey: ['original-text-link', q],
    // These answer without `data`: the list sits beside `status` (spec §7 original_text_link).
    queryFn: ({ signal }) =>
      call(contract.original.originalTextLink, { ...q, pagesize: LINK_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useApplets(q: { id: number; page: number; orderby: AppletOrder }) {
  return useQuery({
    queryKey: ['associated-applet', q],
    queryFn: ({ signal }) =>
      call(contract.original.associatedApplet, { ...q, pagesize: APPLET_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSimilar(q: { mid: number; page: number; sort: number }, enabled: boolean) {
  return useQuery({
    queryKey: ['mp-similar', q],
    queryFn: ({ signal }) => call(contract.search.mpSimilar, { ...q, num: SIMILAR_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** mp_update's answer (spec §8: code 0 success, 1 notice, others a warning). */
export interface UpdateAnswer {
  code: number;
  msg: string;
  requestId: string | null;
}

export async function requestAccountUpdate(mid: number): Promise<UpdateAnswer> {
  const env = (await requestEnvelope<{ request_id?: string }>('/search/v1/mp_update', {
    method: 'POST',
    body: formBody({ mid }),
  })) as { code?: number; error_code?: number; msg?: string; data?: { request_id?: string } };
  // Level and login answers come in the error_code envelope; they are warnings like any other code.
  const code = typeof env.code === 'number' ? env.code : (env.error_code ?? 2);
  return { code, msg: env.msg || '请求失败', requestId: env.data?.request_id ?? null };
}

export function useCrawlProgress(requestId: string | null) {
  return useQuery({
    queryKey: ['crawl-progress', requestId],
    queryFn: ({ signal }) =>
      apiGet<CrawlProgress>('/search/v1/crawl_progress', { request_id: requestId }, signal),
    enabled: requestId !== null,
    refetchInterval: (query) => {
      const s = query.state.data?.state;
      return s === 'done' || s === 'failed' ? false : 1_000;
    },
  });
}

export function useMonitorQuota(enabled: boolean) {
  return useQuery({
    queryKey: ['monitor-quota'],
    queryFn: ({ signal }) => apiGet<MonitorQuota>('/monitor/v1/monitor_quota', undefined, signal),
    enabled,
    retry: false,
  });
}

export function useMonitorCount(mid: number) {
  return useQuery({
    queryKey: ['mpaccount-monitor-num', mid],
    queryFn: ({ signal }) => apiGet<number>('/monitor/v1/mpaccount_monitor_num', { mid }, signal),
    retry: false,
  });
}

export function useMonitorList(mid: number, enabled: boolean) {
  return useQuery({
    queryKey: ['monitor-list', mid],
    queryFn: ({ signal }) => apiGet<MonitorList>('/monitor/v1/monitor_list', { mid }, signal),
    enabled,
    retry: false,
  });
}

export type MonitorOrder =
  | { kind: 'next_post'; mid: number; position: number; freq: number; days: number }
  | { kind: 'article'; url: string; freq: number; days: number };

export function useCreateMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: MonitorOrder) =>
      o.kind === 'next_post'
        ? apiPostForm<MonitorOrderResult>('/monitor/v1/create_future_monitor', {
            mid: o.mid,
            position: o.position,
            freq: o.freq,
            days: o.days,
          })
        : apiPostForm<MonitorOrderResult>('/monitor/v1/create_future_task', {
            url: o.url,
            freq: o.freq,
            days: o.days,
          }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ['monitor-quota'] });
      client.invalidateQueries({ queryKey: ['mpaccount-monitor-num'] });
      client.invalidateQueries({ queryKey: ['monitor-list'] });
    },
  });
}

/** The back-collection month: history_crawl_list carries the member's quota beside the orders. */
export function useBackfillQuota(enabled: boolean) {
  return useQuery({
    queryKey: ['history-crawl-quota'],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ quota: BackfillQuota; max_days: number }>(
          '/monitor/v1/history_crawl_list',
          { page: 1, pagesize: 1 },
          signal,
        )
      ).quota,
    enabled,
    retry: false,
  });
}

export function useCreateBackfill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { mid: number; days: number; position: number }) =>
      apiPostForm<BackfillOrder>('/monitor/v1/create_history_crawl', o),
    onSettled: () => client.invalidateQueries({ queryKey: ['history-crawl-quota'] }),
  });
}

/** Whether a fake-traffic report is in the member's collection (the report's 'collect report' label). */
export function useReportFavorite(post: string, enabled: boolean) {
  return useQuery({
    queryKey: ['report-favorite', post],
    queryFn: ({ signal }) =>
      apiGet<{ post: string; is_favorite: 0 | 1 }>('/search/v1/favorite_report_option', { post }, signal),
    enabled,
    retry: false,
  });
}

export function useToggleReportFavorite(post: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (collect: boolean) =>
      request<unknown>('/search/v1/favorite_report_option', {
        method: collect ? 'POST' : 'DELETE',
        body: formBody({ post }),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['report-favorite', post] }),
  });
}
