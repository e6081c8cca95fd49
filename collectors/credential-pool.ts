import PQueue from 'p-queue';
import type { Clock } from '../core/clock';
import type { Logger } from '../core/log';
import { upstreamErrors, upstreamRequests } from '../core/metrics';
import { beijingDay } from '../core/periods';
import type { BudgetLedger, BudgetScope } from './budget-ledger';
import type { Credential, CredentialSource, CredentialStore, UsageDelta } from './credentials';
import { UpstreamError } from './http';

/** Counts one failed upstream call: by kind, and by the upstream's code (or HTTP status) when there is one. */
function countUpstreamError(source: string, e: unknown): void {
  const kind = e instanceof UpstreamError ? e.kind : 'bug';
  const code = e instanceof UpstreamError ? String(e.code ?? e.status ?? '') : '';
  upstreamRequests.inc({ source, outcome: kind });
  upstreamErrors.inc({ source, kind, code });
}

export interface RateLimit {
  /** Requests allowed per interval. */
  cap: number;
  intervalMs: number;
}

export interface PoolOptions {
  source: CredentialSource;
  store: CredentialStore;
  clock: Clock;
  log: Logger;
  /** Every request of every pool goes through this queue: the global concurrency and rate limit. */
  global: PQueue;
  /** Per-credential rate limit; null for none (the simulator). */
  perCredential?: RateLimit | null;
  /** Requests in flight per credential. */
  perCredentialConcurrency?: number;
  /** How long a credential rests after 200013 freq control. */
  cooldownMs?: number;
  /** How often the store is re-read for new or recovered credentials. */
  refreshMs?: number;
  /**
   * Daily budgets in PostgreSQL: with it, every request first takes a unit of its credential's daily budget and
   * of its egress IP's (egressBudgets), and a paid key's price from its monthly cap; none is sent beyond them.
   */
  ledger?: BudgetLedger | null;
  /**
   * Refusals (freq control) in one Beijing day after which a credential counts as banned and is retired: WeChat
   * Reading bans after bursts, while the back office's 200013 is a cooldown only (unset: never).
   */
  banAfterRefusals?: number;
  /** Requests per Beijing day per egress IP ('' the default egress, '*' every IP not listed); else no limit. */
  egressBudgets?: Record<string, number>;
}

/** A request's credential as the request sees it: its id (to renew a login) and its secret. */
export interface PoolCredential {
  id: number;
  label: string;
  secret: Record<string, string>;
}

/** A global p-queue: `concurrency` requests in flight, and at most `rate` per interval if given. */
export function globalQueue(concurrency: number, rate?: RateLimit | null): PQueue {
  return rate
    ? new PQueue({
        concurrency,
        intervalCap: rate.cap,
        interval: rate.intervalMs,
        carryoverIntervalCount: true,
      })
    : new PQueue({ concurrency });
}

/**
 * Spreads one source's requests over its credentials, each behind its own rate limit and all behind
 * the global queue. 200013 cools the credential down and the request moves to another; an expired
 * login retires the credential (said loudly in the log) and the request moves on; when none is left
 * the caller gets a 'no_credential' error instead of hammering the upstream.
 */
