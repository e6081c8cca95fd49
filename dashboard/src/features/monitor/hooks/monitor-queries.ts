// react-query hooks of the monitoring, real-time monitor, back-collection and download pages (issue #9).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VideoAccount, VideoPost } from '../../../../../api/queries/video';
import type {
  CrawlArticle,
  CrawlArticleText,
  CrawlCancelled,
  CrawlList,
  CrawlOrder,
  CrawlPlaced,
  CrawlState,
  CrawlStorage,
  CrawlTitles,
} from '../../../../../contract/shapes/history-crawl';
import type {
  KeywordArticle as KeywordHit,
  MemberKeywordRow as MemberKeyword,
  VideoKeywordHit,
} from '../../../../../contract/shapes/keywords';
import type {
  FakeArticle,
  LinkCheck,
  MonitorAccount,
  MonitoredAccount,
  MonitorPost,
  MonitorTask,
  Paged,
  TaskKind,
  TaskState,
} from '../../../../../contract/shapes/monitor';
import { ApiError, apiGet, apiPostForm, readAccessToken, request } from '../../../api/client';
import type { HistoryArticleGroup } from '../../../api/types';

// Answer shapes: the contract's (contract/shapes), and the server's for the video calls not moved yet.
export type {
  CrawlArticle,
  CrawlArticleText,
  CrawlList,
  CrawlOrder,
  CrawlState,
  CrawlStorage,
  FakeArticle,
  LinkCheck,
  MonitorAccount,
  MonitoredAccount,
  MonitorPost,
  MonitorTask,
  Paged,
  TaskKind,
  TaskState,
  VideoAccount,
  VideoPost,
};

// ---------- monitor orders (monitor/v1) ----------

const TASK_LIST: Record<TaskKind, string> = {
  article: '/monitor/v1/history_task_list',
  next_post: '/monitor/v1/history_monitor_task_list',
};

/** A member's monitor tasks; polled while one of them still runs, so the states move on their own. */
export function useMonitorTasks(kind: TaskKind, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['monitor-tasks', kind, page],
    queryFn: ({ signal }) => apiGet<Paged<MonitorTask>>(TASK_LIST[kind], { page, pagesize: 10 }, signal),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.list.some((t) => t.state === 'waiting' || t.state === 'monitoring') ? 10_000 : false,
  });
}

export function useMonitoredAccounts(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['monitored-accounts', page],
    queryFn: ({ signal }) =>
      apiGet<Paged<MonitoredAccount>>('/monitor/v1/mpaccount_monitor_list', { page, pagesize: 10 }, signal),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useFakeList(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['fake-list', page],
    queryFn: ({ signal }) =>
      apiGet<Paged<FakeArticle>>('/monitor/v1/fake_list', { page, pagesize: 10 }, signal),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useCancelTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (t: { task_id: string; kind: TaskKind }) =>
      apiPostForm<{ task_id: string; refunded: number; remaining: number }>(
        t.kind === 'article' ? '/monitor/v1/operate_task' : '/monitor/v1/operate_monitor_task',
        { task_id: t.task_id, action: 'cancel' },
      ),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ['monitor-tasks'] });
      client.invalidateQueries({ queryKey: ['monitor-quota'] });
    },
  });
}

/** What an article link points at (the order form's preview); null input disables it. */
export function useVerifyLink(url: string | null) {
  return useQuery({
    queryKey: ['verify-link', url],
    queryFn: ({ signal }) => apiGet<LinkCheck>('/monitor/v1/verifyLink', { url }, signal),
    enabled: url !== null,
    retry: false,
  });
}

/** The account of a link (verifyMpAccountByLink) or of a mid (getMidInfo). */
export function useMonitorAccount(target: { url: string } | { mid: number } | null) {
  return useQuery({
    queryKey: ['monitor-account', target],
    queryFn: ({ signal }) =>
      target && 'url' in target
        ? apiGet<MonitorAccount>('/monitor/v1/verifyMpAccountByLink', { url: target.url }, signal)
        : apiGet<MonitorAccount>('/monitor/v1/getMidInfo', { mid: target?.mid }, signal),
    enabled: target !== null,
    retry: false,
  });
}

