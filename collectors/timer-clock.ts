import { type Clock, realClock } from '../core/clock';

/** A clock that can also call back at a time on itself: real (or fixed) for running, virtual for tests. */
export interface TimerClock extends Clock {
  /** Calls fn when the clock reaches atMs (at once if it already has); returns a cancel function. */
  at(atMs: number, fn: () => unknown): () => void;
}

/** Real time, or any Clock whose now() moves with real time (a fixed clock keeps real delays). */
export function realTimers(clock: Clock = realClock): TimerClock {
  return {
    now: () => clock.now(),
    at(atMs, fn) {
      const t = setTimeout(
        () => {
          void Promise.resolve()
            .then(fn)
            .catch(() => {});
        },
        Math.max(0, atMs - clock.now()),
      );
      return () => clearTimeout(t);
    },
  };
}

interface Timer {
  at: number;
  seq: number;
  fn: () => unknown;
  cancelled: boolean;
}

/**
 * Virtual time for tests and benchmarks: it moves only when told to, firing timers in order and
 * waiting for each callback's promise, so a simulated day of minute polls runs as fast as the work.
 */
export class VirtualClock implements TimerClock {
  private t: number;
  private seq = 0;
  private timers: Timer[] = [];

  constructor(startMs: number) {
    this.t = startMs;
  }

  now(): number {
    return this.t;
  }

  at(atMs: number, fn: () => unknown): () => void {
    const timer: Timer = { at: Math.max(atMs, this.t), seq: this.seq++, fn, cancelled: false };
    // Keep timers sorted by (at, seq); inserting from the end is cheap for mostly-increasing times.
    let i = this.timers.length;
    while (i > 0) {
      const prev = this.timers[i - 1] as Timer;
      if (prev.at < timer.at || (prev.at === timer.at && prev.seq < timer.seq)) break;
      i--;
    }
    this.timers.splice(i, 0, timer);
    return () => {
      timer.cancelled = true;
    };
  }

  /** Fires every timer due up to untilMs in time order (including ones they set), then sets now. */
  async advanceTo(untilMs: number): Promise<void> {
    for (;;) {
      const next = this.timers[0];
      if (!next || next.at > untilMs) break;
      this.timers.shift();
      if (next.cancelled) continue;
      this.t = next.at;
      await next.fn();
    }
    this.t = Math.max(this.t, untilMs);
  }

  advanceBy(ms: number): Promise<void> {
    return this.advanceTo(this.t + ms);
  }
}
