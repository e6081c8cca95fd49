// Calls of the help, notice, account and admin pages (api/routes/notices.ts, transfers.ts, bindings.ts,
// account-deletion.ts, admin-health.ts, admin.ts, invoices.ts), as react-query hooks keyed by the session token.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminHealth } from '../../../../api/routes/admin-health';
import type { TransferRow } from '../../../../members/transfers';
import { useMemberInfo } from '../../api/center-queries';
import { apiGet, formBody, type Params, requestSuccess } from '../../api/client';
import { useSession } from '../../auth/session';

const useToken = () => useSession()?.accessToken ?? '';

export interface Paged<T> {
  total: number;
  list: T[];
}

// ---------- notices ----------

export interface Notice {
  id: number;
  title: string;
  content?: string;
  summary: string;
  pinned: 0 | 1;
  published: 0 | 1;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export function useNoticeList(page: number, num = 10) {
  return useQuery({
    queryKey: ['notice-list', page, num],
    queryFn: ({ signal }) => apiGet<Paged<Notice>>('/main/v1/notice_list', { page, num }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNoticeDetail(id: number | null) {
  return useQuery({
    queryKey: ['notice-detail', id],
    queryFn: ({ signal }) => apiGet<Notice>('/main/v1/notice_detail', { id }, signal),
    enabled: id !== null,
    retry: false,
  });
}

// ---------- admin gate ----------

/** 'visitor' | 'member' | 'admin' | 'loading': admin pages call nothing admin-only until this says 'admin'. */
export function useAdminState(): 'visitor' | 'member' | 'admin' | 'loading' | 'error' {
  const session = useSession();
  const info = useMemberInfo();
  if (!session) return 'visitor';
  if (info.isPending) return 'loading';
  if (info.isError) return 'error';
  return info.data.is_admin === 1 ? 'admin' : 'member';
}

const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, fields: Params) =>
  requestSuccess<unknown>(path, { method, body: formBody(fields) });

export function useAdminNotices(enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: ['admin-notices', token],
    queryFn: ({ signal }) => apiGet<Paged<Notice>>('/admin/v1/notices', undefined, signal),
    enabled: enabled && token !== '',
    retry: false,
  });
}

/** Writes of /bianji; every success refreshes the admin list and the public list. */
export function useNoticeWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (w: { method: 'POST' | 'PUT' | 'DELETE'; fields: Params }) =>
      send(w.method, '/admin/v1/notices', w.fields),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['admin-notices'] });
      void qc.invalidateQueries({ queryKey: ['notice-list'] });
      void qc.invalidateQueries({ queryKey: ['notice-detail'] });
    },
  });
}

// ---------- account: bindings and deletion ----------

export async function unbind(provider: 'wechat' | 'qq'): Promise<string> {
  return (await send('POST', '/account/v1/unbind', { provider })).msg ?? '';
}

export interface DeletionCheck {
  blockers: string[];
  confirm_text: string;
}

export function useDeletionCheck() {
  const token = useToken();
  return useQuery({
    queryKey: ['deletion-check', token],
    queryFn: ({ signal }) => apiGet<DeletionCheck>('/user/v1/deletion_check', undefined, signal),
    enabled: token !== '',
    retry: false,
  });
}

export async function deleteAccount(f: { password: string; code: string; confirm_text: string }) {
  return (await send('POST', '/user/v1/delete_account', f)).msg ?? '';
}

// ---------- bank transfers ----------

export type Transfer = TransferRow;

export const TRANSFER_STATUS: Record<Transfer['status'], { label: string; color: string }> = {
  pending: { label: '待确认', color: 'gold' },
  confirmed: { label: '已到账', color: 'green' },
  rejected: { label: '已驳回', color: 'red' },
};

export interface TransferInfo {
  configured: 0 | 1;
  account_name: string;
  bank: string;
  account_no: string;
  transfers: Transfer[];
}

export function useTransferInfo() {
  const token = useToken();
  return useQuery({
    queryKey: ['transfer-info', token],
    queryFn: ({ signal }) => apiGet<TransferInfo>('/account/v1/transfer_info', undefined, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useSubmitTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: { out_trade_no: string; payer_name: string; reference: string; remark: string }) =>
      send('POST', '/account/v1/transfer_submit', f),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['transfer-info'] }),
  });
}

export function useAdminTransfers(enabled: boolean, status: string, page: number) {
  const token = useToken();
  return useQuery({
    queryKey: ['admin-transfers', token, status, page],
    queryFn: ({ signal }) =>
      apiGet<Paged<Transfer>>('/admin/v1/transfers', { status: status || undefined, page, num: 20 }, signal),
    enabled: enabled && token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useReviewTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: { id: number; action: 'confirm' | 'reject'; note: string }) =>
      send('POST', '/admin/v1/transfer_review', f),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin-transfers'] }),
  });
}

// ---------- admin: credentials, health, invoices ----------

export interface Credential {
  id: number;
  source: string;
  label: string;
  state: 'active' | 'cooling' | 'expired' | 'disabled';
  cooling_until: string | null;
  last_error: string;
  requests: number;
  failures: number;
  freq_limited: number;
  last_used_at: string | null;
  secret: Record<string, string>;
}

export function useCredentials(enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: ['admin-credentials', token],
    queryFn: ({ signal }) => apiGet<Paged<Credential>>('/admin/v1/credentials', undefined, signal),
    enabled: enabled && token !== '',
    retry: false,
  });
}

export function useCredentialWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (w: { method: 'POST' | 'PUT'; fields: Params }) =>
      send(w.method, '/admin/v1/credentials', w.fields),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin-credentials'] }),
  });
}

export type Health = AdminHealth;

export function useHealth(enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: ['admin-health', token],
    queryFn: ({ signal }) => apiGet<Health>('/admin/v1/health', undefined, signal),
    enabled: enabled && token !== '',
    refetchInterval: 10_000,
    retry: false,
  });
}

export interface AdminInvoice {
  id: number;
  out_trade_no: string;
  subject: string;
  amount: string;
  status: 0 | 1 | 2;
  status_name: string;
  remark: string;
  title_snapshot: { title?: string; title_type?: number; tax_no?: string; email?: string } | null;
  user_phone?: string;
  created_at: string;
}

export function useAdminInvoices(enabled: boolean, status: string, page: number) {
  const token = useToken();
  return useQuery({
    queryKey: ['admin-invoices', token, status, page],
    queryFn: ({ signal }) =>
      apiGet<Paged<AdminInvoice>>(
        '/account/v1/admin_list_invoice_all',
        { status: status === '' ? undefined : status, page, num: 20 },
        signal,
      ),
    enabled: enabled && token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useInvoiceDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: { id: number; status: 1 | 2; remark: string }) =>
      send('POST', '/account/v1/update_invoice_status', f),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin-invoices'] }),
  });
}

// ---------- help centre ----------

export interface ListRules {
  burst: { text: string; min_read: number; min_ratio: number; max_fans: number };
  hot: { text: string; min_read: number };
}

/** The thresholds of 低粉爆文 and 今日热文 as this deployment sets them (main/v1/list_rules). */
export function useListRules() {
  return useQuery({
    queryKey: ['list-rules'],
    queryFn: ({ signal }) => apiGet<ListRules>('/main/v1/list_rules', undefined, signal),
    staleTime: 10 * 60_000,
  });
}
