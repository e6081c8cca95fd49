/**
 * The fake-traffic (刷量) detector: a pure function of one article's counter series and its account's baseline.
 *
 * Principle: organic readers bring 点赞/在看 in proportion wherever they come from, and their read rate changes
 * smoothly (it decays after the push, follows the day, builds up over hours when the article is shared on).
 * Bought reads break one of the two: they bring less engagement than the readers around them (dilution, judged
 * against the article's own other hours, or against the account's usual ratio), or they are switched on and off
 * by a machine (a read rate that jumps within minutes and stops just as abruptly). Bought 点赞/在看 at the
 * account's ratio hide the first trace, not the second; a human day rhythm hides the second, not the first.
 * Every test is a Poisson z-score, so small articles, whose counts cannot decide, get "证据不足" rather than a
 * clean bill, and the combined evidence maps to a calibrated confidence.
 *
 * Definitions: docs/analytics.md (刷量检测). The decision thresholds (FAKE_DECISION) were chosen on the
 * development seeds only by `npm run eval:fake -- --tune`; the evaluation scores fresh seeds.
 */

export interface SeriesPoint {
  /** Unix seconds. */
  ts: number;
  reads: number;
  likes: number;
  looking: number;
}

export interface AccountBaseline {
  /** Median reads per engagement (likes + looking + 1) over the account's other recent articles; 0 if unknown. */
  readsPerEngagement: number;
  /** How many articles the median is over. */
  articles: number;
}

import {
  FAKE_MIN_EVIDENCE,
  type FakeVerdictKind,
  type Signal,
  type SignalCode,
} from '../../core/fake-signals';

export type { FakeVerdictKind, Signal, SignalCode };

export interface FakeVerdict {
  /** 0 normal, 1 fake traffic (spec); 0 also for 证据不足, which `verdict` tells apart. */
  status: 0 | 1;
  verdict: FakeVerdictKind;
  /** Calibrated probability that the verdict is right (for 证据不足: that the article is honest). */
  confidence: number;
  /** The evidence score the verdict and the confidence come from. */
  score: number;
  forecast_fake: number;
  /** Share of reads, 0–1. */
  forecast_fake_per: number;
  reads: number;
  points: number;
  signals: Signal[];
  /** Why 证据不足 or 正常, in Chinese, with its figures ('' for a fake verdict: its signals say why). */
  reason: string;
}

/** Fixed by design (what counts as evidence at all); see docs/analytics.md. */
export const FAKE_THRESHOLDS = {
  /** A verdict needs at least this many polls spanning this long. */
  ...FAKE_MIN_EVIDENCE,
  /** Smallest fake-read estimate that counts for any signal, and as a share of the article's reads. */
  minFake: 100,
  minShare: 0.12,
  /** Honest readers of another kind (search, cascades, advertorials) engage at least this share of the rest. */
  dilutionTolerance: 0.5,
  /** Reference engagement needed outside a window before its rate is trusted. */
  dilutionMinRefEngagement: 8,
  /** Against the account's ratio: an advertorial can bring a third of the usual engagement; below is bought. */
  baselineTolerance: 0.4,
  baselineArticles: 3,
  /** A switch: the rate over the next `q` at least this multiple of the last `q`'s (or the reverse). */
  switchFactor: 2,
  /** Over hour-long windows a switch is a fall (or rise) by this factor: organic reads fade at most ~2× an hour. */
  stopFactor: 4,
  /** …and over the wider windows (4 q) on either side. */
  switchWideFactor: 1.8,
  /** …and the new level reached at once: the first q carries at least this share of the wide window's rate. */
  switchAbrupt: 0.7,
  /**
   * Rhythm: readers anywhere read more by day than by night, so a day's reads always carry a 24-hour wave (its
   * first Fourier amplitude relative to the mean; 0.5 for reads twice as many at noon as at night). Reads a day or
   * more after the push whose wave is under this have no day at all: a machine.
   */
  rhythmMinAmplitude: 0.2,
  /** From this long after the first poll (the push's own decay is over), over whole days only. */
  rhythmFromS: 18 * 3600,
  rhythmMinReads: 150,
  /** The account's ratio as a prior on the article's own engagement rate, worth this many engagements. */
  priorEngagements: 40,
  /** Evidence below this many reads, or engagement below this with no baseline, cannot decide a clean bill. */
  minReadsToClear: 300,
  minEngagementToClear: 10,
} as const;

