import { contract } from '../../contract';
import {
  DEMAND_SERVICES,
  DEMAND_STATUS_KEYS,
  DEMAND_STATUSES,
  DemandMessages,
  type DemandStatus,
} from '../../contract/demand-services';
import { firstMessage } from '../../contract/member-fields';
import { M, MemberCodes } from '../../contract/member-texts';
import { addDemand, listDemands, setDemandStatus } from '../../members/demands';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted, said } from '../http/mount';
import { memberOf } from '../member-session';
import { publicWriteLimit } from '../throttle';
import { memberForm } from './orders';

const { account } = contract;

/**
 * Demands from the service pages (spec §7 "submit_demand"): visitors and members send them; admins list them and
 * move them through new → contacting → done (/fbmain/account/v1).
 */
export function demandHandlers(deps: ApiDeps): Mounted[] {
  const db = deps.members.db;
  return [
    handle(
      account.submitDemand,
      async (f, c) => {
        const limited = await publicWriteLimit(c, deps, 'submit_demand');
        if (limited) return limited;
        await addDemand(db, memberOf(c)?.id ?? null, f);
        return said(M.PROFILE_OK);
      },
      // The public form answers in the member forms' own code (spec §5).
      { invalid: (c, e) => fail(c, 400, MemberCodes.FORM_INVALID, firstMessage(e)) },
    ),

    handle(
      account.demandList,
      async (q) => {
        const { total, rows, counts } = await listDemands(db, q);
        const byStatus = Object.fromEntries(DEMAND_STATUS_KEYS.map((s) => [s, 0])) as Record<
          DemandStatus,
          number
        >;
        for (const r of counts) byStatus[r.status] = r.n;
        return {
          total,
          counts: byStatus,
          list: rows.map((r) => ({
            ...r,
            id: Number(r.id),
            user_id: r.user_id === null ? null : Number(r.user_id),
            service_name: r.service === '' ? '' : (DEMAND_SERVICES[r.service] ?? ''),
            status_name: DEMAND_STATUSES[r.status],
          })),
        };
      },
      memberForm,
    ),

    handle(
      account.updateDemandStatus,
      async (f, c) =>
        (await setDemandStatus(db, f.id, f.status))
          ? said(M.UPDATED)
          : fail(c, 404, Codes.NOT_FOUND, DemandMessages.NOT_FOUND),
      memberForm,
    ),
  ];
}