// ---------- back-collection (monitor/v1 history crawl) ----------

const live = (s: CrawlState) => s === 'queued' || s === 'running';

/** The member's back-collections; polled every 2 s while one is queued or running (the progress bars move). */
export function useCrawlList(q: { page: number; state: string; keyword: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['history-crawl-list', q],
    queryFn: ({ signal }) =>
      apiGet<CrawlList>(
        '/monitor/v1/history_crawl_list',
        { page: q.page, pagesize: 10, state: q.state, keyword: q.keyword || undefined },
        signal,
      ),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((o) => live(o.state)) ? 2_000 : false),
  });
}

export function useCreateCrawl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { mid?: number; url?: string; days: number; position: number }) =>
      apiPostForm<CrawlPlaced>('/monitor/v1/create_history_crawl', o),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ['history-crawl-list'] });
      client.invalidateQueries({ queryKey: ['history-crawl-quota'] });
    },
  });
}

export function useCancelCrawl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      apiPostForm<CrawlCancelled>('/monitor/v1/cancel_history_crawl', { request_id: requestId }),
    onSettled: () => client.invalidateQueries({ queryKey: ['history-crawl-list'] }),
  });
}

export function useCrawlStorage(requestId: string) {
  return useQuery({
    queryKey: ['new-data-storage', requestId],
    queryFn: ({ signal }) =>
      apiGet<CrawlStorage>('/monitor/v1/new_data_storage', { request_id: requestId }, signal),
    enabled: requestId !== '',
    retry: false,
    refetchInterval: (q) => (q.state.data && live(q.state.data.order.state) ? 2_000 : false),
  });
}

export function useCrawlTitles(requestId: string, page: number, kw: string) {
  return useQuery({
    queryKey: ['new-data-title', requestId, page, kw],
    queryFn: ({ signal }) =>
      apiGet<CrawlTitles>(
        '/monitor/v1/new_data_title',
        { request_id: requestId, page, pagesize: 20, kw: kw || undefined },
        signal,
      ),
    enabled: requestId !== '',
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useCrawlArticleText(requestId: string, aid: string | null) {
  return useQuery({
    queryKey: ['new-data-notice-content', requestId, aid],
    queryFn: ({ signal }) =>
      apiGet<CrawlArticleText>('/monitor/v1/new_data_notice_content', { request_id: requestId, aid }, signal),
    enabled: aid !== null,
    retry: false,
  });
}

// ---------- downloads ----------

export interface StatisticsProduct {
  name: string;
  summary: string;
  call: { method: string; path: string; params: { name: string; required: boolean; desc: string }[] };
  formats: { format: 'xlsx' | 'csv'; name: string }[];
  columns: string[];
  order: string;
  rows: string;
  levels: { vip_id: number; name: string; allowed: boolean; history_months: number }[];
  packages: { id: string; name: string; vip_id: number; months: number; price: string }[];
  custom: { text: string; path: string };
}

export function useStatisticsProduct() {
  return useQuery({
    queryKey: ['statistics-download'],
    queryFn: ({ signal }) => apiGet<StatisticsProduct>('/common/v1/statistics_download', undefined, signal),
    staleTime: 10 * 60_000,
  });
}

/** The URL of an account's history export (search/v1/export_history streams it). */
export function exportHref(q: { mid: number; format: 'xlsx' | 'csv'; start?: string; end?: string }): string {
  const p = new URLSearchParams({ mid: String(q.mid), format: q.format });
  if (q.start) p.set('start_time', q.start);
  if (q.end) p.set('end_time', q.end);
  return `/fbmain/search/v1/export_history?${p}`;
}

/** The file name of a download answer (RFC 5987 filename* first). */
function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/**
 * Downloads an export: the token travels in the accessToken header (spec §7), so a plain link cannot carry it;
 * the file is fetched and saved from a blob. A refusal comes back as the JSON envelope and throws its message.
 */
export async function downloadExport(path: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { accessToken: readAccessToken() }, credentials: 'include' });
  } catch {
    throw new ApiError('下载失败，请检查网络后重试');
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = (await response.json().catch(() => null)) as {
      msg?: string;
      error_code?: number;
    } | null;
    throw new ApiError(envelope?.msg || '下载失败', envelope?.error_code ?? response.status);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), 'export.xlsx');
  const href = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the save before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

