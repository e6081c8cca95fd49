// Calls and react-query hooks of the account detail's tabs and popups (spec §2 "Official account detail popup").
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadOverviewRow } from '../../../api/account-analysis';
import { ApiError, apiGet, apiPostForm, formBody, request, requestEnvelope } from './client';
import type { AccountDetail } from './types';

// Shapes the server answers with: declared once, beside the query that builds them.
export type { ReadOverviewRow };

// ---------- types (field names as the backend answers them) ----------

/** mp_detail's account with the applet count the mini-program tab is gated on. */
export type DetailAccount = AccountDetail & { associated_applet_total?: number };

export interface DetailStatistic {
  analysis_info: {
    articles: number;
    avg_top_read: number;
    avg_second_read: number;
    avg_other_read: number;
    fans: number;
  };
  avatar: string;
  read_overview: ReadOverviewRow[];
}

export interface SameOwnerAccount {
  mid: number;
  name: string;
  mp_name?: string;
  wxid?: string;
  wx?: string;
  avatar: string;
}

export interface DetailOwner {
  owner: string;
  area: string;
  owner_total: number;
  same_accounts: SameOwnerAccount[];
}

/** public_time: pushes per Beijing hour of day, keys '0'…'23'. */
export type PostingHours = Record<string, number>;

export type LinkDays = 1 | 7 | 30 | 60;
export type LinkOrder = 'pubtime' | 'read' | 'zan';

export interface OriginalLink {
  article_position: number;
  article_title: string;
  article_url: string;
  mp_name: string;
  article_pubtime: string;
  article_readnum: number;
  article_zannum: number;
  original_address: string;
}

export interface OriginalLinkList {
  total_number: number;
  article_list: OriginalLink[];
}

export type AppletOrder = 'exposure' | 'article' | 'account' | 'read';

export interface AccountApplet {
  appid: string;
  title: string;
  icon: string;
  username: string;
  labels: string[];
  desc: string;
  exposure_num: number;
  article_num: number;
  account_num: number;
  account_articles: number;
  account_reads: number;
}

export interface AppletList {
  total_number: number;
  applet_data: AccountApplet[];
}

export interface SimilarAccount {
  mid: number;
  mp_name: string;
  name: string;
  wxid: string;
  avatar: string;
  qrcode: string;
  zhuti: string;
  owner: string;
  same_owner: number;
  index: number;
  desc: string;
  media: string;
  area: string;
  tag: string[];
  fans: number;
  match: number;
  head_avg_read: number;
  head_avg_zan: number;
  week_posts: number;
}

export interface SimilarList {
  total: number;
  accounts: SimilarAccount[];
}

export interface CrawlProgress {
  state: 'queued' | 'running' | 'done' | 'failed';
  percent: number;
  message?: string;
}

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
export const BACKFILL_MAX_DAYS = 180;
export const MONITOR_FREQS = [1, 2, 5, 10] as const;
export const MONITOR_DAYS = [1, 2, 3] as const;

/** Level-insufficient codes of both envelopes (spec §8). */
export const isLevelLimit = (error: unknown) =>
  error instanceof ApiError && (error.code === 40002 || error.code === 4002);
export const isLoginNeeded = (error: unknown) =>
  error instanceof ApiError && (error.code === 40001 || error.code === 401);

// ---------- hooks ----------

export function useDetailStatistic(mid: number) {
  return useQuery({
    queryKey: ['detail-statistic', mid],
    queryFn: ({ signal }) => apiGet<DetailStatistic>('/search/v1/detail_statistic', { mId: mid }, signal),
    retry: false,
  });
}

export function useDetailOwner(mid: number) {
  return useQuery({
    queryKey: ['detail-owner', mid],
    queryFn: ({ signal }) => apiGet<DetailOwner>('/search/v1/detail_owner', { mId: mid }, signal),
    retry: false,
  });
}

export function usePostingHours(mid: number, enabled: boolean) {
  return useQuery({
    queryKey: ['public-time', mid],
    queryFn: ({ signal }) => apiGet<PostingHours>('/search/v1/public_time', { mid }, signal),
    enabled,
  });
}

export function useOriginalLinks(q: { id: number; page: number; days: LinkDays; orderby: LinkOrder }) {
  return useQuery({
    queryKey: ['original-text-link', q],
    // These answer without `data`: the list sits beside `status` (spec §7 original_text_link).
    queryFn: async ({ signal }) => {
      const env = await requestEnvelope<never>('/original/v1/original_text_link', {
        query: { ...q, pagesize: LINK_PAGE_SIZE },
        signal,
      });
      return statusList<OriginalLinkList>(env);
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useApplets(q: { id: number; page: number; orderby: AppletOrder }) {
  return useQuery({
    queryKey: ['associated-applet', q],
    queryFn: async ({ signal }) => {
      const env = await requestEnvelope<never>('/original/v1/associated_applet', {
        query: { ...q, pagesize: APPLET_PAGE_SIZE },
        signal,
      });
      return statusList<AppletList>(env);
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** original/v1 answers its lists at the envelope's top level; anything but status 200 is an ApiError. */
function statusList<T>(env: object): T {
  const e = env as { status?: number; msg?: string };
  if (e.status !== 200) throw new ApiError(e.msg || '请求失败', e.status);
  return env as T;
}

export function useSimilar(q: { mid: number; page: number; sort: number }, enabled: boolean) {
  return useQuery({
    queryKey: ['mp-similar', q],
    queryFn: ({ signal }) =>
      apiGet<SimilarList>('/search/v1/mp_similar', { ...q, num: SIMILAR_PAGE_SIZE }, signal),
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
