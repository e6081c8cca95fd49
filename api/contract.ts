/**
 * The contract table, derived from contract/ (every /fbmain call declared once): the §7 calls with the methods we
 * serve and their path under /fbmain (a path the spec leaves without a prefix is `placed` where its neighbours
 * live), and our own routes with what they are for. `npm run contract` prints it against the running app's routes
 * and the tests that call each path; api/contract.test.ts fails when a served /fbmain route is missing from it, or
 * a listed call that is served has no test.
 */

import { CALLS } from '../contract';
import { OPEN_ENDPOINTS } from './open-api/endpoints';

export interface ContractCall {
  group: string;
  /** The spec's name of the call. */
  name: string;
  methods: string[];
  /** Path under /fbmain. */
  path: string;
  /** The spec gives no prefix for it: this path is our placement. */
  placed?: boolean;
}

/** Routes we serve that are not §7 calls: provider callbacks, the sandbox cashier, platform tools, the open API. */
export const PLATFORM_ROUTES: { path: string; why: string }[] = [
  ...CALLS.filter((c) => c.origin === 'platform').map((c) => ({ path: c.path, why: c.summary })),
  { path: '/openapi/v1/openapi.json', why: '付费开放接口的 OpenAPI 3.1 文档' },
  ...OPEN_ENDPOINTS.map((e) => ({ path: `/openapi/v1${e.path}`, why: `付费开放接口：${e.summary}` })),
];

/** The §7 calls, one row per path (an entry split by method, like vip_info, is one call). */
export const CONTRACT: ContractCall[] = [
  ...new Map(
    CALLS.filter((c) => c.origin !== 'platform').map((c) => [
      c.path,
      {
        group: c.group,
        name: c.name,
        methods: CALLS.filter((d) => d.path === c.path).flatMap((d) => [...d.methods]),
        path: c.path,
        ...(c.origin === 'placed' ? { placed: true } : {}),
      },
    ]),
  ).values(),
];
