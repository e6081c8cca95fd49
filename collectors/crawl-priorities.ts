import type { Clock } from '../core/clock';
import { discoveryLatency, tierAccounts } from '../core/metrics';
import type { StoredTask } from './monitor-store';
import {
  DEFAULT_TARGETS,
  duePolls,
  msToMidnight,
  planTiers,
  roundAllowance,
  TIERS,
  type Tier,
  type TierReport,
  tierReport,
} from './tier-plan';

export interface CrawlPrioritiesOptions {
  /** Post-list requests the list chain can still send today (null: no limit). */
  capacity: () => Promise<number | null>;
  /** The accounts of live monitor tasks and those members need (account-tiers.ts). */
  tiers: () => Promise<{ monitor: Set<string>; member: Set<string> }>;
  /** Time between crawl rounds: each round spends its share of what is left of the day. */
  roundMs: number;
  clock: Clock;
  targets?: Partial<Record<Tier, number>>;
}

/**
 * Which accounts a crawl round polls when the day's requests are budgeted (credentials from PostgreSQL): the
 * paid monitor tier first, then members' accounts, then recently active ones, then the rest, each tier at the
 * interval the remaining budget affords (tier-plan.ts). Without a limit the crawler keeps its own rule (active
 * accounts every round, quiet ones every few). Discovery latency of new posts and each tier's staleness go to
 * /metrics and the admin's view.
 */
export class CrawlPriorities {
  private lastPoll = new Map<string, number>();
  private tierOf = new Map<string, Tier>();
  private planned: Partial<Record<Tier, number | null>> = {};
  private latencies = new Map<Tier, number[]>(TIERS.map((t) => [t, []]));
  private targets: Record<Tier, number>;

  constructor(private opts: CrawlPrioritiesOptions) {
    this.targets = { ...DEFAULT_TARGETS, ...opts.targets };
  }

  /**
   * This round's accounts out of `mine`, most needed first: an account is active when it posted since
   * `activeFrom` (unix s, from `lastPost`); one never polled is due at once.
   */
  async select(mine: string[], lastPost: Map<string, number>, activeFrom: number): Promise<string[]> {
    const now = this.opts.clock.now();
    const { monitor, member } = await this.opts.tiers();
    const counts: Record<Tier, number> = { monitor: 0, member: 0, active: 0, rest: 0 };
    const tierOf = new Map<string, Tier>();
    for (const biz of mine) {
      const tier: Tier = monitor.has(biz)
        ? 'monitor'
        : member.has(biz)
          ? 'member'
          : (lastPost.get(biz) ?? 0) >= activeFrom
            ? 'active'
            : 'rest';
      tierOf.set(biz, tier);
      counts[tier]++;
    }
    this.tierOf = tierOf;
    for (const t of TIERS) tierAccounts.set({ tier: t }, counts[t]);
    const left = await this.opts.capacity();
    const planned = planTiers(counts, left, now, this.targets);
    this.planned = planned;
    const due = duePolls(
      [...tierOf].map(([biz, tier]): [string, { tier: Tier; lastPoll: number }] => [
        biz,
        { tier, lastPoll: this.lastPoll.get(biz) ?? 0 },
      ]),
      planned,
      now,
    );
    return due.slice(0, roundAllowance(left, this.opts.roundMs, now)).map((d) => d.biz);
  }

  /** An account's post list was read; `newPostsS` are the publish times of posts it showed for the first time. */
  polled(biz: string, newPostsS: number[]): void {
    const now = this.opts.clock.now();
    this.lastPoll.set(biz, now);
    const tier = this.tierOf.get(biz) ?? 'rest';
    for (const t of newPostsS) {
      const latency = Math.max(0, Math.floor(now / 1000) - t);
      this.latencies.get(tier)?.push(latency);
      discoveryLatency.observe({ tier }, latency);
    }
    // Bounded memory: the latencies of the last few thousand discoveries per tier are enough for quantiles.
    const xs = this.latencies.get(tier);
    if (xs && xs.length > 5000) xs.splice(0, xs.length - 5000);
  }

  /** Per tier: accounts, target, the interval the budget affords, how stale, discovery latency so far. */
  report(): TierReport[] {
    return tierReport(this.tierOf.values(), this.planned, this.targets, this.latencies);
  }
}

/** Counter polls the live monitor tasks still need before Beijing midnight: what the list budget keeps for them. */
export function countsLeftToday(tasks: StoredTask[], now: number): number {
  const end = now + msToMidnight(now);
  let n = 0;
  for (const t of tasks) {
    if (t.state !== 'monitoring' && t.state !== 'waiting') continue;
    const until = Math.min(end, t.endMs ?? end);
    n += Math.max(0, Math.ceil((until - now) / (t.task.freq_min * 60_000)));
  }
  return n;
}
