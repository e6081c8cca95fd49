import { account } from './calls/account';
import { admin } from './calls/admin';
import { api } from './calls/api';
import { common } from './calls/common';
import { follow } from './calls/follow';
import { main } from './calls/main';
import { monitor } from './calls/monitor';
import { monitorV3 } from './calls/monitor-v3';
import { original } from './calls/original';
import { pay } from './calls/pay';
import { rank } from './calls/rank';
import { search } from './calls/search';
import { system } from './calls/system';
import { tools } from './calls/tools';
import { user } from './calls/user';
import type { Declared } from './define';

/** Every /fbmain call, by area (the path's first segment) and name. The paid open API is api/open-api's. */
export const contract = {
  account,
  admin,
  api,
  common,
  follow,
  main,
  monitor,
  monitorV3,
  original,
  pay,
  rank,
  search,
  system,
  tools,
  user,
};

/** Every entry, in the contract's order. */
export const CALLS: Declared[] = Object.values(contract).flatMap((area) => Object.values(area) as Declared[]);
