/**
 * WCI V14.2, the composite index of WeChat accounts published by 清博 (gsdata), and the account index
 * of the product's tooltip. Inputs are the latest counters of the articles an account published in
 * the period.
 *
 * Each of four parts scores reads R, 在看 L, 点赞 Z and forwards F as
 *   0.70·ln(R+1) + 0.09·ln(10·L+1) + 0.06·ln(10·Z+1) + 0.15·ln(10·F+1)
 * over: O = daily averages (60%), A = per-article averages (20%), H = headline daily averages (10%),
 * P = the period's maxima over single articles (10%).  WCI = (0.6·O + 0.2·A + 0.1·H + 0.1·P)² × 1.2 × 10.
 *
 * Forwards are not public on WeChat: where a source cannot provide them (forwards unknown), the forward
 * term is dropped and the other three weights are renormalised to sum to 1 (0.70, 0.09, 0.06 → ÷0.85),
 * so accounts with and without forward data stay on one scale.
 */

export interface WciArticle {
  reads: number;
  looking: number;
  likes: number;
  /** null when the source does not know forwards. */
  forwards: number | null;
  /** Position 1 is the headline (头条). */
  position: number;
}

interface Totals {
  R: number;
  L: number;
  Z: number;
  F: number;
}

const KNOWN = { R: 0.7, L: 0.09, Z: 0.06, F: 0.15 } as const;
const NO_FORWARDS = { R: 0.7 / 0.85, L: 0.09 / 0.85, Z: 0.06 / 0.85, F: 0 } as const;

function part(t: Totals, w: Record<keyof Totals, number>): number {
  return (
    w.R * Math.log(t.R + 1) +
    w.L * Math.log(10 * t.L + 1) +
    w.Z * Math.log(10 * t.Z + 1) +
    w.F * Math.log(10 * t.F + 1)
  );
}

const scale = (t: Totals, by: number): Totals => ({ R: t.R / by, L: t.L / by, Z: t.Z / by, F: t.F / by });

/** WCI of one account over a period of `days` days (≥ 1). 0 when it published nothing. */
export function wci(articles: readonly WciArticle[], days: number): number {
  if (articles.length === 0 || days < 1) return 0;
  const forwardsKnown = articles.every((a) => a.forwards !== null);
  const w = forwardsKnown ? KNOWN : NO_FORWARDS;
  const sum: Totals = { R: 0, L: 0, Z: 0, F: 0 };
  const head: Totals = { R: 0, L: 0, Z: 0, F: 0 };
  const max: Totals = { R: 0, L: 0, Z: 0, F: 0 };
  for (const a of articles) {
    const f = a.forwards ?? 0;
    sum.R += a.reads;
    sum.L += a.looking;
    sum.Z += a.likes;
    sum.F += f;
    if (a.position === 1) {
      head.R += a.reads;
      head.L += a.looking;
      head.Z += a.likes;
      head.F += f;
    }
    max.R = Math.max(max.R, a.reads);
    max.L = Math.max(max.L, a.looking);
    max.Z = Math.max(max.Z, a.likes);
    max.F = Math.max(max.F, f);
  }
  const O = part(scale(sum, days), w);
  const A = part(scale(sum, articles.length), w);
  const H = part(scale(head, days), w);
  const P = part(max, w);
  return (0.6 * O + 0.2 * A + 0.1 * H + 0.1 * P) ** 2 * 1.2 * 10;
}

/**
 * The account index of the detail page's tooltip: (composite index × 100 / monthly post count) / 100.
 * 0 for an account that posted nothing this month.
 */
export function accountIndex(compositeIndex: number, monthlyPosts: number): number {
  if (monthlyPosts <= 0) return 0;
  return (compositeIndex * 100) / monthlyPosts / 100;
}
