// Calls of the service pages' demand form (account/v1 submit_demand) and the admins' demand list
// (demand_list, update_demand_status), typed by their contract entries (contract/shapes/demands.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '../../../../../contract';
import type { DemandService, DemandStatus } from '../../../../../contract/demand-services';
import type { DemandFields } from '../../../../../contract/shapes/demands';
import { call, callSaying } from '../../../api/call';
import { useSession } from '../../../auth/session';

export interface DemandListQuery {
  status: DemandStatus | '';
  service: DemandService | '';
  page: number;
}

export const DEMAND_PAGE_SIZE = 20;

/** Answers the server's success message; a refused form throws ApiError with the server's msg. */
export function useSubmitDemand() {
  return useMutation({
    mutationFn: async (f: DemandFields) => (await callSaying(contract.account.submitDemand, f)).msg,
  });
}

export function useDemandList(q: DemandListQuery, enabled: boolean) {
  const token = useSession()?.accessToken ?? '';
  return useQuery({
    queryKey: ['demand-list', token, q],
    queryFn: ({ signal }) =>
      call(
        contract.account.demandList,
        { status: q.status, service: q.service, page: q.page, num: DEMAND_PAGE_SIZE },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useUpdateDemandStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number; status: DemandStatus }) =>
      (await callSaying(contract.account.updateDemandStatus, v)).msg,
    onSuccess: () => client.invalidateQueries({ queryKey: ['demand-list'] }),
  });
}
