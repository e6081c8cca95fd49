// Calls of the member centre, membership, payment results, invoices and the API page (spec §7 Account, User,
// API), as react-query hooks keyed by the session token so another login never sees this member's data.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../../../contract';
import type { InviteRedemption } from '../../../../../contract/shapes/invites';
import type { LedgerRow, OrderView, PackageView } from '../../../../../contract/shapes/orders';
import { call } from '../../../api/call';
import { API_PREFIX, ApiError, apiGet, formBody, readAccessToken, requestSuccess } from '../../../api/client';
import { useSession } from '../../../auth/session';

// ---------- shapes (contract/shapes/orders.ts and invoices.ts; the API page's are still restated here) ----------

export interface ApiPricing {
  packages: PackageView[];
  costs: Record<string, number>;
  endpoints: { name: string; method: string; path: string; summary: string; cost_note: string }[];
  docs: string;
  openapi: string;
  trial_quota_note: string;
}

export interface ApiUsage {
  balance: number;
  trial_quota: number;
  total_calls: number;
  daily: { day: string; endpoint: string; calls: number; cost: number }[];
}

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  revoked: boolean;
}

export interface MonitorTask {
  task_id: string;
  position: number;
  title: string;
  url: string;
  pubtime: string;
  day: number;
  freq: number;
  cost: number;
  refunded: number;
  state: string;
  state_label: string;
  status: 0 | 1 | null;
  postlink: string;
  created: string;
  position_label: string;
  mid: number;
}

export interface MonitorPage {
  list: MonitorTask[];
  total: number;
  page: number;
  pagesize: number;
}

export interface Quota {
  month: string;
  allowance: number;
  used: number;
  remaining: number;
}

export interface CrawlTask {
  request_id: string;
  mid: number;
  name: string;
  days: number;
  position_label: string;
  start_time: string;
  end_time: string;
  cost: number;
  state: string;
  state_label: string;
  percent: number;
  articles: number;
  created: string;
}

export interface CrawlPage {
  list: CrawlTask[];
  total: number;
  quota: Quota;
}

// ---------- helpers ----------

const ACCOUNT = '/account/v1';
const API = '/api/v1';

/** The member's key prefix for every query, so logging in as someone else refetches everything. */
function useTokenKey(): string {
  return useSession()?.accessToken ?? '';
}

function useLoggedIn(): boolean {
  return useSession() !== null;
}

const postForm = <T>(path: string, fields: Record<string, string | number | undefined>) =>
  requestSuccess<T>(path, { method: 'POST', body: formBody(fields) });

// ---------- membership and orders ----------

export function useVipInfo() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['vip-info', token],
    queryFn: ({ signal }) => call(contract.account.vipInfo, {}, { signal }),
  });
}

export function useMemberInfo() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['center-user-info', token],
    queryFn: ({ signal }) => call(contract.user.userInfo, {}, { signal }),
    enabled: token !== '',
    retry: false,
  });
}

export const quote = (packageId: string) => call(contract.account.vipInfoPost, { package_id: packageId });

/** Creates an order (vip or api package) and answers its cashier link. */
export const createOrder = (packageId: string, kind: 'vip' | 'api') =>
  call(kind === 'api' ? contract.api.apiCreateOrder : contract.account.createOrder, {
    package_id: packageId,
  });

export function useOrders(kind: 'vip' | 'api' | '', page: number, num = 10) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['orders', token, kind, page, num],
    queryFn: ({ signal }) =>
      call(contract.account.listUserOrder, { kind: kind || undefined, page, num }, { signal }),
    enabled: token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** An order's pay info; polled while it is still pending (Alipay's notification may come after the return). */
export function usePayInfo(outTradeNo: string) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['pay-info', token, outTradeNo],
    queryFn: ({ signal }) => call(contract.account.payInfo, { out_trade_no: outTradeNo }, { signal }),
    enabled: token !== '' && outTradeNo !== '',
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
  });
}

export function useInviteRecords(page: number) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['invite-record', token, page],
    queryFn: ({ signal }) => call(contract.user.inviteRecord, { page, num: 10 }, { signal }),
    enabled: token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRedeemInvites() {
  const client = useQueryClient();
  return useMutation({
    // The success message names the days earned, so this reads the whole answer rather than call()'s data.
    mutationFn: async () => (await postForm<InviteRedemption>(contract.main.inviteToVip.path, {})).msg ?? '',
    onSuccess: () => client.invalidateQueries(),
  });
}

// ---------- monitoring and back-collection orders ----------

