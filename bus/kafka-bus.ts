import { type Admin, type Consumer, Kafka, logLevel, type Producer } from 'kafkajs';
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
import { type Topic, topics, validateMessage } from './messages';

export interface KafkaBusOptions {
  brokers: string[];
  /** Prefix of every topic and consumer group, so several platforms (or test runs) share a cluster. */
  prefix: string;
  clientId: string;
  partitions?: number;
  replicationFactor?: number;
  /** The consumer groups' session (kafkajs's default 30 s); heartbeats go at a tenth of it, at most every 3 s. */
  sessionTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The bus on Kafka (kafkajs). Messages are JSON keyed by account, so one account's messages stay in
 * one partition, in order. Consumers commit an offset only after the handler succeeded; a failing
 * batch is retried in place (the partition waits: that is the backpressure when ClickHouse is slow);
 * a message that fails validation goes to `<topic>.dlq` with the reason in its headers.
 */
export class KafkaBus implements Bus {
  readonly kind = 'kafka' as const;
  private kafka: Kafka;
  private producer: Producer;
  private admin: Admin;
  private consumers: { consumer: Consumer; topic: string; group: string }[] = [];
  /** Election consumers (leadership), kept apart from the data consumers that lag and drain count. */
  private leaders: Consumer[] = [];
  private dead: DeadLetter[] = [];
  private closed = false;

