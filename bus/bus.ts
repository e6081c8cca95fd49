import type { Topic, TopicInput, TopicValue } from './messages';

/** A message as consumers receive it: validated, defaults filled in. */
export interface BusRecord<T extends Topic> {
  key: string;
  value: TopicValue<T>;
}

/** A message as producers publish it. */
export interface PublishRecord<T extends Topic> {
  key: string;
  value: TopicInput<T>;
}

/** A message that failed validation or could not be handled; kept with the reason. */
export interface DeadLetter {
  topic: string;
  key: string;
  value: unknown;
  reason: string;
  at: number;
}

export interface SubscribeOptions {
  /** Largest batch handed to the handler. */
  maxBatch?: number;
  /** How long to wait for a batch to fill before handing over what is there. */
  maxWaitMs?: number;
}

/**
 * Handlers get batches; a batch counts as consumed only when the handler resolves
 * (at-least-once: a rejected batch is redelivered, so handlers must be idempotent).
 */
export type BatchHandler<T extends Topic> = (batch: BusRecord<T>[]) => Promise<void>;

export interface Subscription {
  stop(): Promise<void>;
}

/** One of the processes that asked for the same leadership holds it at a time (for work that must not repeat). */
export interface Leadership {
  isLeader(): boolean;
  stop(): Promise<void>;
}

/** One bus interface for the in-process default and Kafka; producers and consumers never know which. */
export interface Bus {
  readonly kind: 'memory' | 'kafka';
  publish<T extends Topic>(topic: T, records: PublishRecord<T>[]): Promise<void>;
  subscribe<T extends Topic>(
    topic: T,
    group: string,
    handler: BatchHandler<T>,
    opts?: SubscribeOptions,
  ): Promise<Subscription>;
  /** Resolves when everything published so far has been handled by every subscribed group. */
  drain(): Promise<void>;
  /**
   * Joins the election for `name` among every process on this bus: Kafka hands the one partition of the
   * election's topic to one member of its group; the in-process bus has one process, which always leads.
   */
  leadership(name: string): Promise<Leadership>;
  /** Messages not yet committed, per topic and group, for this process's subscriptions (for /metrics). */
  lags(): Promise<{ topic: string; group: string; lag: number }[]>;
  deadLetters(): DeadLetter[];
  close(): Promise<void>;
}
