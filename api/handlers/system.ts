import { contract } from '../../contract';
import type { ApiDeps } from '../deps';
import { handle, type Mounted } from '../http/mount';
import { platformCounts } from '../queries/accounts';

/** system/v1: platform facts for the dashboard (demo flag, upstream, live totals). */
export function systemHandlers(deps: ApiDeps): Mounted[] {
  return [
    handle(contract.system.info, async () => ({
      demo: deps.demo,
      upstream: deps.demo ? ('simulator' as const) : ('wechat' as const),
      ...(await platformCounts(deps.store)),
    })),
  ];
}
