import { tierStaleness } from '../core/metrics';

/**
 * Spending a day's post-list requests by priority, shared by the running crawl (crawl-priorities.ts) and the
 * budget simulation (budget-scheduler.ts): each tier gets the poll interval that what is left of the day's budget
 * affords after the tiers above it, and each round sends only its share of what is left, so the budget lasts
 * until Beijing midnight.
 */

/** Scheduling tiers, highest priority first: paid monitor tasks, members' accounts, recently active, the rest. */
export const TIERS = ['monitor', 'member', 'active', 'rest'] as const;
export type Tier = (typeof TIERS)[number];

/** Default target freshness per tier (seconds between post-list polls of one account). */
export const DEFAULT_TARGETS: Record<Tier, number> = {
  monitor: 2 * 3600,
  member: 6 * 3600,
  active: 12 * 3600,
  rest: 24 * 3600,
};

export interface TierReport {
  tier: Tier;
  accounts: number;
  targetS: number;
  /** The poll interval today's budget affords this tier (null: none left for it). */
  plannedS: number | null;
  /** How far it falls behind its target (0: on target; null: not polled at all). */
  staleByS: number | null;
  /** Discovery latency of new posts found so far (seconds). */
  discovered: number;
  p50S: number | null;
  p95S: number | null;
}

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;
export const msToMidnight = (now: number) => DAY_MS - ((now + BEIJING_MS) % DAY_MS);

/** Each tier's poll interval (s) from the requests left today (null: no limit), tiers in priority order. */
export function planTiers(
  counts: Record<Tier, number>,
  left: number | null,
  now: number,
  targets: Record<Tier, number>,
): Record<Tier, number | null> {
  let perDay = left === null ? Number.POSITIVE_INFINITY : (left * DAY_MS) / msToMidnight(now);
  const planned = {} as Record<Tier, number | null>;
  for (const tier of TIERS) {
    const n = counts[tier];
    const need = (n * 86_400) / targets[tier];
    if (n === 0 || perDay >= need) {
      planned[tier] = targets[tier];
      perDay -= need;
    } else if (perDay > 0) {
      planned[tier] = (n * 86_400) / perDay;
      perDay = 0;
    } else planned[tier] = null;
    const p = planned[tier];
    tierStaleness.set({ tier }, p === null ? 86_400 : Math.max(0, p - targets[tier]));
  }
  return planned;
}

/** A round's share of the rest of the day; at least one while anything is left. */
export function roundAllowance(left: number | null, roundMs: number, now: number): number {
  if (left === null) return Number.POSITIVE_INFINITY;
  return Math.max(left > 0 ? 1 : 0, Math.floor((left * roundMs) / msToMidnight(now)));
}

/** Accounts whose tier interval has passed since their last poll: higher tiers first, then the most overdue. */
export function duePolls(
  accounts: Iterable<[string, { tier: Tier; lastPoll: number }]>,
  planned: Record<Tier, number | null>,
  now: number,
): { biz: string; tier: Tier; overdue: number }[] {
  const due: { biz: string; tier: Tier; overdue: number }[] = [];
  for (const [biz, a] of accounts) {
    const interval = planned[a.tier];
    if (interval === null) continue;
    const overdue = now - a.lastPoll - interval * 1000;
    if (overdue >= 0) due.push({ biz, tier: a.tier, overdue });
  }
  const rank = (t: Tier) => TIERS.indexOf(t);
  return due.sort((x, y) => rank(x.tier) - rank(y.tier) || y.overdue - x.overdue);
}

export const quantile = (xs: number[], q: number): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};

/** The per-tier report from the accounts' tiers, the plan and the discovery latencies seen. */
export function tierReport(
  tiersOf: Iterable<Tier>,
  planned: Partial<Record<Tier, number | null>>,
  targets: Record<Tier, number>,
  latencies: Map<Tier, number[]>,
): TierReport[] {
  const counts = new Map<Tier, number>();
  for (const t of tiersOf) counts.set(t, (counts.get(t) ?? 0) + 1);
  return TIERS.map((tier) => {
    const xs = latencies.get(tier) ?? [];
    const plannedS = planned[tier] ?? null;
    return {
      tier,
      accounts: counts.get(tier) ?? 0,
      targetS: targets[tier],
      plannedS: plannedS === null ? null : Math.round(plannedS),
      staleByS: plannedS === null ? null : Math.max(0, Math.round(plannedS - targets[tier])),
      discovered: xs.length,
      p50S: quantile(xs, 0.5),
      p95S: quantile(xs, 0.95),
    };
  });
}
