// Calls of the service pages' demand form (account/v1 submit_demand) and the admins' demand list
// (demand_list, update_demand_status). Field names are the backend's (api/routes/demands.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemandService, DemandStatus } from '../../../members/demand-services';
import { useSession } from '../auth/session';
import { apiGet, formBody, requestSuccess } from './client';

export interface DemandFields {
  name: string;
  phone: string;
  company: string;
  content: string;
  service: DemandService;
  source_path: string;
}

export interface DemandRow {
  id: number;
  user_id: number | null;
  name: string;
  phone: string;
  company: string;
  service: DemandService | '';
  service_name: string;
  content: string;
  source_path: string;
  status: DemandStatus;
  status_name: string;
  created_at: string;
  updated_at: string;
}

export interface DemandList {
  total: number;
  counts: Record<DemandStatus, number>;
  list: DemandRow[];
}

export interface DemandListQuery {
  status: DemandStatus | '';
  service: DemandService | '';
  page: number;
}

export const DEMAND_PAGE_SIZE = 20;
const A = '/account/v1';

/** Answers the server's success message; a refused form throws ApiError with the server's msg. */
export function useSubmitDemand() {
  return useMutation({
    mutationFn: async (f: DemandFields) =>
      (await requestSuccess<never>(`${A}/submit_demand`, { method: 'POST', body: formBody({ ...f }) })).msg,
  });
}

export function useDemandList(q: DemandListQuery, enabled: boolean) {
  const token = useSession()?.accessToken ?? '';
  return useQuery({
    queryKey: ['demand-list', token, q],
    queryFn: ({ signal }) =>
      apiGet<DemandList>(
        `${A}/demand_list`,
        { status: q.status, service: q.service, page: q.page, num: DEMAND_PAGE_SIZE },
        signal,
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
      (
        await requestSuccess<never>(`${A}/update_demand_status`, {
          method: 'POST',
          body: formBody({ id: v.id, status: v.status }),
        })
      ).msg,
    onSuccess: () => client.invalidateQueries({ queryKey: ['demand-list'] }),
  });
}