  private constructor(
    private opts: KafkaBusOptions,
    private log: Logger,
  ) {
    this.kafka = new Kafka({
      clientId: opts.clientId,
      brokers: opts.brokers,
      logLevel: logLevel.WARN,
      // Protocol-level errors (e.g. "not the leader" right after a topic is created) are retried by
      // kafkajs itself and surface from the producer or consumer if they persist.
      logCreator: () => (entry) => {
        if (entry.namespace !== 'Connection')
          this.log.warn({ kafka: entry.namespace, ...entry.log }, 'kafkajs');
      },
      retry: { retries: 8, initialRetryTime: 200 },
    });
    // Idempotent producer: a retried send is written once per partition.
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
    });
    this.admin = this.kafka.admin();
  }

  static async connect(opts: KafkaBusOptions, log: Logger): Promise<KafkaBus> {
    const bus = new KafkaBus(opts, log);
    await bus.admin.connect();
    const wanted = Object.keys(topics).flatMap((t) => [bus.name(t), `${bus.name(t)}.dlq`]);
    await bus.ensureTopics(wanted, opts.partitions ?? 8);
    await bus.producer.connect();
    return bus;
  }

  /**
   * Creates the topics that are missing and waits until each answers its offsets. Several processes may create the
   * same topics at once ("already exists" is the same outcome). kafkajs's own `waitForLeaders` gives up on "This
   * server does not host this topic-partition", which a busy broker answers for a moment after creating a topic, and
   * that crashed a starting process: the wait here treats every error as "not yet" for up to about 15 s.
   */
  private async ensureTopics(names: string[], numPartitions: number): Promise<void> {
    const existing = new Set(await this.admin.listTopics());
    const missing = names.filter((t) => !existing.has(t));
    if (missing.length > 0) {
      await this.admin
        .createTopics({
          waitForLeaders: false,
          topics: missing.map((topic) => ({
            topic,
            numPartitions,
            replicationFactor: this.opts.replicationFactor ?? 1,
          })),
        })
        .catch((e: Error) => {
          if (!/already exists/i.test(e.message)) throw e;
        });
    }
    for (let attempt = 0; ; attempt++) {
      try {
        for (const t of names) await this.admin.fetchTopicOffsets(t);
        return;
      } catch (e) {
        if (attempt >= 75) throw e;
        await sleep(200);
      }
    }
  }

  private name(topic: string): string {
    return `${this.opts.prefix}${topic}`;
  }

  async publish<T extends Topic>(topic: T, records: PublishRecord<T>[]): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    const valid: { key: string; value: string }[] = [];
    for (const r of records) {
      const v = validateMessage(topic, r.value);
      if (v.ok) valid.push({ key: r.key, value: JSON.stringify(v.value) });
      else await this.sendDeadLetter(topic, r.key, JSON.stringify(r.value ?? null), v.reason);
    }
    if (valid.length > 0) {
      await this.producer.send({ topic: this.name(topic), acks: -1, messages: valid });
      publishedMessages.inc({ topic }, valid.length);
    }
  }

  private async sendDeadLetter(topic: string, key: string, raw: string, reason: string): Promise<void> {
    this.dead.push({ topic, key, value: raw, reason, at: Date.now() });
    if (this.dead.length > 10_000) this.dead.shift();
    this.log.warn({ topic, key, reason }, 'message failed validation, sent to dead letters');
    await this.producer.send({
      topic: `${this.name(topic)}.dlq`,
      acks: -1,
      messages: [{ key, value: raw, headers: { reason, topic } }],
    });
  }

  async subscribe<T extends Topic>(
    topic: T,
    group: string,
    handler: BatchHandler<T>,
    opts: SubscribeOptions = {},
  ): Promise<Subscription> {
    const maxBatch = opts.maxBatch ?? 5000;
    // One Kafka group per (group, topic): members of a group must share one subscription, and each
    // subscribe() here is its own consumer.
    const groupId = `${this.name(group)}.${topic}`;
    const session = this.opts.sessionTimeoutMs ?? 30_000;
    const consumer = this.kafka.consumer({
      groupId,
      sessionTimeout: session,
      heartbeatInterval: Math.min(3000, session / 10),
      maxWaitTimeInMs: opts.maxWaitMs ?? 200,
      maxBytesPerPartition: 8 * 1024 * 1024,
      allowAutoTopicCreation: false,
    });
    const entry = { consumer, topic: this.name(topic), group: groupId };
    let stopped = false;
    const start = async () => {
      await consumer.connect();
      await consumer.subscribe({ topic: this.name(topic), fromBeginning: true });
      await this.runBatches(consumer, topic, group, handler, maxBatch);
    };
    await start();
    this.consumers.push(entry);
    this.restartOnCrash(consumer, groupId, () => stopped, start);
    return {
      stop: async () => {
        stopped = true;
        await consumer.disconnect();
        this.consumers = this.consumers.filter((c) => c !== entry);
      },
    };
  }

  /**
   * kafkajs restarts a crashed consumer only after retriable errors; after any other crash (a non-retriable
   * error, e.g. from a commit while the broker restarts) the group would stop consuming for good and the bus
   * would never drain. Such a consumer is restarted here, with backoff, until it runs again or is stopped.
   */
  private restartOnCrash(
    consumer: Consumer,
    groupId: string,
    stopped: () => boolean,
    start: () => Promise<void>,
  ) {
    consumer.on(consumer.events.CRASH, (e) => {
      if (e.payload.restart || stopped() || this.closed) return;
      this.log.error(
        { err: e.payload.error, groupId },
        'consumer crashed for good in kafkajs: restarting it',
      );
      void (async () => {
        for (let attempt = 0; !stopped() && !this.closed; attempt++) {
          await sleep(Math.min(10_000, 500 * 2 ** Math.min(attempt, 5)));
          try {
            await consumer.disconnect().catch(() => {});
            await start();
            return;
          } catch (err) {
            this.log.warn({ err, groupId }, 'consumer restart failed, will retry');
          }
        }
      })();
    });
  }

  private async runBatches<T extends Topic>(
    consumer: Consumer,
    topic: T,
    group: string,
    handler: BatchHandler<T>,
    maxBatch: number,
  ): Promise<void> {
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: 1,
      eachBatch: async ({ batch, heartbeat, isRunning, isStale, resolveOffset }) => {
        let chunk: BusRecord<T>[] = [];
        let lastOffset: string | null = null;
        const flush = async () => {
          for (let attempt = 0; ; attempt++) {
            if (!isRunning() || isStale()) return false;
            try {
              if (chunk.length > 0) await handler(chunk);
              break;
            } catch (err) {
              const delay = Math.min(5000, 100 * 2 ** Math.min(attempt, 6));
              this.log.warn(
                { err, topic, group, size: chunk.length, retryInMs: delay },
                'batch failed, will retry',
              );
              await heartbeat();
              await sleep(delay);
            }
          }
          if (lastOffset !== null) {
            // resolveOffset moves this consumer's fetch position; commitOffsets makes it durable.
            resolveOffset(lastOffset);
            await consumer.commitOffsets([
              { topic: batch.topic, partition: batch.partition, offset: String(BigInt(lastOffset) + 1n) },
            ]);
          }
          chunk = [];
          await heartbeat();
          return true;
        };
        for (const m of batch.messages) {
          const key = m.key?.toString() ?? '';
          const raw = m.value?.toString() ?? '';
          let parsed: unknown;
          let reason: string | null = null;
          try {
            parsed = JSON.parse(raw);
          } catch {
            reason = 'not JSON';
          }
          if (reason === null) {
            const v = validateMessage(topic, parsed);
            if (v.ok) chunk.push({ key, value: v.value });
            else reason = v.reason;
          }
          if (reason !== null) await this.sendDeadLetter(topic, key, raw, reason);
          lastOffset = m.offset;
          if (chunk.length >= maxBatch && !(await flush())) return;
        }
        await flush();
      },
    });
  }

  /** Per subscription of this process (Kafka topic and group names): messages not yet committed. */
  async lags(): Promise<{ topic: string; group: string; lag: number }[]> {
    const out: { topic: string; group: string; lag: number }[] = [];
    for (const c of this.consumers) {
      const ends = await this.admin.fetchTopicOffsets(c.topic);
      const [committed] = await this.admin.fetchOffsets({ groupId: c.group, topics: [c.topic] });
      const done = new Map((committed?.partitions ?? []).map((p) => [p.partition, BigInt(p.offset)]));
      let lag = 0;
      for (const p of ends) {
        const end = BigInt(p.high);
        const at = done.get(p.partition) ?? -1n;
        lag += Number(end - (at < 0n ? BigInt(p.low) : at));
      }
      out.push({ topic: c.topic, group: c.group, lag });
    }
    return out;
  }

  /** Sum over this process's subscriptions of messages not yet committed by their group. */
  async lag(): Promise<number> {
    return (await this.lags()).reduce((sum, l) => sum + l.lag, 0);
  }

  async leadership(name: string): Promise<Leadership> {
    const topic = this.name(`leader.${name}`);
    await this.ensureTopics([topic], 1);
    // A short session: when the leader dies, the group notices within sessionTimeout and hands the partition on.
    const consumer = this.kafka.consumer({ groupId: topic, sessionTimeout: 10_000, heartbeatInterval: 1000 });
    let leader = false;
    consumer.on(consumer.events.GROUP_JOIN, (e) => {
      const was = leader;
      leader = (e.payload.memberAssignment[topic] ?? []).includes(0);
      if (leader !== was)
        this.log.info({ election: name, leader }, leader ? 'leadership taken' : 'leadership lost');
    });
    for (const ev of [consumer.events.REBALANCING, consumer.events.CRASH, consumer.events.STOP])
      consumer.on(ev, () => {
        leader = false;
      });
    let stopped = false;
    const start = async () => {
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: false });
      await consumer.run({ eachMessage: async () => {} });
    };
    await start();
    this.restartOnCrash(consumer, topic, () => stopped, start);
    this.leaders.push(consumer);
    return {
      isLeader: () => leader && !this.closed,
      stop: async () => {
        stopped = true;
        leader = false;
        this.leaders = this.leaders.filter((c) => c !== consumer);
        await consumer.disconnect().catch(() => {});
      },
    };
  }

  /** Waits until this process's consumer groups have committed everything published so far. */
  async drain(): Promise<void> {
    while (!this.closed && this.consumers.length > 0) {
      // A metadata hiccup (leader moving) means "not known yet", not "drained".
      const lag = await this.lag().catch(() => Number.POSITIVE_INFINITY);
      if (lag === 0) return;
      await sleep(100);
    }
  }

  deadLetters(): DeadLetter[] {
    return [...this.dead];
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const c of this.consumers) await c.consumer.disconnect().catch(() => {});
    this.consumers = [];
    for (const c of this.leaders) await c.disconnect().catch(() => {});
    this.leaders = [];
    await this.producer.disconnect().catch(() => {});
    await this.admin.disconnect().catch(() => {});
  }
}
