import type { Bus } from '../bus/bus';
import type { Clock } from '../core/clock';
import type { Logger } from '../core/log';
import { discoveryLatency, tierAccounts } from '../core/metrics';
import { hash32 } from '../core/rng';
import { midOf } from '../core/wechat-ids';
import { UpstreamError } from './http';
import { articleMessage, snapshotMessage } from './messages-of';
import type { Source, SourceArticle } from './source';
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

export { DEFAULT_TARGETS, TIERS, type Tier, type TierReport } from './tier-plan';

/** A monitor task's counters poll: one article, every `freqMin` minutes. */
export interface CountsTask {
  taskId: string;
  article: Pick<SourceArticle, 'biz' | 'msgid' | 'idx' | 'sn'>;
  freqMin: number;
}

export interface BudgetSchedulerOptions {
  /** The chained source: post lists and counters. */
  source: Pick<Source, 'listPushes' | 'counts'>;
  /** Post-list requests the list chain can still send today (null: no limit). */
  capacity: () => Promise<number | null>;
  clock: Clock;
  log: Logger;
  bus?: Bus | null;
  targets?: Partial<Record<Tier, number>>;
  /** How often tick() runs, ms: one tick's share of the day's budget goes out per tick. */
  tickMs: number;
}

/**
 * Spends each day's requests by priority. Monitor tasks' counter polls go first, at their frequency; then post
 * lists, tier by tier: each tier gets the poll interval the day's remaining budget affords after the tiers above
 * it, and each tick sends only its share of what is left of the day (so the budget lasts until midnight). The
 * budgets themselves are enforced below it (the credential pools take every unit from PostgreSQL first); when a
 * chain answers 'budget' the tick stops. It measures new-post discovery latency per tier (/metrics) and says which
 * tiers are stale and by how much, rather than silently falling behind.
 */
export class BudgetScheduler {
  private accounts = new Map<string, { tier: Tier; lastPoll: number; newest: number }>();
  private tasks = new Map<string, CountsTask & { nextAt: number }>();
  private latencies = new Map<Tier, number[]>(TIERS.map((t) => [t, []]));
  private planned: Partial<Record<Tier, number | null>> = {};
  readonly stats = {
    listPolls: 0,
    countPolls: 0,
    countsOnTime: 0,
    countsLate: 0,
    countsMissed: 0,
    budgetStops: 0,
    errors: 0,
  };
  private targets: Record<Tier, number>;

  constructor(private opts: BudgetSchedulerOptions) {
    this.targets = { ...DEFAULT_TARGETS, ...opts.targets };
  }

  /** Sets the accounts and their tiers; `newestS` is the newest post already known (discovery counts after it). */
  setAccounts(list: { biz: string; tier: Tier; newestS?: number }[]): void {
    const now = this.opts.clock.now();
    const next = new Map<string, { tier: Tier; lastPoll: number; newest: number }>();
    for (const a of list) {
      const old = this.accounts.get(a.biz);
      // First polls are spread over the tier's interval, not all sent in the first tick.
      const phase = (hash32(3, a.biz) % 1000) / 1000;
      next.set(a.biz, {
        tier: a.tier,
        lastPoll: old?.lastPoll ?? now - phase * this.targets[a.tier] * 1000,
        newest: old?.newest ?? a.newestS ?? Math.floor(now / 1000),
      });
    }
    this.accounts = next;
    for (const t of TIERS) tierAccounts.set({ tier: t }, list.filter((a) => a.tier === t).length);
  }

  setTasks(tasks: CountsTask[]): void {
    const now = this.opts.clock.now();
    this.tasks = new Map(
      tasks.map((t) => [t.taskId, { ...t, nextAt: this.tasks.get(t.taskId)?.nextAt ?? now }]),
    );
  }

  /** Counter polls the monitor tasks still need before Beijing midnight (what the budget must keep for them). */
  countsLeftToday(): number {
    const now = this.opts.clock.now();
    const end = now + msToMidnight(now);
    let n = 0;
    for (const t of this.tasks.values()) n += Math.max(0, Math.ceil((end - t.nextAt) / (t.freqMin * 60_000)));
    return n;
  }

  /** One tick: due monitor polls, then this tick's share of post-list polls by tier. */
  async tick(): Promise<void> {
    await this.pollCounts();
    await this.pollLists();
  }

  private async pollCounts(): Promise<void> {
    const now = this.opts.clock.now();
    for (const t of this.tasks.values()) {
      if (t.nextAt > now) continue;
      try {
        const c = await this.opts.source.counts(t.article);
        this.stats.countPolls++;
        if (now - t.nextAt <= this.opts.tickMs) this.stats.countsOnTime++;
        else this.stats.countsLate++;
        if (this.opts.bus)
          await this.opts.bus.publish('snapshots', [
            {
              key: String(midOf(t.article.biz)),
              value: { ...snapshotMessage(t.article, c, now), task_id: t.taskId },
            },
          ]);
      } catch (e) {
        this.stats.countsMissed++;
        this.opts.log.warn({ task: t.taskId, err: (e as Error).message }, 'monitor counters not polled');
      }
      t.nextAt += t.freqMin * 60_000;
      if (t.nextAt <= now) t.nextAt = now + t.freqMin * 60_000;
    }
  }

  private async pollLists(): Promise<void> {
    const now = this.opts.clock.now();
    const left = await this.opts.capacity();
    const counts = { monitor: 0, member: 0, active: 0, rest: 0 };
    for (const a of this.accounts.values()) counts[a.tier]++;
    const planned = planTiers(counts, left, now, this.targets);
    this.planned = planned;
    let allowance = roundAllowance(left, this.opts.tickMs, now);
    const due = duePolls(this.accounts, planned, now);
    for (const d of due) {
      if (allowance <= 0) break;
      allowance--;
      const a = this.accounts.get(d.biz);
      if (!a) continue;
      try {
        const page = await this.opts.source.listPushes(d.biz, 0, 5);
        this.stats.listPolls++;
        a.lastPoll = now;
        const fresh = page.pushes.flatMap((p) => p.articles).filter((x) => x.createTime > a.newest);
        for (const x of fresh) {
          const latency = Math.max(0, Math.floor(now / 1000) - x.createTime);
          this.latencies.get(d.tier)?.push(latency);
          discoveryLatency.observe({ tier: d.tier }, latency);
        }
        if (fresh.length > 0) {
          a.newest = Math.max(...fresh.map((x) => x.createTime));
          if (this.opts.bus)
            await this.opts.bus.publish(
              'articles',
              fresh.map((x) => ({ key: String(midOf(x.biz)), value: articleMessage(x, now) })),
            );
        }
      } catch (e) {
        if (e instanceof UpstreamError && (e.kind === 'budget' || e.kind === 'no_credential')) {
          // Every source of the chain is spent (or has nobody to send with): nothing more this tick.
          this.stats.budgetStops++;
          break;
        }
        this.stats.errors++;
        a.lastPoll = now;
        this.opts.log.warn({ biz: d.biz, err: (e as Error).message }, 'post list not polled');
      }
    }
  }

  /** Per tier: accounts, target, the interval the budget affords, how stale, and discovery latency so far. */
  report(): TierReport[] {
    return tierReport(
      [...this.accounts.values()].map((a) => a.tier),
      this.planned,
      this.targets,
      this.latencies,
    );
  }
}
