// Calls of the help, notice, account and admin pages (api/routes/notices.ts, transfers.ts, bindings.ts,
// account-deletion.ts, admin-health.ts, admin.ts, invoices.ts), as react-query hooks keyed by the session token.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../../../contract';
import type { AdminHealth, MaskedCredential } from '../../../../../contract/shapes/admin';
import type { ListRules } from '../../../../../contract/shapes/lists';
import type { Notice } from '../../../../../contract/shapes/notices';
import type { TransferRow } from '../../../../../contract/shapes/transfers';
import { call, callSaying } from '../../../api/call';
import { apiGet, formBody, type Params, requestSuccess } from '../../../api/client';
import { useSession } from '../../../auth/session';
import { useMemberInfo } from '../../center';

const useToken = () => useSession()?.accessToken ?? '';

export interface Paged<T> {
  total: number;
  list: T[];
}

// ---------- notices ----------

export type { Notice };

export function useNoticeList(page: number, num = 10) {
  return useQuery({
    queryKey: ['notice-list', page, num],
    queryFn: ({ signal }) => call(contract.main.noticeList, { page, num }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNoticeDetail(id: number | null) {
  return useQuery({
    queryKey: ['notice-detail', id],
    queryFn: ({ signal }) => call(contract.main.noticeDetail, { id: id ?? 0 }, { signal }),
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

export function useDeletionCheck() {
  const token = useToken();
  return useQuery({
    queryKey: ['deletion-check', token],
    queryFn: ({ signal }) => call(contract.user.deletionCheck, {}, { signal }),
    enabled: token !== '',
    retry: false,
  });
}

export async function deleteAccount(f: { password: string; code: string; confirm_text: string }) {
  return (await callSaying(contract.user.deleteAccount, f)).msg;
}

// ---------- bank transfers ----------

export type Transfer = TransferRow;

export const TRANSFER_STATUS: Record<Transfer['status'], { label: string; color: string }> = {
  pending: { label: '待确认', color: 'gold' },
  confirmed: { label: '已到账', color: 'green' },
  rejected: { label: '已驳回', color: 'red' },
};

export function useTransferInfo() {
  const token = useToken();
  return useQuery({
    queryKey: ['transfer-info', token],
    queryFn: ({ signal }) => call(contract.account.transferInfo, {}, { signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useSubmitTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: { out_trade_no: string; payer_name: string; reference: string; remark: string }) =>
      send('POST', contract.account.transferSubmit.path, f),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['transfer-info'] }),
  });
}

export function useAdminTransfers(enabled: boolean, status: string, page: number) {
  const token = useToken();
  return useQuery({
    queryKey: ['admin-transfers', token, status, page],
    queryFn: ({ signal }) =>
      // The status comes from the review list's fixed choices ('' for all).
      call(
        contract.admin.transfers,
        { status: (status || undefined) as Transfer['status'] | undefined, page, num: 20 },
        { signal },
      ),
    enabled: enabled && token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useReviewTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: { id: number; action: 'confirm' | 'reject'; note: string }) =>
      send('POST', contract.admin.transferReview.path, f),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin-transfers'] }),
  });
}

// ---------- admin: credentials, health, invoices ----------

export type Credential = MaskedCredential;

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

export function useAdminInvoices(enabled: boolean, status: string, page: number) {
  const token = useToken();
  return useQuery({
    queryKey: ['admin-invoices', token, status, page],
    queryFn: ({ signal }) =>
      call(
        contract.account.adminListInvoiceAll,
        { status: status === '' ? undefined : status, page, num: 20 },
        { signal },
      ),
    enabled: enabled && token !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useInvoiceDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (f: { id: number; status: 1 | 2; remark: string }) =>
      (await callSaying(contract.account.updateInvoiceStatus, f)).msg,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin-invoices'] }),
  });
}

// ---------- help centre ----------

export type { ListRules };

/** The thresholds of 低粉爆文 and 今日热文 as this deployment sets them (main/v1/list_rules). */
export function useListRules() {
  return useQuery({
    queryKey: ['list-rules'],
    queryFn: ({ signal }) => call(contract.main.listRules, {}, { signal }),
    staleTime: 10 * 60_000,
  });
}