// ---------- real-time monitors ----------

/** An account's newest posts with their latest counters, re-read every `everyMs` while the page is open. */
export function useLivePosts(mid: number | null, everyMs: number) {
  return useQuery({
    queryKey: ['live-posts', mid],
    queryFn: ({ signal }) =>
      apiGet<{ article_list: HistoryArticleGroup[]; total: number }>(
        '/search/v1/detail_pubList',
        { mId: mid, page: 1, num: 20 },
        signal,
      ),
    enabled: mid !== null,
    refetchInterval: everyMs,
    refetchIntervalInBackground: false,
  });
}

export type { MemberKeyword };

export function useMemberKeywords(enabled: boolean) {
  return useQuery({
    queryKey: ['userkeyword'],
    queryFn: ({ signal }) => apiGet<MemberKeyword[]>('/search/v1/userkeyword', undefined, signal),
    enabled,
    retry: false,
  });
}

export function useAddKeyword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyword: string) => apiPostForm<{ id: number }>('/search/v1/userkeyword', { keyword }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ['userkeyword'] });
      client.invalidateQueries({ queryKey: ['keyword-hits'] });
      client.invalidateQueries({ queryKey: ['video-keyword-hits'] });
    },
  });
}

export function useDeleteKeyword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request('/search/v1/userkeyword', { method: 'DELETE', body: new URLSearchParams({ id: String(id) }) }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ['userkeyword'] });
      client.invalidateQueries({ queryKey: ['keyword-hits'] });
      client.invalidateQueries({ queryKey: ['video-keyword-hits'] });
    },
  });
}

export type { KeywordHit };

/** Articles matching the member's keywords (one, or all with ''), re-read every `everyMs`. */
export function useKeywordHits(keyword: string, page: number, everyMs: number, enabled: boolean) {
  return useQuery({
    queryKey: ['keyword-hits', keyword, page],
    queryFn: ({ signal }) =>
      apiGet<Paged<KeywordHit> & { keywords: string[] }>(
        '/search/v1/user_keyword_search',
        { keyword: keyword || undefined, page, pagesize: 10, days: 7 },
        signal,
      ),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: everyMs,
  });
}

export function useVideoAccount(mid: number | null, everyMs: number) {
  return useQuery({
    queryKey: ['video-account', mid],
    queryFn: ({ signal }) =>
      apiGet<{ account: VideoAccount }>('/search/v1/video_account_detail', { mid }, signal),
    enabled: mid !== null,
    retry: false,
    refetchInterval: everyMs,
  });
}

export function useVideoPosts(finderId: string | null, everyMs: number) {
  return useQuery({
    queryKey: ['video-posts', finderId],
    queryFn: ({ signal }) =>
      apiGet<{ finder_id: string; total: number; post_list: VideoPost[] }>(
        '/search/v1/video_post_list',
        { finder_id: finderId, orderby: 'pubtime', num: 20 },
        signal,
      ),
    enabled: finderId !== null,
    retry: false,
    refetchInterval: everyMs,
  });
}

export type { VideoKeywordHit };

/** Video posts whose description mentions the member's keywords (one, or all with ''), re-read every `everyMs`. */
export function useVideoKeywordHits(keyword: string, page: number, everyMs: number, enabled: boolean) {
  return useQuery({
    queryKey: ['video-keyword-hits', keyword, page],
    queryFn: ({ signal }) =>
      apiGet<Paged<VideoKeywordHit> & { keywords: string[] }>(
        '/search/v1/video_keyword_search',
        { keyword: keyword || undefined, page, pagesize: 10, days: 7 },
        signal,
      ),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: everyMs,
  });
}