export function useMonitorTasks(kind: 'article' | 'next_post', page: number) {
  const token = useTokenKey();
  const path = kind === 'article' ? 'history_task_list' : 'history_monitor_task_list';
  return useQuery({
    queryKey: ['center-monitor', token, kind, page],
    queryFn: ({ signal }) => apiGet<MonitorPage>(`/monitor/v1/${path}`, { page, pagesize: 10 }, signal),
    enabled: token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useMonitorQuota() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['center-monitor-quota', token],
    queryFn: ({ signal }) => apiGet<Quota>('/monitor/v1/monitor_quota', undefined, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useCrawlTasks(page: number) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['center-crawl', token, page],
    queryFn: ({ signal }) =>
      apiGet<CrawlPage>('/monitor/v1/history_crawl_list', { page, pagesize: 10 }, signal),
    enabled: token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---------- API customers ----------

export function useApiPricing() {
  return useQuery({
    queryKey: ['api-pricing'],
    queryFn: ({ signal }) => apiGet<ApiPricing>(`${API}/api_pricing`, undefined, signal),
    staleTime: 10 * 60_000,
  });
}

export function useRemaining() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['api-remaining', token],
    queryFn: ({ signal }) => call(contract.account.userRemainingAmount, {}, { signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useApiUsage(days: number) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['api-usage', token, days],
    queryFn: ({ signal }) => apiGet<ApiUsage>(`${API}/api_usage`, { days }, signal),
    enabled: token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface RecordsQuery {
  page: number;
  start_time: string;
  end_time: string;
}

export function useApiRecords(q: RecordsQuery) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['api-records', token, q],
    queryFn: ({ signal }) =>
      apiGet<{ total: number; rows: LedgerRow[] }>(`${API}/api_records`, { ...q, num: 20 }, signal),
    enabled: token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRechargeRecords(page: number) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['api-recharge', token, page],
    queryFn: ({ signal }) =>
      apiGet<{ total: number; list: OrderView[] }>(`${API}/api_recharge_record`, { page, num: 10 }, signal),
    enabled: token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Downloads the consumption records export. It needs the accessToken header, so it is fetched here and
 * handed to the browser as a file rather than opened as a plain link.
 */
export async function downloadRecords(q: Omit<RecordsQuery, 'page'>, format: 'csv' | 'xlsx'): Promise<void> {
  const qs = new URLSearchParams({ ...q, format }).toString();
  const res = await fetch(`${API_PREFIX}${API}/export_api_records?${qs}`, {
    headers: { accessToken: readAccessToken() },
    credentials: 'include',
  });
  // A refusal is the JSON envelope (HTTP 200 with its code, docs/api.md), not a file.
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await res.json().catch(() => null)) as { msg?: string; error_code?: number } | null;
    throw new ApiError(body?.msg || '导出失败', body?.error_code ?? res.status);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = `API消费记录.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function useApiKeys() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['api-keys', token],
    queryFn: ({ signal }) => apiGet<ApiKeyRow[]>(`${API}/api_keys`, undefined, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useApiKeyActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['api-keys'] });
  const create = useMutation({
    mutationFn: async (name: string) =>
      (await postForm<ApiKeyRow & { key: string }>(`${API}/api_keys`, { name })).data as ApiKeyRow & {
        key: string;
      },
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: number) =>
      requestSuccess<null>(`${API}/api_keys`, { method: 'DELETE', body: formBody({ id }) }),
    onSuccess: refresh,
  });
  return { create, revoke };
}

// ---------- invoices ----------

export function useRegions() {
  return useQuery({
    queryKey: ['regions'],
    queryFn: ({ signal }) => call(contract.account.regionListAll, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAddresses() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['invoice-addresses', token],
    queryFn: ({ signal }) => call(contract.account.invoiceAddressList, {}, { signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useTitles() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['invoice-titles', token],
    queryFn: ({ signal }) => call(contract.account.invoiceList, {}, { signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useInvoiceRequests(page: number, num = 10) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['invoice-requests', token, page, num],
    queryFn: ({ signal }) => call(contract.account.invoiceOrderList, { page, num }, { signal }),
    enabled: token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

type Fields = Record<string, string | number | undefined>;

/** Invoice writes: each answers the server's message and refreshes the invoice lists. */
export function useInvoiceWrite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { path: string; fields: Fields }) =>
      (await postForm<unknown>(`${ACCOUNT}/${v.path}`, v.fields)).msg ?? '',
    onSuccess: () =>
      Promise.all(
        ['invoice-addresses', 'invoice-titles', 'invoice-requests', 'orders'].map((k) =>
          client.invalidateQueries({ queryKey: [k] }),
        ),
      ),
  });
}

export { useLoggedIn };
