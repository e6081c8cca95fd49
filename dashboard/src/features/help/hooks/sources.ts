// Calls of the admin's sources page (admin/v1/sources, source_chain, weread_login, weread_login_state).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../../../contract';
import type { SourcesAnswer } from '../../../../../contract/shapes/sources';
import { call } from '../../../api/call';
import { useSession } from '../../../auth/session';

export type { SourcesAnswer };

export function useSources(enabled: boolean) {
  const token = useSession()?.accessToken ?? '';
  return useQuery({
    queryKey: ['admin-sources', token],
    queryFn: ({ signal }) => call(contract.admin.sources, {}, { signal }),
    enabled: enabled && token !== '',
    // Budgets and tiers move with every request the collectors send.
    refetchInterval: 30_000,
    retry: false,
  });
}

export function useSetChain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: { capability: SourcesAnswer['chains'][number]['capability']; chain: string }) =>
      call(contract.admin.sourceChain, f),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin-sources'] }),
  });
}

export function useStartReadingLogin() {
  return useMutation({ mutationFn: () => call(contract.admin.wereadLogin, {}) });
}

/** A started QR login, looked at every 2 s until the admin's phone has scanned it and the account is in the pool. */
export function useReadingLoginState(uid: string | null, dailyBudget: number) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['weread-login', uid, dailyBudget],
    queryFn: async ({ signal }) => {
      const r = await call(
        contract.admin.wereadLoginState,
        { uid: uid as string, daily_budget: dailyBudget },
        { signal },
      );
      if (r.state === 'added') void qc.invalidateQueries({ queryKey: ['admin-sources'] });
      return r;
    },
    enabled: uid !== null,
    refetchInterval: (q) => (q.state.data?.state === 'added' ? false : 2000),
    retry: false,
  });
}

/** Demo only: the simulator scans the code as the admin's phone would. */
export function useDemoScan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (f: { uid: string; dailyBudget: number }) =>
      call(contract.admin.wereadLoginState, { uid: f.uid, daily_budget: f.dailyBudget, demo_scan: '1' }),
    onSuccess: (r, f) => {
      qc.setQueryData(['weread-login', f.uid, f.dailyBudget], r);
      void qc.invalidateQueries({ queryKey: ['admin-sources'] });
    },
  });
}