/** P(fake) from the score, by bin: fitted on the development seeds by `npm run eval:fake -- --tune`. */
const CALIBRATION: readonly (readonly [number, number])[] = [
  [0, 0.001],
  [0.5, 0.004],
  [1, 0.02],
  [1.5, 0.059],
  [2, 0.241],
  [2.5, 0.75],
  [3, 0.992],
  [6, 0.999],
];

/**
 * Chosen on the development seeds (DEV_SEEDS in scripts/eval-fake.ts) by `npm run eval:fake -- --tune`, never on
 * an evaluation seed: a score of at least `fakeScore` is 刷量; below `clearScore` with enough evidence is 正常;
 * between is 证据不足. The confidence comes from `calibration`: the share of fake articles among the development
 * seeds' articles in each score bin, made monotone (isotonic), so a stated 0.9 is right about 9 times in 10.
 */
export const FAKE_DECISION = {
  /** The lowest score keeping false alarms ≤ 0.4 % on every honest sub-type of the dev seeds, floored at z 3. */
  fakeScore: 3,
  /** Half the fake threshold (a design rule). */
  clearScore: 1.5,
  /** [lowest score of the bin, P(fake)], ascending; fitted by `--tune`. */
  calibration: CALIBRATION,
} as const;

const BEIJING_OFFSET_S = 8 * 3600;
const engagement = (p: SeriesPoint) => p.likes + p.looking;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (x: number) => `${Math.round(x * 100)}%`;

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Sorted by time, one point per instant, counters never falling (a glitching poll cannot fake a jump). */
export function cleanSeries(points: SeriesPoint[]): SeriesPoint[] {
  const out: SeriesPoint[] = [];
  for (const p of [...points].sort((a, b) => a.ts - b.ts)) {
    const prev = out[out.length - 1];
    const q = prev
      ? {
          ts: p.ts,
          reads: Math.max(p.reads, prev.reads),
          likes: Math.max(p.likes, prev.likes),
          looking: Math.max(p.looking, prev.looking),
        }
      : { ...p };
    if (prev && prev.ts === p.ts) out[out.length - 1] = q;
    else out.push(q);
  }
  return out;
}

/** Reads per engagement with one added engagement, so small articles do not divide by zero. */
export const readsPerEngagement = (reads: number, likes: number, looking: number) =>
  reads / (likes + looking + 1);

/**
 * Rhythm: the late reads' 24-hour Fourier amplitude A = |Σ x_h e^{2πi h/24}| / Σ x_h over whole days of hourly
 * increments x_h. Human readers give A ≥ rhythmMinAmplitude (a decaying or cascading tail only adds to it);
 * Poisson noise on N reads gives A about 1/√N, so z = (min − A)·√N.
 */
function rhythm(pts: SeriesPoint[], reads: number): Signal | null {
  const T = FAKE_THRESHOLDS;
  const R = interpolator(pts, 'reads');
  const first = (pts[0] as SeriesPoint).ts;
  const last = (pts[pts.length - 1] as SeriesPoint).ts;
  const days = Math.floor((last - first - T.rhythmFromS) / 86_400);
  if (days < 1) return null;
  const from = last - days * 86_400;
  let re = 0;
  let im = 0;
  let n = 0;
  const hourly: number[] = [];
  for (let h = 0; h < days * 24; h++) {
    const x = R(from + (h + 1) * 3600) - R(from + h * 3600);
    const phi = (2 * Math.PI * h) / 24;
    re += x * Math.cos(phi);
    im += x * Math.sin(phi);
    n += x;
    hourly.push(x);
  }
  if (n < T.rhythmMinReads) return null;
  const amp = Math.hypot(re, im) / n;
  const z = (T.rhythmMinAmplitude - amp) * Math.sqrt(n);
  if (z <= 0) return null;
  // The machine's part: the floor the reads never go under, hour after hour, from the first poll on.
  const floor = median([...hourly].sort((a, b) => a - b).slice(0, Math.max(1, hourly.length >> 2)));
  const fake = Math.min(reads, (floor * (last - first)) / 3600);
  if (fake < T.minFake || fake < T.minShare * reads) return null;
  return {
    code: 'rhythm',
    fake,
    z,
    text: `无昼夜节律：发布 ${Math.round(T.rhythmFromS / 3600)} 小时后的 ${days} 天里新增 ${fmt(n)} 次阅读，昼夜起伏只有 ${pct(amp)}（真实读者至少 ${pct(T.rhythmMinAmplitude)}），每小时稳定约 ${fmt(floor)} 次，像机器匀速投放（z=${z.toFixed(1)}）`,
  };
}

