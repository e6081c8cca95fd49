import type { Logger } from '../core/log';
import { publishedMessages } from '../core/metrics';
import type {
  BatchHandler,
  Bus,
  BusRecord,
  DeadLetter,
  Leadership,
  PublishRecord,
  SubscribeOptions,
  Subscription,
} from './bus';
import { type Topic, validateMessage } from './messages';

interface Group {
  name: string;
  /** Offset (absolute) of the next record this group has not yet committed. */
  committed: number;
  stopped: boolean;
  wake: (() => void) | null;
  loop: Promise<void>;
}

interface TopicLog {
  /** Absolute offset of records[0]; records below every group's commit are trimmed. */
  base: number;
  records: BusRecord<Topic>[];
  groups: Map<string, Group>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * In-process bus with Kafka's semantics where they matter: an ordered log per topic, consumer groups
 * with their own committed offsets, commit only after the handler succeeded, redelivery on failure,
 * dead letters for invalid messages, and backpressure on publishers when consumers fall behind.
 */
export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  private logs = new Map<Topic, TopicLog>();
  private dead: DeadLetter[] = [];
  private progressWaiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private log: Logger,
    private highWaterMark = 100_000,
  ) {}

  private topicLog(topic: Topic): TopicLog {
    let l = this.logs.get(topic);
    if (!l) {
      l = { base: 0, records: [], groups: new Map() };
      this.logs.set(topic, l);
    }
    return l;
  }

  async publish<T extends Topic>(topic: T, records: PublishRecord<T>[]): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    const l = this.topicLog(topic);
    // Backpressure: wait while the slowest group lags more than the high-water mark.
    while (l.groups.size > 0 && l.records.length > this.highWaterMark && !this.closed) {
      await this.waitForProgress();
    }
    for (const r of records) {
      const v = validateMessage(topic, r.value);
      if (!v.ok) {
        this.deadLetter(topic, r.key, r.value, v.reason);
        continue;
      }
      l.records.push({ key: r.key, value: v.value });
      publishedMessages.inc({ topic });
    }
    // A topic nobody consumes in this process keeps only its newest records, so memory stays bounded.
    if (l.groups.size === 0 && l.records.length > this.highWaterMark) {
      const drop = l.records.length - this.highWaterMark;
      l.records = l.records.slice(drop);
      l.base += drop;
    }
    for (const g of l.groups.values()) g.wake?.();
  }

  async subscribe<T extends Topic>(
    topic: T,
    group: string,
    handler: BatchHandler<T>,
    opts: SubscribeOptions = {},
  ): Promise<Subscription> {
    const l = this.topicLog(topic);
    if (l.groups.has(group)) throw new Error(`group ${group} already subscribed to ${topic}`);
    const maxBatch = opts.maxBatch ?? 5000;
    const maxWaitMs = opts.maxWaitMs ?? 50;
    // A new group starts from the earliest retained record, like auto.offset.reset=earliest.
    const g: Group = { name: group, committed: l.base, stopped: false, wake: null, loop: Promise.resolve() };
    l.groups.set(group, g);
    g.loop = this.consume(topic, l, g, handler as BatchHandler<Topic>, maxBatch, maxWaitMs);
    return {
      stop: async () => {
        g.stopped = true;
        g.wake?.();
        await g.loop;
        l.groups.delete(group);
        this.notifyProgress();
      },
    };
  }

  private async consume(
    topic: Topic,
    l: TopicLog,
    g: Group,
    handler: BatchHandler<Topic>,
    maxBatch: number,
    maxWaitMs: number,
  ): Promise<void> {
    let failures = 0;
    while (!g.stopped) {
      const end = l.base + l.records.length;
      if (g.committed >= end) {
        await new Promise<void>((r) => {
          g.wake = r;
        });
        g.wake = null;
        continue;
      }
      // Let a small batch fill up a little, unless we are stopping or already have a full batch.
      if (end - g.committed < maxBatch && maxWaitMs > 0 && failures === 0) {
        await Promise.race([sleep(maxWaitMs), new Promise<void>((r) => (g.wake = r))]);
        g.wake = null;
      }
      const from = g.committed - l.base;
      const batch = l.records.slice(from, from + maxBatch);
      if (batch.length === 0) continue;
      try {
        await handler(batch);
        failures = 0;
        g.committed += batch.length;
        this.trim(l);
        this.notifyProgress();
      } catch (err) {
        failures++;
        const delay = Math.min(5000, 100 * 2 ** Math.min(failures, 6));
        this.log.warn(
          { err, topic, group: g.name, size: batch.length, retryInMs: delay },
          'batch failed, will redeliver',
        );
        await sleep(delay);
      }
    }
  }

  private trim(l: TopicLog): void {
    let min = Number.POSITIVE_INFINITY;
    for (const g of l.groups.values()) min = Math.min(min, g.committed);
    const drop = min - l.base;
    // Trim in chunks so the array copy is amortised.
    if (Number.isFinite(drop) && drop >= 1024 && drop >= l.records.length / 2) {
      l.records = l.records.slice(drop);
      l.base = min;
    } else if (Number.isFinite(drop) && drop === l.records.length) {
      l.records = [];
      l.base = min;
    }
  }

  private deadLetter(topic: string, key: string, value: unknown, reason: string): void {
    this.dead.push({ topic, key, value, reason, at: Date.now() });
    if (this.dead.length > 10_000) this.dead.shift();
    this.log.warn({ topic, key, reason }, 'message failed validation, sent to dead letters');
  }

  private waitForProgress(): Promise<void> {
    return new Promise((r) => this.progressWaiters.push(r));
  }

  private notifyProgress(): void {
    const w = this.progressWaiters;
    this.progressWaiters = [];
    for (const r of w) r();
  }

  private pending(): number {
    let n = 0;
    for (const l of this.logs.values()) {
      const end = l.base + l.records.length;
      for (const g of l.groups.values()) n += end - g.committed;
    }
    return n;
  }

  async leadership(): Promise<Leadership> {
    return { isLeader: () => !this.closed, stop: async () => {} };
  }

  async lags(): Promise<{ topic: string; group: string; lag: number }[]> {
    const out: { topic: string; group: string; lag: number }[] = [];
    for (const [topic, l] of this.logs)
      for (const g of l.groups.values())
        out.push({ topic, group: g.name, lag: l.base + l.records.length - g.committed });
    return out;
  }

  async drain(): Promise<void> {
    while (this.pending() > 0) await Promise.race([this.waitForProgress(), sleep(200)]);
  }

  deadLetters(): DeadLetter[] {
    return [...this.dead];
  }

  async close(): Promise<void> {
    this.closed = true;
    this.notifyProgress();
  }
}
