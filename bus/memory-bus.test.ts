import { describe, expect, it } from 'vitest';
import { createLogger } from '../core/log';
import type { BusRecord } from './bus';
import { MemoryBus } from './memory-bus';

const log = createLogger('silent');
const snap = (mid: number, ts: number): BusRecord<'snapshots'> => ({
  key: String(mid),
  value: { aid: `1_${ts}`, mid, ts, read: ts, zan: 0, looking: 0, share: 0, comment: 0 },
});

describe('MemoryBus', () => {
  it('delivers in publish order, in batches, to each group independently', async () => {
    const bus = new MemoryBus(log);
    const a: number[] = [];
    const b: number[] = [];
    await bus.subscribe('snapshots', 'g1', async (batch) => {
      a.push(...batch.map((r) => r.value.ts));
    });
    await bus.subscribe(
      'snapshots',
      'g2',
      async (batch) => {
        b.push(...batch.map((r) => r.value.ts));
      },
      { maxBatch: 7 },
    );
    for (let i = 0; i < 100; i += 10)
      await bus.publish(
        'snapshots',
        Array.from({ length: 10 }, (_, k) => snap(1, i + k)),
      );
    await bus.drain();
    const want = Array.from({ length: 100 }, (_, i) => i);
    expect(a).toEqual(want);
    expect(b).toEqual(want);
  });

  it('redelivers a batch whose handler failed, and commits only after success', async () => {
    const bus = new MemoryBus(log);
    let calls = 0;
    const seen: number[] = [];
    await bus.subscribe(
      'snapshots',
      'g',
      async (batch) => {
        calls++;
        if (calls <= 2) throw new Error('store unavailable');
        seen.push(...batch.map((r) => r.value.ts));
      },
      { maxWaitMs: 0 },
    );
    await bus.publish('snapshots', [snap(1, 1), snap(1, 2), snap(1, 3)]);
    await bus.drain();
    expect(calls).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('sends invalid messages to the dead letters with the reason and keeps going', async () => {
    const bus = new MemoryBus(log);
    const seen: number[] = [];
    await bus.subscribe('snapshots', 'g', async (batch) => {
      seen.push(...batch.map((r) => r.value.ts));
    });
    const bad = { key: '1', value: { aid: '', mid: -1, ts: 1 } } as unknown as BusRecord<'snapshots'>;
    await bus.publish('snapshots', [snap(1, 1), bad, snap(1, 2)]);
    await bus.drain();
    expect(seen).toEqual([1, 2]);
    const dead = bus.deadLetters();
    expect(dead).toHaveLength(1);
    expect(dead[0]?.topic).toBe('snapshots');
    expect(dead[0]?.reason).toMatch(/aid/);
    expect(dead[0]?.reason).toMatch(/mid/);
  });

  it('holds publishers back while a consumer lags beyond the high-water mark', async () => {
    const bus = new MemoryBus(log, 10);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await bus.subscribe('snapshots', 'slow', async () => gate, { maxBatch: 5, maxWaitMs: 0 });
    await bus.publish(
      'snapshots',
      Array.from({ length: 20 }, (_, i) => snap(1, i)),
    );
    let done = false;
    const p = bus.publish('snapshots', [snap(1, 99)]).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    release();
    await p;
    expect(done).toBe(true);
    await bus.drain();
  });

  it('keeps only the newest records of a topic nobody consumes', async () => {
    const bus = new MemoryBus(log, 10);
    await bus.publish(
      'snapshots',
      Array.from({ length: 25 }, (_, i) => snap(1, i)),
    );
    const seen: number[] = [];
    await bus.subscribe('snapshots', 'late', async (batch) => {
      seen.push(...batch.map((r) => r.value.ts));
    });
    await bus.drain();
    expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => 15 + i));
  });
});
