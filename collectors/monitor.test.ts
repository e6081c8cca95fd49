import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusRecord } from '../bus/bus';
import { MemoryBus } from '../bus/memory-bus';
import type { MonitorStatusMessage, MonitorTaskMessage, SnapshotMessage } from '../bus/messages';
import { createLogger } from '../core/log';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { articleMonitorTask } from './messages-of';
import { MonitorScheduler } from './monitor';
import { MpSource } from './mp-source';
import { VirtualClock } from './timer-clock';

const log = createLogger('silent');
const START = Date.parse('2026-11-02T09:00:00+08:00');
const DAY = 86_400_000;

async function collect<T extends 'snapshots' | 'monitor.status'>(bus: MemoryBus, topic: T) {
  const got: BusRecord<T>[] = [];
  await bus.subscribe(topic, `test-${topic}`, async (b) => {
    got.push(...b);
  });
  return got;
}

describe('monitor scheduling on a virtual clock', () => {
  let sim: RunningSimulator;
  let clock: VirtualClock;
  beforeAll(async () => {
    clock = new VirtualClock(START);
    sim = await startSimulator(
      { seed: 5, accounts: 120, historyDays: 4, now: () => clock.now(), host: '127.0.0.1', port: 0 },
      log,
    );
  });
  afterAll(() => sim.close());

  it('polls 60 articles every minute for a simulated day: 1440 ± 1 snapshots each, in order; 10-minute: 144 ± 1; each first when ordered', async () => {
    const bus = new MemoryBus(log);
    const snaps = await collect(bus, 'snapshots');
    // Phases in 30-second steps: two ticks a minute, so each tick's requests go out together.
    const monitor = new MonitorScheduler(new MpSource(sim.url), bus, log, {
      clock,
      name: 'c1',
      phaseStepMs: 30_000,
    });
    await monitor.start();

    const arts = sim.world.accounts.flatMap((a) => sim.world.pushes(a).flatMap((p) => p.articles));
    // 60 one-minute tasks are 86,400 real HTTP polls in the virtual day; `npm run bench -- monitor` measures how many
    // one process can keep on time.
    const PER_MINUTE = 60;
    expect(arts.length).toBeGreaterThanOrEqual(PER_MINUTE + 1);
    const task = (i: number, freq: 1 | 10): MonitorTaskMessage =>
      articleMonitorTask(arts[i] as (typeof arts)[0], `t${i}`, freq, START);
    const tasks = [...Array.from({ length: PER_MINUTE }, (_, i) => task(i, 1)), task(PER_MINUTE, 10)];
    await bus.publish(
      'monitor.tasks',
      tasks.map((t) => ({ key: t.biz, value: t })),
    );
    await bus.drain();
    expect(monitor.tasks()).toHaveLength(PER_MINUTE + 1);

    const t0 = performance.now();
    await clock.advanceBy(DAY + 5 * 60_000);
    await bus.drain();
    const wallS = (performance.now() - t0) / 1000;

    const byTask = new Map<string, SnapshotMessage[]>();
    for (const r of snaps) {
      const id = r.value.task_id as string;
      byTask.set(id, [...(byTask.get(id) ?? []), r.value]);
    }
    for (let i = 0; i < PER_MINUTE; i++) {
      const s = byTask.get(`t${i}`) ?? [];
      expect(Math.abs(s.length - 1440), `task t${i}: ${s.length} snapshots`).toBeLessThanOrEqual(1);
      // The order is polled when it arrives; the next poll falls on the task's phase, a step (30 s) to a minute later,
      // and from then on every minute exactly.
      expect(s[0]?.ts).toBe(START / 1000);
      const firstGap = (s[1] as SnapshotMessage).ts - (s[0] as SnapshotMessage).ts;
      expect(firstGap).toBeGreaterThanOrEqual(30);
      expect(firstGap).toBeLessThanOrEqual(60);
      for (let k = 1; k < s.length; k++) {
        if (k > 1) expect((s[k] as SnapshotMessage).ts - (s[k - 1] as SnapshotMessage).ts).toBe(60);
        expect((s[k] as SnapshotMessage).read).toBeGreaterThanOrEqual((s[k - 1] as SnapshotMessage).read);
      }
      expect(s.at(-1)?.ts).toBeLessThan((START + DAY) / 1000);
    }
    const ten = byTask.get(`t${PER_MINUTE}`) ?? [];
    expect(Math.abs(ten.length - 144)).toBeLessThanOrEqual(1);
    // A 10-minute order too has its first point when ordered, not up to ten minutes later.
    expect(ten[0]?.ts).toBe(START / 1000);
    for (let k = 2; k < ten.length; k++)
      expect((ten[k] as SnapshotMessage).ts - (ten[k - 1] as SnapshotMessage).ts).toBe(600);
    // The counters are the simulator's at each poll's instant.
    const a0 = arts[0] as (typeof arts)[0];
    const s0 = byTask.get('t0')?.[700] as SnapshotMessage;
    expect(s0.read).toBe(sim.world.counts(a0, s0.ts * 1000).read);
    expect(monitor.stats.errors).toBe(0);
    expect(monitor.tasks()).toHaveLength(0);
    await monitor.stop();
    console.log(
      `virtual day of ${PER_MINUTE + 1} monitor tasks: ${snaps.length} snapshots in ${wallS.toFixed(1)} s`,
    );
  }, 600_000);

  it('monitors the next post of an account at a position once it appears', async () => {
    const bus = new MemoryBus(log);
    const snaps = await collect(bus, 'snapshots');
    const status = await collect(bus, 'monitor.status');
    const monitor = new MonitorScheduler(new MpSource(sim.url), bus, log, { clock, name: 'c2' });
    await monitor.start();
    // An account that posts most days, with at least two positions.
    const acc = sim.world.accounts.find(
      (a) => a.pushProb > 0.8 && a.maxPositions >= 2,
    ) as (typeof sim.world.accounts)[0];
    const created = clock.now();
    const t: MonitorTaskMessage = {
      task_id: 'next1',
      kind: 'next_post',
      biz: acc.biz,
      position: 1,
      freq_min: 5,
      days: 1,
      created_at: created,
    };
    await bus.publish('monitor.tasks', [{ key: acc.biz, value: t }]);
    await bus.drain();
    await clock.advanceBy(3 * DAY);
    await bus.drain();
    const states = status.map((s) => (s.value as MonitorStatusMessage).state);
    expect(states[0]).toBe('waiting');
    expect(states).toContain('monitoring');
    expect(states.at(-1)).toBe('done');
    const mon = status.find((s) => s.value.state === 'monitoring')?.value as MonitorStatusMessage;
    const push = sim.world
      .pushes(acc)
      .filter((p) => p.time * 1000 > created)
      .at(-1);
    expect(mon.aids).toEqual([`${push?.msgid}_1`]);
    const mine = snaps.filter((s) => s.value.task_id === 'next1');
    // From discovery (within 5 minutes of the post) to one day after publication, every 5 minutes.
    expect(mine.length).toBeGreaterThanOrEqual(286);
    expect(mine.length).toBeLessThanOrEqual(289);
    expect(mine.every((s) => s.value.aid === `${push?.msgid}_1`)).toBe(true);
    await monitor.stop();
  });
});