/** Calibrated probability of fake traffic for an evidence score: its bin's share on the development seeds. */
export function fakeProbability(score: number): number {
  let p = 0;
  for (const [from, share] of FAKE_DECISION.calibration) if (score >= from) p = share;
  return p;
}

/** Counter value at any instant, linear between polls (flat outside them). */
function interpolator(pts: SeriesPoint[], key: 'reads' | 'eng'): (t: number) => number {
  const val = (p: SeriesPoint) => (key === 'reads' ? p.reads : engagement(p));
  return (t) => {
    let lo = 0;
    let hi = pts.length - 1;
    const first = pts[0] as SeriesPoint;
    const last = pts[hi] as SeriesPoint;
    if (t <= first.ts) return val(first);
    if (t >= last.ts) return val(last);
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((pts[mid] as SeriesPoint).ts <= t) lo = mid;
      else hi = mid;
    }
    const a = pts[lo] as SeriesPoint;
    const b = pts[hi] as SeriesPoint;
    return val(a) + ((val(b) - val(a)) * (t - a.ts)) / Math.max(1, b.ts - a.ts);
  };
}

/**
 * Dilution: the window of hours whose reads bring the least engagement against the rest of the article. Under
 * honest traffic the window's engagement is Poisson with mean ≥ tolerance × (rest's rate) × window reads; z is
 * how far below that it falls, the rest's own count uncertainty included.
 */
function dilution(
  pts: SeriesPoint[],
  reads: number,
  totalEng: number,
  baseline: AccountBaseline,
): Signal | null {
  const T = FAKE_THRESHOLDS;
  const R = interpolator(pts, 'reads');
  const E = interpolator(pts, 'eng');
  const first = (pts[0] as SeriesPoint).ts;
  const last = (pts[pts.length - 1] as SeriesPoint).ts;
  // Hourly grid (coarser when polls are sparse); engagement is counted an interval later (likes lag reads).
  const medDt = median(pts.slice(1).map((p, i) => p.ts - (pts[i] as SeriesPoint).ts));
  const step = Math.max(3600, 2 * medDt);
  const n = Math.max(1, Math.ceil((last - first) / step));
  const edges = Array.from({ length: n + 1 }, (_, i) => Math.min(last, first + i * step));
  const lag = Math.min(step, 3600);
  type Win = { z: number; fake: number; from: number; to: number; dr: number; de: number; ref: number };
  const wins: Win[] = [];
  const prior = priorOf(baseline);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j <= n; j++) {
      const a = edges[i] as number;
      const b = edges[j] as number;
      const dr = R(b) - R(a);
      if (dr < T.minFake) continue;
      const de = E(Math.min(last, b + lag)) - E(a);
      // The rest of the article's rate, pooled with the account's usual rate as a prior when there is one.
      const eOut = totalEng - de + prior.e;
      const rOut = reads - dr + prior.r;
      if (totalEng - de < T.dilutionMinRefEngagement || rOut <= 0) continue;
      const p = eOut / rOut;
      const lambda = T.dilutionTolerance * p * dr;
      const z = (lambda - de) / Math.sqrt(lambda + (lambda * lambda) / eOut + de);
      const fake = dr - de / p;
      if (z > 0 && fake >= T.minFake && fake >= T.minShare * reads)
        wins.push({ z, fake, from: a, to: b, dr, de, ref: p });
    }
  }
  const top = Math.max(0, ...wins.map((x) => x.z));
  // Hours without readers add nothing but stretch the window: name the shortest nearly as strong one.
  const best = wins
    .filter((x) => x.z >= 0.9 * top)
    .sort((x, y) => x.to - x.from - (y.to - y.from) || y.z - x.z)[0];
  if (!best) return null;
  return {
    code: 'dilution',
    fake: best.fake,
    z: top,
    text: `${beijingTime(best.from)} 至 ${beijingTime(best.to)} 新增 ${fmt(best.dr)} 次阅读，只带来 ${fmt(best.de)} 次点赞/在看；按本文其余时段每千次阅读 ${(best.ref * 1000).toFixed(1)} 次互动，应有约 ${fmt(best.ref * best.dr)} 次：约 ${fmt(best.fake)} 次阅读没有读者互动（z=${top.toFixed(1)}）`,
  };
}

