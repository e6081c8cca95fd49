import PQueue from 'p-queue';
import type { Clock } from '../platform/clock';
import type { Logger } from '../platform/log';
import { upstreamErrors, upstreamRequests } from '../platform/metrics';
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
      const rate = this.opts.perCredential;
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

  private pick(): Credential | null {
    if (this.creds.length === 0) return null;
    const c = this.creds[this.next % this.creds.length] as Credential;
    this.next = (this.next + 1) % Math.max(1, this.creds.length);
    return c;
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
    this.usage.set(id, u);
  }

  /** Runs one upstream request with a usable credential's secret. */
  async run<T>(fn: (secret: Record<string, string>) => Promise<T>): Promise<T> {
    await this.refresh();
    // Each credential gets at most one go per request; a freq-limited or expired one is dropped.
    for (let tries = 0; tries < 1 + this.creds.length; tries++) {
      const cred = this.pick();
      if (!cred) break;
      try {
        const r = await this.queueOf(cred).add(() => this.opts.global.add(() => fn(cred.secret)));
        this.count(cred.id, false, false);
        upstreamRequests.inc({ source: this.opts.source, outcome: 'ok' });
        return r as T;
      } catch (e) {
        const kind = e instanceof UpstreamError ? e.kind : null;
        this.count(cred.id, true, kind === 'freq');
        countUpstreamError(this.opts.source, e);
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
