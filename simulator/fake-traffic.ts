import { Rng } from './rng';

/**
 * Injected fake traffic (刷量). Each shape adds reads only (bought reads bring no 点赞/在看), in a way a
 * detector can learn to see; the ground truth is served to tests and evaluation, never to collectors.
 */
export const FAKE_SHAPES = ['night', 'step', 'linear', 'no_likes'] as const;
export type FakeShape = (typeof FAKE_SHAPES)[number];

export interface FakeTraffic {
  shape: FakeShape;
  /** Fake reads once the injection is complete. */
  total: number;
  /** Unix seconds when injection starts and ends. */
  start: number;
  end: number;
  /** For 'step': burst instants (unix s) and sizes. */
  steps: { at: number; size: number }[];
}

const BEIJING_OFFSET_S = 8 * 3600;
const NIGHT_END_H = 6;

/** Seconds of Beijing night (00:00–06:00) inside [from, to). */
function nightSeconds(from: number, to: number): number {
  if (to <= from) return 0;
  let total = 0;
  const dayOf = (t: number) => Math.floor((t + BEIJING_OFFSET_S) / 86_400);
  for (let d = dayOf(from); d <= dayOf(to); d++) {
    const nightStart = d * 86_400 - BEIJING_OFFSET_S;
    const nightEnd = nightStart + NIGHT_END_H * 3600;
    total += Math.max(0, Math.min(to, nightEnd) - Math.max(from, nightStart));
  }
  return total;
}

/** Decides (deterministically) whether an article carries fake traffic, and its shape. */
export function makeFakeTraffic(
  seed: number,
  mid: number,
  msgid: number,
  idx: number,
  publishedAt: number,
  organicReads: number,
  cheater: boolean,
): FakeTraffic | null {
  const r = Rng.of(seed, 'fake', mid, msgid, idx);
  // Cheating accounts buy reads for a good share of their articles; honest ones almost never.
  if (!r.chance(cheater ? (idx === 1 ? 0.35 : 0.15) : 0.002)) return null;
  const shape = r.pick(FAKE_SHAPES);
  const total = Math.max(500, Math.round(organicReads * (0.5 + r.next() * 2.5)));
  const start = publishedAt + r.int(10, 240) * 60;
  const steps: { at: number; size: number }[] = [];
  let end = start;
  if (shape === 'step') {
    const n = r.int(2, 5);
    let left = total;
    let at = start;
    for (let i = 0; i < n; i++) {
      const size = i === n - 1 ? left : Math.round(left * (0.3 + r.next() * 0.4));
      left -= size;
      steps.push({ at, size });
      at += r.int(20, 180) * 60;
    }
    end = at;
  } else if (shape === 'night') {
    // Reads poured in over the first two nights after publication.
    end = start + 2 * 86_400;
  } else if (shape === 'linear') {
    end = start + r.int(4, 16) * 3600;
  } else {
    end = start + r.int(6, 24) * 3600;
  }
  return { shape, total, start, end, steps };
}

/** Fake reads injected by time t (unix s); monotone, reaching `total` at `end`. */
export function fakeReadsAt(f: FakeTraffic, t: number, tau: number): number {
  if (t <= f.start) return 0;
  switch (f.shape) {
    case 'step': {
      let n = 0;
      for (const s of f.steps) if (t >= s.at) n += s.size;
      return n;
    }
    case 'night': {
      const all = nightSeconds(f.start, f.end);
      return all === 0 ? f.total : Math.floor((f.total * nightSeconds(f.start, Math.min(t, f.end))) / all);
    }
    case 'linear':
      return Math.floor((f.total * (Math.min(t, f.end) - f.start)) / (f.end - f.start));
    case 'no_likes':
      // Same saturating shape as organic reads, so only the missing likes give it away.
      return Math.floor(f.total * (1 - Math.exp(-(t - f.start) / tau)));
  }
}