/** The account's ratio as pseudo-counts (engagements, reads), or none without a baseline. */
function priorOf(baseline: AccountBaseline): { e: number; r: number } {
  const T = FAKE_THRESHOLDS;
  if (baseline.articles < T.baselineArticles || baseline.readsPerEngagement <= 0) return { e: 0, r: 0 };
  return { e: T.priorEngagements, r: T.priorEngagements * baseline.readsPerEngagement };
}

/**
 * How far below a Poisson mean λ a count k falls, as a normal z: the mid-p lower tail P(X < k) + P(X = k) / 2
 * turned into its standard-normal quantile (negative when k is not below λ). Large counts use the normal form.
 */
export function poissonLowZ(k: number, lambda: number): number {
  if (lambda <= 0) return k > 0 ? -k : 0;
  if (k > 200 || lambda > 200) return (lambda - k) / Math.sqrt(lambda + k + 1);
  let term = Math.exp(-lambda);
  let below = 0;
  for (let i = 0; i < k; i++) {
    below += term;
    term *= lambda / (i + 1);
  }
  const p = Math.min(1, below + term / 2);
  return -normalQuantile(p);
}

/** The standard normal quantile (Acklam's rational approximation, relative error under 1.2e-9). */
function normalQuantile(p: number): number {
  if (p <= 0) return Number.NEGATIVE_INFINITY;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  if (p > 1 - lo) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return (
      -(((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/** Whole article against the account's usual ratio (advertorials allowed down to the tolerance). */
function againstBaseline(reads: number, eng: number, baseline: AccountBaseline): Signal | null {
  const T = FAKE_THRESHOLDS;
  if (baseline.articles < T.baselineArticles || baseline.readsPerEngagement <= 0) return null;
  const p = 1 / baseline.readsPerEngagement;
  const lambda = T.baselineTolerance * p * reads;
  // The account's ratio is known from many articles, so the count alone is uncertain: an exact Poisson tail,
  // which a normal approximation understates for the few engagements of a small article.
  const z = poissonLowZ(eng, lambda);
  const fake = reads - eng * baseline.readsPerEngagement;
  if (z <= 0 || fake < T.minFake || fake < T.minShare * reads) return null;
  const ratio = readsPerEngagement(reads, eng, 0);
  return {
    code: 'no_engagement',
    fake,
    z,
    text: `每次点赞/在看对应 ${fmt(ratio)} 次阅读，是该号平时（${fmt(baseline.readsPerEngagement)} 次）的 ${(ratio / baseline.readsPerEngagement).toFixed(1)} 倍，低于软文等正常情况的下限（平时互动率的 ${pct(T.baselineTolerance)}）（z=${z.toFixed(1)}）`,
  };
}

/** The engagement test of the reads after an instant (an on-switch); see engagedAfter. z ≤ 0: they engage. */
type AfterSwitch = (t: number) => Signal | null;

/**
 * The reads after an on-switch against the engagement before it, pooled with the account's usual ratio: readers
 * a share brings engage (at least at the dilution tolerance), bought reads do not. A Poisson z as in dilution.
 */
function engagedAfter(
  pts: SeriesPoint[],
  reads: number,
  totalEng: number,
  baseline: AccountBaseline,
  t: number,
): Signal | null {
  const T = FAKE_THRESHOLDS;
  const R = interpolator(pts, 'reads');
  const E = interpolator(pts, 'eng');
  const prior = priorOf(baseline);
  const dr = reads - R(t);
  const de = totalEng - E(t);
  const eRef = E(t) + prior.e;
  const rRef = R(t) + prior.r;
  if (eRef < T.dilutionMinRefEngagement || rRef <= 0 || dr <= 0) return null;
  const p = eRef / rRef;
  const lambda = T.dilutionTolerance * p * dr;
  const z = (lambda - de) / Math.sqrt(lambda + (lambda * lambda) / eRef + de);
  const fake = dr - de / p;
  if (z <= 0) return { code: 'dilution', fake: 0, z, text: '' };
  if (fake < T.minFake || fake < T.minShare * reads) return null;
  return {
    code: 'dilution',
    fake,
    z,
    text: `${beijingTime(t)} 阅读突增后新增 ${fmt(dr)} 次阅读，只带来 ${fmt(de)} 次点赞/在看；按突增前${prior.e > 0 ? '（并参照该号平时）' : ''}每千次阅读 ${(p * 1000).toFixed(1)} 次互动，应有约 ${fmt(p * dr)} 次：约 ${fmt(fake)} 次阅读没有读者互动（z=${z.toFixed(1)}）`,
  };
}

/**
 * Switches: the read rate jumping up or down within one short window `q` by a factor, confirmed over wider
 * windows, with a Poisson z on the counts. Organic rates never do that after the push: a share cascade builds
 * up over hours, the day rhythm and the decay are smooth. An on-switch followed by an off-switch is a plateau.
 */
function switches(pts: SeriesPoint[], reads: number, after: AfterSwitch): Switched {
  const T = FAKE_THRESHOLDS;
  const medDt = median(pts.slice(1).map((p, i) => p.ts - (pts[i] as SeriesPoint).ts));
  const q = Math.max(600, 2 * medDt);
  // Small deliveries (tens of reads an hour) switch as abruptly as large ones but need hours of counts to show
  // it: the same test over hour-long windows. An audience can build up within the hour (a share by a large
  // account) and fade fast at night, so there an on-switch needs its stop, and a stop is a fall by stopFactor.
  const found = [
    switchesAt(pts, reads, q, T.switchFactor, after),
    switchesAt(pts, reads, Math.max(q, 3600), T.stopFactor, null),
  ];
  // A plateau located to minutes explains (and estimates) the delivery better than a stop found over an hour.
  const [fine, hourly] = found as [Switched, Switched];
  if (fine.plateau || (fine.signal?.z ?? 0) >= (hourly.signal?.z ?? 0)) return fine;
  return hourly;
}

/** The switch signal, and the engagement test of the reads after its on-switch (when it has one). */
interface Switched {
  signal: Signal | null;
  after: Signal | null;
  /** The signal is an on-switch with its stop. */
  plateau: boolean;
}

function switchesAt(
  pts: SeriesPoint[],
  reads: number,
  q: number,
  factor: number,
  after: AfterSwitch | null,
): Switched {
  const T = FAKE_THRESHOLDS;
  const R = interpolator(pts, 'reads');
  const first = (pts[0] as SeriesPoint).ts;
  const last = (pts[pts.length - 1] as SeriesPoint).ts;
  const medDt = median(pts.slice(1).map((p, i) => p.ts - (pts[i] as SeriesPoint).ts));
  const w = 4 * q;
  type Sw = { t: number; jump: number; z: number; up: boolean };
  const found: Sw[] = [];
  const stepS = Math.max(300, medDt);
  for (let t = first + w; t <= last - w; t += stepS) {
    const nb = R(t) - R(t - q);
    const na = R(t + q) - R(t);
    const wb = R(t) - R(t - w);
    const wa = R(t + w) - R(t);
    // Abrupt: the first q after an on-switch (the last q before an off-switch) already runs at the new (old)
    // level; a cascade building up from nothing does not.
    const up = na >= factor * nb && wa >= T.switchWideFactor * wb && na >= T.switchAbrupt * (wa / 4);
    const down = nb >= factor * na && wb >= T.switchWideFactor * wa && nb >= T.switchAbrupt * (wb / 4);
    if (!up && !down) continue;
    // The jump in reads per q, and its Poisson z over the wide windows.
    const jump = Math.abs(na - nb);
    // A stop is judged against the trend: a tail already fading (say 1.6× an hour) down to nothing is no stop, so
    // the reads expected after are the window before carried on at its own rate of decay, never above its level.
    const wbb = t - 2 * w >= first ? R(t - w) - R(t - 2 * w) : wb;
    const expected = up ? wb : Math.min(wb, (wb * wb) / Math.max(1, wbb));
    const z = up ? (wa - wb) / Math.sqrt(wa + wb + 1) : (expected - wa) / Math.sqrt(expected + wa + 1);
    if (z <= 0) continue;
    const prev = found[found.length - 1];
    const sw = { t, jump, z, up };
    // One switch per change: keep the strongest of neighbouring candidates of the same direction.
    if (prev && prev.up === up && t - prev.t <= w) {
      if (z > prev.z) found[found.length - 1] = sw;
    } else found.push(sw);
  }
  // Pair each on-switch with the next off-switch: the plateau between them is machine delivery.
  let best: { z: number; fake: number; on: Sw | null; off: Sw | null } | null = null;
  for (let i = 0; i < found.length; i++) {
    const on = found[i] as Sw;
    if (!on.up) {
      // An off-switch alone: reads stopping abruptly, which no organic audience does. What stopped ran at least at
      // the level it fell by, wherever the reads before reached it: each q before the stop supplied up to that.
      let fake = 0;
      for (let u = on.t; u - q >= first; u -= q) fake += Math.min(on.jump, R(u) - R(u - q));
      fake = Math.min(reads, fake);
      const z = on.z * 0.7;
      if (!best || z > best.z) best = { z, fake, on: null, off: on };
      continue;
    }
    const off = found.slice(i + 1).find((s) => !s.up);
    if (off) {
      const level = (on.jump + off.jump) / 2 / q;
      const fake = Math.min(reads, R(off.t) - R(on.t), level * (off.t - on.t));
      const z = Math.min(on.z, off.z);
      if (!best || z > best.z) best = { z, fake, on, off };
    }
    // An on-switch alone could be a large account sharing the article: half the evidence of a plateau, and none
    // at all when the new readers engage as an audience does (a share brings readers who like and 在看).
    if (!after || (after(on.t)?.z ?? 1) <= 0) continue;
    const z = on.z * 0.5;
    if (!best || z > best.z) best = { z, fake: Math.min(reads, R(last) - R(on.t)), on, off: null };
  }
  if (!best || best.fake < T.minFake || best.fake < T.minShare * reads)
    return { signal: null, after: null, plateau: false };
  const { on, off } = best;
  const text =
    on && off
      ? `开关式增长：${beijingTime(on.t)} 阅读速度在 ${Math.round(q / 60)} 分钟内突然升高（多出约 ${fmt(on.jump)} 次），${beijingTime(off.t)} 又突然回落，其间约 ${fmt(best.fake)} 次阅读；自然阅读只会平滑衰减或逐渐扩散`
      : on
        ? `突增：${beijingTime(on.t)} 阅读速度在 ${Math.round(q / 60)} 分钟内突然升高（多出约 ${fmt(on.jump)} 次），之后共约 ${fmt(best.fake)} 次阅读`
        : `骤停：${beijingTime((off as Sw).t)} 阅读速度在 ${Math.round(q / 60)} 分钟内突然回落（少了约 ${fmt((off as Sw).jump)} 次），自然阅读不会这样停下`;
  const engaged = on && after ? after(on.t) : null;
  return {
    signal: { code: 'switch', fake: best.fake, z: best.z, text: `${text}（z=${best.z.toFixed(1)}）` },
    after: engaged && (engaged.z ?? 0) > 0 ? engaged : null,
    plateau: on !== null && off !== null,
  };
}

export function detectFakeTraffic(raw: SeriesPoint[], baseline: AccountBaseline): FakeVerdict {
  const T = FAKE_THRESHOLDS;
  const D = FAKE_DECISION;
  const pts = cleanSeries(raw);
  const last = pts[pts.length - 1];
  const first = pts[0];
  const reads = last?.reads ?? 0;
  const verdict: FakeVerdict = {
    status: 0,
    verdict: 'insufficient',
    confidence: 0,
    score: 0,
    forecast_fake: 0,
    forecast_fake_per: 0,
    reads,
    points: pts.length,
    signals: [],
    reason: '',
  };
  if (!last || !first || pts.length < T.minPoints || last.ts - first.ts < T.minSpanS)
    return {
      ...verdict,
      reason: `监测数据不足（${pts.length} 次采集），至少需要 ${T.minPoints} 次、跨度 ${T.minSpanS / 3600} 小时`,
    };
  const eng = engagement(last);
  const switched = switches(pts, reads, (t) => engagedAfter(pts, reads, eng, baseline, t));
  // Dilution over the hours, or of the reads after the on-switch (anchored where the delivery began).
  const diluted = [dilution(pts, reads, eng, baseline), switched.after]
    .filter((s): s is Signal => s !== null)
    .sort((a, b) => (b.z ?? 0) - (a.z ?? 0))[0];
  const signals = [
    diluted ?? null,
    againstBaseline(reads, eng, baseline),
    switched.signal,
    rhythm(pts, reads),
  ].filter((s): s is Signal => s !== null);
  // Engagement evidence (either reference) plus the delivery's shape: independent traces add up. The two shape
  // traces are independent too (a flat day says nothing of a stop within the hour, and the reverse).
  const zOf = (code: SignalCode) => Math.min(30, signals.find((s) => s.code === code)?.z ?? 0);
  const score = Math.max(zOf('dilution'), zOf('no_engagement')) + zOf('switch') + zOf('rhythm');
  const pFake = fakeProbability(score);
  if (score >= D.fakeScore) {
    const fake = Math.min(reads, Math.round(Math.max(...signals.map((s) => s.fake))));
    return {
      ...verdict,
      status: 1,
      verdict: 'fake',
      confidence: round3(pFake),
      score: round3(score),
      forecast_fake: fake,
      forecast_fake_per: reads > 0 ? round3(fake / reads) : 0,
      signals: signals.map((s) => ({ ...s, fake: Math.round(s.fake), z: round3(s.z ?? 0) })),
    };
  }
  const hasBaseline = baseline.articles >= T.baselineArticles && baseline.readsPerEngagement > 0;
  // A clean bill needs engagement enough for its absence to have shown, whatever the baseline says.
  const tooSmall = reads < T.minReadsToClear || eng < T.minEngagementToClear;
  const clean = score < D.clearScore && !tooSmall;
  return {
    ...verdict,
    verdict: clean ? 'clean' : 'insufficient',
    confidence: round3(1 - pFake),
    score: round3(score),
    signals: signals.map((s) => ({ ...s, fake: Math.round(s.fake), z: round3(s.z ?? 0) })),
    reason: clean
      ? `未发现刷量迹象：${fmt(reads)} 次阅读带来 ${fmt(eng)} 次点赞/在看，各时段互动率一致，阅读速度没有开关式突变（证据分 ${score.toFixed(1)}，低于 ${D.clearScore}）`
      : tooSmall
        ? `证据不足：只有 ${fmt(reads)} 次阅读、${fmt(eng)} 次点赞/在看${hasBaseline ? '' : '，且该号没有足够的历史文章作对照'}，数据量不足以区分刷量与正常波动（判定正常至少需要 ${T.minReadsToClear} 次阅读、${T.minEngagementToClear} 次互动）`
        : `证据不足：有可疑迹象但不够确定（证据分 ${score.toFixed(1)}，判定刷量需 ≥ ${D.fakeScore}）`,
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function beijingTime(ts: number): string {
  const d = new Date((ts + BEIJING_OFFSET_S) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}
