import type { Clock } from '../core/clock';
import type { Config } from '../core/config';
import type { Logger } from '../core/log';
import {
  CAPABILITIES,
  type Capability,
  type Chains,
  DEMO_CHAINS,
  parseChains,
  REAL_CHAINS,
  SOURCE_NAMES,
} from '../core/source-chains';
import type { BudgetLedger } from './budget-ledger';
import type { CredentialPool } from './credential-pool';
import type { CredentialStore } from './credentials';
import { MpSource, type MpSourceOptions, type PoolSettings, upstreamPools } from './mp-source';
import { PaidSource } from './paid-source';
import { type ChainSource, type PgSourceChainStore, SourceChain } from './source-chain';
import { WereadSource } from './weread-source';

export interface WiredSources {
  chain: SourceChain;
  mp: MpSource;
  pools: ReturnType<typeof upstreamPools>;
  /** Post-list requests the list chain's pools can still send today (null: unlimited), less `reserve` of shared pools. */
  listCapacity(reserve?: number): Promise<number | null>;
}

/** Pools, sources and their chains over one upstream (the simulator or WeChat and a provider). */
export function wireSources(opts: {
  /** The WeChat upstream (mp.weixin.qq.com, or the simulator, which serves every upstream's paths). */
  upstream: string;
  /** WeChat Reading (weread.qq.com) and the paid provider; default: `upstream`. */
  wereadUpstream?: string;
  paidUpstream?: string;
  store: CredentialStore;
  ledger: BudgetLedger | null;
  egressBudgets?: Record<string, number>;
  chains: Chains;
  clock: Clock;
  log: Logger;
  concurrency?: number;
  cooldownMs?: number;
  timeoutMs?: number;
  perCredential?: PoolSettings['perCredential'];
  /** The back office's list API and where counters come from (UPSTREAM_LIST_API, UPSTREAM_COUNTS). */
  mp?: Pick<MpSourceOptions, 'listApi' | 'countsVia'>;
}): WiredSources {
  const pools = upstreamPools({
    store: opts.store,
    clock: opts.clock,
    log: opts.log,
    concurrency: opts.concurrency ?? 64,
    perCredential: opts.perCredential,
    cooldownMs: opts.cooldownMs,
    ledger: opts.ledger,
    egressBudgets: opts.egressBudgets,
  });
  const http = { timeoutMs: opts.timeoutMs ?? 15_000 };
  const mp = new MpSource(opts.upstream, {
    ...opts.mp,
    mp: pools.mp,
    client: pools.client,
    finder: pools.finder,
    http,
  });
  const weread = new WereadSource(opts.wereadUpstream ?? opts.upstream, pools.weread, http, {
    store: opts.store,
  });
  const paid = new PaidSource(opts.paidUpstream ?? opts.upstream, pools.paid, http);
  const sources: ChainSource[] = [
    {
      name: 'mp',
      search: (q) => mp.searchAccounts(q),
      lists: (b, x, n) => mp.listPushes(b, x, n),
      pages: (u) => mp.article(u),
      videos: (u, p, n) => mp.videoPosts(u, p, n),
    },
    { name: 'client', counts: (a) => mp.counts(a) },
    { name: 'weread', lists: (b, x, n) => weread.listPushes(b, x, n) },
    {
      name: 'paid',
      lists: (b, x, n) => paid.listPushes(b, x, n),
      counts: (a) => paid.counts(a),
      pages: (u) => paid.article(u),
    },
  ];
  const chain = new SourceChain(mp, sources, opts.chains);
  const poolOf: Record<string, CredentialPool> = { mp: pools.mp, weread: pools.weread, paid: pools.paid };
  return {
    chain,
    mp,
    pools,
    async listCapacity(reserve = 0) {
      let total = 0;
      for (const name of chain.current().lists) {
        const pool = poolOf[name];
        if (!pool) continue;
        const left = await pool.capacityLeft();
        if (left === null) return null;
        // The paid key also serves counters: what monitor tasks still need is kept for them.
        total += name === 'paid' ? Math.max(0, left - reserve) : left;
      }
      return total;
    },
  };
}

/**
 * The chains a collector follows: the default (the demo's back office, or with real credentials the sources that
 * still work since the 2026 closure), then SOURCE_CHAINS, then what an admin set (table source_chains) over both.
 * UPSTREAM_LIST_API=weread (before chains existed) still means post lists from WeChat Reading.
 */
export async function chainsInForce(
  config: Pick<Config, 'UPSTREAM_CREDENTIALS' | 'UPSTREAM_LIST_API' | 'SOURCE_CHAINS'>,
  store: Pick<PgSourceChainStore, 'load'>,
): Promise<Chains> {
  let chains: Chains = config.UPSTREAM_CREDENTIALS === 'db' ? REAL_CHAINS : DEMO_CHAINS;
  if (config.UPSTREAM_LIST_API === 'weread') chains = { ...chains, lists: ['weread'] };
  if (config.SOURCE_CHAINS) chains = parseChains(config.SOURCE_CHAINS, chains);
  // A chain the table holds that names no known source (an older version's, a hand edit) is passed over, not fatal.
  const set = Object.entries(await store.load()).filter(
    ([cap, names]) =>
      CAPABILITIES.includes(cap as Capability) &&
      Array.isArray(names) &&
      names.length > 0 &&
      names.every((n) => (SOURCE_NAMES as readonly string[]).includes(n)),
  );
  return { ...chains, ...Object.fromEntries(set) };
}
