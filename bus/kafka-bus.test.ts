import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { KAFKA_TEST_BROKERS, kafkaTestGate, uniquePrefix } from '../e2e/kafka';
import { StreamWriter } from '../stream/writer';
import type { BusRecord } from './bus';
import { KafkaBus } from './kafka-bus';

const log = createLogger('silent');
const run = await kafkaTestGate('kafka bus tests');
const snap = (mid: number, n: number): BusRecord<'snapshots'> => ({
  key: String(mid),
  value: { aid: `${n}_1`, mid, ts: 1_700_000_000 + n, read: n, zan: 1, looking: 2, share: 3, comment: 4 },
});

describe.runIf(run)('KafkaBus on a real broker', () => {
  const buses: KafkaBus[] = [];
  const open = async (prefix: string) => {
    const bus = await KafkaBus.connect(
      { brokers: KAFKA_TEST_BROKERS, prefix, clientId: 'test', partitions: 4 },
      log,
    );
    buses.push(bus);
    return bus;
  };
  afterAll(async () => {
    for (const b of buses) await b.close();
  });

  it('carries messages from producer to ClickHouse through the stream writer, in order per key', async () => {
    const bus = await open(uniquePrefix('flow'));
    const store = new ChdbStore(path.join(tempDir('kafka-flow'), 'ch'));
    await migrateClickHouse(store, log);
    const writer = new StreamWriter(bus, store, log);
    const order = new Map<string, number[]>();
    await bus.subscribe('snapshots', 'order-check', async (batch) => {
      for (const r of batch) order.set(r.key, [...(order.get(r.key) ?? []), r.value.ts]);
    });
    await writer.start();
    const records = Array.from({ length: 3000 }, (_, i) => snap(1000 + (i % 7), i));
    for (let i = 0; i < records.length; i += 500) await bus.publish('snapshots', records.slice(i, i + 500));
    await bus.drain();
    const [row] = await store.query<{ n: string; s: string }>(
      'SELECT count() AS n, sum(reads) AS s FROM article_snapshots FINAL',
    );
    expect(Number(row?.n)).toBe(3000);
    expect(Number(row?.s)).toBe((2999 * 3000) / 2);
    for (const ts of order.values()) expect([...ts].sort((a, b) => a - b)).toEqual(ts);
    await writer.stop();
    await store.close();
  });

  it('sends malformed messages to the dead-letter topic with the reason, and keeps going', async () => {
    const prefix = uniquePrefix('dlq');
    const bus = await open(prefix);
    const seen: number[] = [];
    await bus.subscribe('snapshots', 'g', async (batch) => {
      seen.push(...batch.map((r) => r.value.ts));
    });
    // Written straight to the topic, as a foreign or buggy producer would.
    const kafka = new Kafka({ brokers: KAFKA_TEST_BROKERS, logLevel: logLevel.NOTHING });
    const raw = kafka.producer();
    await raw.connect();
    await raw.send({
      topic: `${prefix}snapshots`,
      messages: [
        { key: '1', value: JSON.stringify(snap(1, 1).value) },
        { key: '1', value: 'not json {' },
        { key: '1', value: JSON.stringify({ aid: 'x', mid: -4 }) },
        { key: '1', value: JSON.stringify(snap(1, 2).value) },
      ],
    });
    await raw.disconnect();
    await bus.drain();
    expect(seen).toEqual([1_700_000_001, 1_700_000_002]);

    const dlq: { reason: string; value: string }[] = [];
    const consumer = kafka.consumer({ groupId: `${prefix}dlq-reader` });
    await consumer.connect();
    await consumer.subscribe({ topic: `${prefix}snapshots.dlq`, fromBeginning: true });
    await new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          dlq.push({ reason: String(message.headers?.reason ?? ''), value: String(message.value) });
          if (dlq.length === 2) resolve();
        },
      });
    });
    await consumer.disconnect();
    expect(dlq[0]).toEqual({ reason: 'not JSON', value: 'not json {' });
    expect(dlq[1]?.reason).toMatch(/mid/);
  });

  it('retries a failed batch in place and commits only after success', async () => {
    const bus = await open(uniquePrefix('retry'));
    let calls = 0;
    const got: number[] = [];
    await bus.subscribe('snapshots', 'g', async (batch) => {
      calls++;
      if (calls <= 2) throw new Error('ClickHouse unavailable');
      got.push(...batch.map((r) => r.value.ts));
    });
    await bus.publish('snapshots', [snap(5, 1), snap(5, 2), snap(5, 3)]);
    await bus.drain();
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(got).toEqual([1_700_000_001, 1_700_000_002, 1_700_000_003]);
    expect(await bus.lag()).toBe(0);
  });
});

describe.runIf(run)('leadership on Kafka', () => {
  it('elects exactly one of the processes that ask, and hands over when the leader goes', async () => {
    const prefix = uniquePrefix('lead');
    const buses = await Promise.all(
      [1, 2, 3].map((i) =>
        KafkaBus.connect({ brokers: KAFKA_TEST_BROKERS, prefix, clientId: `lead-${i}`, partitions: 2 }, log),
      ),
    );
    try {
      const elections = await Promise.all(buses.map((b) => b.leadership('analytics')));
      const leaders = () => elections.filter((e) => e.isLeader());
      const waitFor = async (ok: () => boolean, ms: number) => {
        const end = Date.now() + ms;
        while (!ok()) {
          if (Date.now() > end) throw new Error(`leaders: ${elections.map((e) => e.isLeader())}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      await waitFor(() => leaders().length === 1, 30_000);
      // Stable: still one leader a moment later.
      await new Promise((r) => setTimeout(r, 1000));
      expect(leaders()).toHaveLength(1);
      const first = leaders()[0];
      await first?.stop();
      await waitFor(() => leaders().length === 1 && leaders()[0] !== first, 30_000);
      expect(first?.isLeader()).toBe(false);
    } finally {
      for (const b of buses) await b.close();
    }
  }, 90_000);
});
