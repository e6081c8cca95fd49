import { describe, expect, it } from 'vitest';
import { accountIndex, wci } from './wci';

describe('WCI V14.2', () => {
  it('matches a hand computation for one headline article on one day', () => {
    // R=100, L=2, Z=5, F=10, one day, one article: O = A = H = P.
    // part = 0.7·ln101 + 0.09·ln21 + 0.06·ln51 + 0.15·ln101
    //      = 3.230584 + 0.274007 + 0.235910 + 0.692268 = 4.432769
    // WCI = 4.432769² × 12 = 235.793
    const w = wci([{ reads: 100, looking: 2, likes: 5, forwards: 10, position: 1 }], 1);
    expect(w).toBeCloseTo(235.793, 2);
  });

  it('weighs daily averages, per-article averages, headlines and maxima', () => {
    // Two days; a headline (R 300, L 6, Z 9, F 30) and a second article (R 100, L 2, Z 3, F 10).
    const arts = [
      { reads: 300, looking: 6, likes: 9, forwards: 30, position: 1 },
      { reads: 100, looking: 2, likes: 3, forwards: 10, position: 2 },
    ];
    const p = (R: number, L: number, Z: number, F: number) =>
      0.7 * Math.log(R + 1) +
      0.09 * Math.log(10 * L + 1) +
      0.06 * Math.log(10 * Z + 1) +
      0.15 * Math.log(10 * F + 1);
    const O = p(200, 4, 6, 20); // totals 400/8/12/40 over 2 days
    const A = p(200, 4, 6, 20); // over 2 articles
    const H = p(150, 3, 4.5, 15); // headline totals over 2 days
    const P = p(300, 6, 9, 30);
    const expected = (0.6 * O + 0.2 * A + 0.1 * H + 0.1 * P) ** 2 * 12;
    expect(wci(arts, 2)).toBeCloseTo(expected, 9);
    // Evaluated: O = A = 5.088683, H = 4.803465, P = 5.491674 → 0.6O+0.2A+0.1H+0.1P = 5.100460 → 312.176
    expect(wci(arts, 2)).toBeCloseTo(312.176, 2);
  });

  it('renormalises the weights when forwards are unknown', () => {
    // R=100, L=2, Z=5, forwards unknown: part = (0.7·ln101 + 0.09·ln21 + 0.06·ln51) / 0.85
    //   = (3.23058 + 0.27401 + 0.23591) / 0.85 = 4.40059 → WCI = 4.40059² × 12 = 232.382
    expect(wci([{ reads: 100, looking: 2, likes: 5, forwards: null, position: 1 }], 1)).toBeCloseTo(
      232.38,
      1,
    );
  });

  it('is 0 without articles and grows with reads', () => {
    expect(wci([], 7)).toBe(0);
    const a = wci([{ reads: 1000, looking: 10, likes: 20, forwards: 5, position: 1 }], 7);
    const b = wci([{ reads: 10_000, looking: 10, likes: 20, forwards: 5, position: 1 }], 7);
    expect(b).toBeGreaterThan(a);
  });
});

describe('account index (tooltip)', () => {
  it('is (composite index × 100 / monthly post count) / 100', () => {
    expect(accountIndex(600, 30)).toBeCloseTo(20, 10);
    expect(accountIndex(512.5, 41)).toBeCloseTo(12.5, 10);
    expect(accountIndex(512.5, 0)).toBe(0);
  });
});