export class CredentialPool {
  private creds: Credential[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;
  private next = 0;
  private queues = new Map<number, PQueue>();
  private usage = new Map<number, UsageDelta>();
  private flushing: Promise<void> = Promise.resolve();
  private lastNoCredentialLog = Number.NEGATIVE_INFINITY;
  /** Credentials whose budget is spent, with the Beijing day it was spent on. */
  private spent = new Map<number, string>();

  constructor(private opts: PoolOptions) {}

  get source(): CredentialSource {
    return this.opts.source;
  }

  private async refresh(force = false): Promise<void> {
    const now = this.opts.clock.now();
    if (!force && now - this.loadedAt < (this.opts.refreshMs ?? 30_000) && this.creds.length > 0) return;
    if (!this.loading) {
      this.loading = this.opts.store
        .usable(this.opts.source, now)
        .then((c) => {
          this.creds = c;
          this.loadedAt = now;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    await this.loading;
  }

  private queueOf(c: Credential): PQueue {
    let q = this.queues.get(c.id);
    if (!q) {
      const rate = c.ratePerMin ? { cap: c.ratePerMin, intervalMs: 60_000 } : this.opts.perCredential;
      const concurrency = this.opts.perCredentialConcurrency ?? Number.POSITIVE_INFINITY;
      q = rate
        ? new PQueue({
            concurrency,
            intervalCap: rate.cap,
            interval: rate.intervalMs,
            carryoverIntervalCount: true,
          })
        : new PQueue({ concurrency });
      this.queues.set(c.id, q);
    }
    return q;
  }

  private pick(skip: Set<number>): Credential | null {
    const day = beijingDay(this.opts.clock.now());
    for (let i = 0; i < this.creds.length; i++) {
      const c = this.creds[this.next % this.creds.length] as Credential;
      this.next = (this.next + 1) % Math.max(1, this.creds.length);
      if (skip.has(c.id) || this.spent.get(c.id) === day) continue;
      return c;
    }
    return null;
  }

  /** An egress IP's daily budget: its own entry, else the one for every IP ('*'); undefined: no limit. */
  private egressCap(ip: string): number | undefined {
    return this.opts.egressBudgets?.[ip] ?? this.opts.egressBudgets?.['*'];
  }

  /** An IP's budget is per upstream (WeChat Reading counts its own requests per IP): keyed by source and IP. */
  private egressKey(ip: string): string {
    return `${this.opts.source}:${ip || 'default'}`;
  }

  /** The budgets one request of `c` spends from. */
  private scopesOf(c: Credential): BudgetScope[] {
    const out: BudgetScope[] = [];
    if (c.dailyBudget !== null) out.push({ scope: 'credential', key: String(c.id), cap: c.dailyBudget });
    const ip = this.egressCap(c.egress);
    if (ip !== undefined) out.push({ scope: 'egress', key: this.egressKey(c.egress), cap: ip });
    return out;
  }

  /** Takes the request's units (budgets, a paid call's price); false when any is spent. */
  private async take(c: Credential): Promise<boolean> {
    const ledger = this.opts.ledger;
    if (!ledger) return true;
    const now = this.opts.clock.now();
    if (!(await ledger.take(this.scopesOf(c), now))) return false;
    if (c.costFen > 0 && !(await ledger.charge(c.id, c.costFen, c.monthlyCapFen, now))) return false;
    return true;
  }

  /** Requests the usable credentials can still send today (null: no limit), for the scheduler. */
  async capacityLeft(): Promise<number | null> {
    await this.refresh();
    const ledger = this.opts.ledger;
    const now = this.opts.clock.now();
    let total = 0;
    const byEgress = new Map<string, number>();
    for (const c of this.creds) {
      if (c.dailyBudget === null && this.egressCap(c.egress) === undefined) return null;
      const left =
        c.dailyBudget === null
          ? Number.POSITIVE_INFINITY
          : Math.max(0, c.dailyBudget - (ledger ? await ledger.used('credential', String(c.id), now) : 0));
      byEgress.set(c.egress, (byEgress.get(c.egress) ?? 0) + left);
    }
    for (const [ip, left] of byEgress) {
      const cap = this.egressCap(ip);
      const ipLeft =
        cap === undefined
          ? left
          : Math.max(0, cap - (ledger ? await ledger.used('egress', this.egressKey(ip), now) : 0));
      total += Math.min(left, ipLeft);
    }
    return total;
  }

  /** Usable credentials right now (for reports). */
  async usableCount(): Promise<number> {
    await this.refresh();
    return this.creds.length;
  }

  private drop(id: number): void {
    this.creds = this.creds.filter((c) => c.id !== id);
  }

  private count(id: number, failed: boolean, freq: boolean): void {
    const u = this.usage.get(id) ?? { requests: 0, failures: 0, freqLimited: 0, lastUsedAt: 0 };
    u.requests++;
    if (failed) u.failures++;
    if (freq) u.freqLimited++;
    u.lastUsedAt = this.opts.clock.now();
    if (!failed) u.lastSuccessAt = u.lastUsedAt;
    this.usage.set(id, u);
  }

  /** Runs one upstream request with a usable credential's secret. */
  async run<T>(fn: (secret: Record<string, string>, cred: PoolCredential) => Promise<T>): Promise<T> {
    await this.refresh();
    const tried = new Set<number>();
    let budgetSpent = false;
    // Each credential gets at most one go per request; a freq-limited, expired, banned or spent one is dropped.
    for (let tries = 0; tries < 1 + this.creds.length; tries++) {
      const cred = this.pick(tried);
      if (!cred) break;
      tried.add(cred.id);
      if (cred.expiresAt !== null && cred.expiresAt <= this.opts.clock.now()) {
        this.drop(cred.id);
        await this.opts.store.markExpired(cred.id, 'expired (expires_at passed)');
        continue;
      }
      if (!(await this.take(cred))) {
        this.spent.set(cred.id, beijingDay(this.opts.clock.now()));
        budgetSpent = true;
        continue;
      }
      try {
        const r = await this.queueOf(cred).add(() =>
          this.opts.global.add(() =>
            fn(cred.secret, { id: cred.id, label: cred.label, secret: cred.secret }),
          ),
        );
        this.count(cred.id, false, false);
        upstreamRequests.inc({ source: this.opts.source, outcome: 'ok' });
        return r as T;
      } catch (caught) {
        let e = caught;
        const kind = e instanceof UpstreamError ? e.kind : null;
        this.count(cred.id, true, kind === 'freq');
        countUpstreamError(this.opts.source, e);
        if (cred.costFen > 0 && this.opts.ledger)
          await this.opts.ledger.failedCall(
            cred.id,
            cred.costFen,
            cred.chargesFailures,
            this.opts.clock.now(),
          );
        const banAfter = this.opts.banAfterRefusals;
        if (
          kind === 'freq' &&
          banAfter &&
          (await this.opts.store.refused(cred.id, this.opts.clock.now())) >= banAfter
        )
          e = new UpstreamError(`${(e as Error).message} (${banAfter} refusals today)`, 'banned');
        if (e instanceof UpstreamError && e.kind === 'banned') {
          this.drop(cred.id);
          await this.opts.store.ban(cred.id, e.message);
          this.opts.log.error(
            { source: this.opts.source, credential: cred.label, id: cred.id, reason: e.message },
            'upstream credential banned: retired, its share moves to the others',
          );
          continue;
        }
        if (kind === 'freq') {
          const until = this.opts.clock.now() + (this.opts.cooldownMs ?? 15 * 60_000);
          this.drop(cred.id);
          await this.opts.store.coolDown(cred.id, until, (e as Error).message);
          this.opts.log.warn(
            {
              source: this.opts.source,
              credential: cred.label,
              id: cred.id,
              until: new Date(until).toISOString(),
            },
            'upstream freq control (200013): credential cooling down',
          );
          continue;
        }
        if (kind === 'expired') {
          this.drop(cred.id);
          await this.opts.store.markExpired(cred.id, (e as Error).message);
          this.opts.log.error(
            { source: this.opts.source, credential: cred.label, id: cred.id, reason: (e as Error).message },
            'upstream credential expired (login invalid): replace it',
          );
          continue;
        }
        throw e;
      }
    }
    const now = this.opts.clock.now();
    const today = beijingDay(now);
    if (budgetSpent || this.creds.some((c) => this.spent.get(c.id) === today)) {
      const spent = new UpstreamError(`${this.opts.source}: today's budget is spent`, 'budget');
      countUpstreamError(this.opts.source, spent);
      throw spent;
    }
    if (now - this.lastNoCredentialLog > 60_000) {
      this.lastNoCredentialLog = now;
      this.opts.log.warn({ source: this.opts.source }, 'no usable upstream credential: requests wait');
    }
    const none = new UpstreamError(`no usable ${this.opts.source} credential`, 'no_credential');
    countUpstreamError(this.opts.source, none);
    throw none;
  }

  /** Writes the request counts gathered since the last flush to the store. */
  flush(): Promise<void> {
    const batch = [...this.usage.entries()];
    this.usage.clear();
    this.flushing = this.flushing.then(async () => {
      for (const [id, d] of batch) await this.opts.store.recordUsage(id, d);
    });
    return this.flushing;
  }
}
