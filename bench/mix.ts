import { Rng } from '../core/rng';

/**
 * What the read-mix benchmarks share: a Zipf pick (a few items asked for often, most rarely, as members ask for
 * accounts, keywords and pages) and quantiles of latencies.
 */

/** A seeded uniform source in [0, 1) (the simulator's mulberry32): every run draws the same sequence. */
export function seeded(seed: number): () => number {
  const r = new Rng(seed);
  return () => r.next();
}

/** A picker over `items` with P(rank r) ∝ 1/(r+1)^s; `next` is the run's seeded uniform source. */
export function zipfPicker<T>(items: readonly T[], next: () => number, s = 1): () => T {
  if (items.length === 0) throw new Error('zipf over nothing');
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 0; r < items.length; r++) {
    total += 1 / (r + 1) ** s;
    cumulative.push(total);
  }
  return () => {
    const x = next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo] as T;
  };
}

/** The q-quantile of the values (nearest rank). */
export const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
