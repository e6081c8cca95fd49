// Calls of the member centre, membership, payment results, invoices and the API page (spec §7 Account, User,
// API), as react-query hooks keyed by the session token so another login never sees this member's data.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { API_PREFIX, ApiError, apiGet, formBody, readAccessToken, request, requestSuccess } from './client';

// ---------- shapes (api/routes/orders.ts, api-customer.ts, invoices.ts, user.ts) ----------

export interface PackageView {
  package_id: string;
  kind: 'vip' | 'api';
  name: string;
  price: string;
  price_fen: number;
  vip_id?: number;
  vip_name?: string;
  months?: number;
  calls?: number;
}

export interface LevelRights {
  vip_id: number;
  name: string;
  history_months: number;
  favorite_accounts: number;
  monitor_per_month: number;
  backfill_per_month: number;
  owner_info: 0 | 1;
  page_update: 0 | 1;
}

export interface VipInfo {
  vip_id: number;
  vip_name: string;
  vip_expire: string | null;
  history_months: number;
  levels: LevelRights[];
  packages: PackageView[];
}

export interface Quote extends PackageView {
  allowed: 0 | 1;
  reason: string;
}

export type OrderStatus = 'pending' | 'paid' | 'closed';

export interface OrderView {
  out_trade_no: string;
  kind: 'vip' | 'api';
  package_id: string;
  subject: string;
  total_amount: string;
  status: OrderStatus;
  paid: 0 | 1;
  created_at: string;
  paid_at: string | null;
}

export interface PayInfo extends OrderView {
  pay_url: string;
  img: string;
}

export interface Paged<T> {
  total: number;
  list: T[];
}

export interface MemberInfo {
  id: number;
  name: string;
  avatar: string;
  phone: string;
  vip_id: number;
  vip_name: string;
  vip_expire: string | null;
  is_admin: 0 | 1;
  api_balance: number;
  invite_code: string;
  wx_bound: 0 | 1;
  qq_bound: 0 | 1;
  profile: Record<string, string> | null;
  reg_time: string;
}

export interface InviteRecords {
  invite_code: string;
  total: number;
  list: { name: string; phone: string; vip_id: number; created_at: string }[];
}

export interface Remaining {
  remaining: number;
  api_balance: number;
  trial_quota: number;
}

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

export interface LedgerRow {
  id: number;
  kind: 'call' | 'refund' | 'recharge' | 'trial' | 'forfeit';
  endpoint: string;
  amount: number;
  balance_after: number;
  ref: string;
  created_at: string;
}

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  revoked: boolean;
}

export interface Address {
  id: number;
  receiver: string;
  phone: string;
  region: string;
  address: string;
  is_default: boolean;
  created_at: string;
}

export interface InvoiceTitle {
  id: number;
  title_type: 1 | 2;
  title: string;
  tax_no: string;
  email: string;
  created_at: string;
}

export interface InvoiceRequest {
  id: number;
  out_trade_no: string;
  subject: string;
  amount: string;
  status: 0 | 1 | 2;
  status_name: string;
  remark: string;
  title_snapshot: { title?: string; title_type?: number; tax_no?: string; email?: string } | null;
  address_id: number | null;
  created_at: string;
  updated_at: string;
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

export const isLoginNeeded = (error: unknown) =>
  error instanceof ApiError && (error.code === 40001 || error.code === 401);

/** The Chinese message of a failed call. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : '请求失败');

// ---------- membership and orders ----------

export function useVipInfo() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['vip-info', token],
    queryFn: ({ signal }) => apiGet<VipInfo>(`${ACCOUNT}/vip_info`, undefined, signal),
  });
}

export function useMemberInfo() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['center-user-info', token],
    queryFn: ({ signal }) => apiGet<MemberInfo>('/user/v1/user_info', undefined, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function quote(packageId: string): Promise<Quote> {
  return request<Quote>(`${ACCOUNT}/vip_info`, { method: 'POST', body: formBody({ package_id: packageId }) });
}

/** Creates an order (vip or api package) and answers its cashier link. */
export async function createOrder(packageId: string, kind: 'vip' | 'api'): Promise<PayInfo> {
  const path = kind === 'api' ? `${API}/api_create_order` : `${ACCOUNT}/create_order`;
  return (await postForm<PayInfo>(path, { package_id: packageId })).data as PayInfo;
}

export function useOrders(kind: 'vip' | 'api' | '', page: number, num = 10) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['orders', token, kind, page, num],
    queryFn: ({ signal }) =>
      apiGet<Paged<OrderView>>(`${ACCOUNT}/list_user_order`, { kind: kind || undefined, page, num }, signal),
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
    queryFn: ({ signal }) => apiGet<PayInfo>(`${ACCOUNT}/pay_info`, { out_trade_no: outTradeNo }, signal),
    enabled: token !== '' && outTradeNo !== '',
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
  });
}

export function useInviteRecords(page: number) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['invite-record', token, page],
    queryFn: ({ signal }) => apiGet<InviteRecords>('/user/v1/invite_record', { page, num: 10 }, signal),
    enabled: token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRedeemInvites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await postForm<{ vip_name: string }>('/main/v1/invite_to_vip', {})).msg ?? '',
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
    queryFn: ({ signal }) => apiGet<Remaining>(`${ACCOUNT}/user_remaining_amount`, undefined, signal),
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
      apiGet<Paged<OrderView>>(`${API}/api_recharge_record`, { page, num: 10 }, signal),
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
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new ApiError(body?.msg || '导出失败', res.status);
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
    queryFn: ({ signal }) =>
      apiGet<{ id: number; name: string }[]>(`${ACCOUNT}/region_list_all`, undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAddresses() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['invoice-addresses', token],
    queryFn: ({ signal }) => apiGet<Address[]>(`${ACCOUNT}/invoice_address_list`, undefined, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useTitles() {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['invoice-titles', token],
    queryFn: ({ signal }) => apiGet<InvoiceTitle[]>(`${ACCOUNT}/invoice_list`, undefined, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useInvoiceRequests(page: number, num = 10) {
  const token = useTokenKey();
  return useQuery({
    queryKey: ['invoice-requests', token, page, num],
    queryFn: ({ signal }) =>
      apiGet<Paged<InvoiceRequest>>(`${ACCOUNT}/invoice_order_list`, { page, num }, signal),
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
