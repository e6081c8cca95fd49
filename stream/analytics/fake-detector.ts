/**
 * The fake-traffic (刷量) detector: a pure function of one article's counter series and its account's baseline.
 * Bought reads come without 点赞/在看, at hours or in shapes organic readers do not produce; every signal below
 * looks for one of those traces, estimates the fake reads it implies and explains itself in Chinese.
 * Definitions and thresholds: docs/analytics.md (刷量检测). Thresholds were chosen on the development seed of
 * the simulator and are never tuned on the evaluation (`npm run eval:fake` draws a fresh seed every run).
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

export type SignalCode = 'no_engagement' | 'curve_deviation' | 'night' | 'step' | 'linear';

export interface Signal {
  code: SignalCode;
  /** Fake reads this signal alone implies. */
  fake: number;
  /** Why, in Chinese, with the figures. */
  text: string;
}

export interface FakeVerdict {
  /** 0 normal, 1 fake traffic (spec). */
  status: 0 | 1;
  forecast_fake: number;
  /** Share of reads, 0–1. */
  forecast_fake_per: number;
  reads: number;
  points: number;
  signals: Signal[];
}

export const FAKE_THRESHOLDS = {
  /** A verdict needs at least this many polls spanning this long. */
  minPoints: 6,
  minSpanS: 2 * 3600,
  /** Smallest fake-read estimate that counts for any signal. */
  minFake: 150,
  /** …and as a share of the article's reads. */
  minShare: 0.2,
  /** no_engagement: reads per engagement at least this multiple of the account's baseline (≥ 3 articles). */
  ratioFactor: 2.2,
  baselineArticles: 3,
  /** curve_deviation: engagement needed before a ratio is trusted. */
  ratioMinEngagement: 15,
  /** step: one interval's read rate at least this multiple of its neighbours', engagement not following. */
  stepFactor: 6,
  stepNeighbours: 6,
  /** night: reads share of 00:00–06:00 minus engagement share of the same hours. */
  nightExcess: 0.2,
  /** linear: a run of hourly read increments at a near-constant level above what engagement explains. */
  linearMinHours: 3,
  linearMaxCv: 0.35,
  linearUnexplained: 0.5,
  /** …and the run starts or ends abruptly: within two hours the hourly reads are at most this share of its level. */
  linearEdge: 0.4,
  /** no_engagement: the engagement shortfall must also be this many Poisson deviations (small articles). */
  ratioMinZ: 2.5,
} as const;

const BEIJING_OFFSET_S = 8 * 3600;
const isNight = (ts: number) => ((ts + BEIJING_OFFSET_S) % 86_400) / 3600 < 6;
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

export function detectFakeTraffic(raw: SeriesPoint[], baseline: AccountBaseline): FakeVerdict {
  const pts = cleanSeries(raw);
  const last = pts[pts.length - 1];
  const reads = last?.reads ?? 0;
  const verdict: FakeVerdict = {
    status: 0,
    forecast_fake: 0,
    forecast_fake_per: 0,
    reads,
    points: pts.length,
    signals: [],
  };
  const first = pts[0];
  if (
    !last ||
    !first ||
    pts.length < FAKE_THRESHOLDS.minPoints ||
    last.ts - first.ts < FAKE_THRESHOLDS.minSpanS
  )
    return verdict;
  const T = FAKE_THRESHOLDS;
  const enough = (fake: number) => fake >= T.minFake && fake >= T.minShare * reads;
  const signals: Signal[] = [];

  // 1. Reads without 点赞/在看, against the account's own baseline.
  const ratio = readsPerEngagement(reads, last.likes, last.looking);
  if (baseline.articles >= T.baselineArticles && baseline.readsPerEngagement > 0) {
    const factor = ratio / baseline.readsPerEngagement;
    const fake = reads - baseline.readsPerEngagement * (engagement(last) + 1);
    const expected = reads / baseline.readsPerEngagement;
    const z = (expected - (engagement(last) + 1)) / Math.sqrt(expected);
    if (factor >= T.ratioFactor && z >= T.ratioMinZ && enough(fake))
      signals.push({
        code: 'no_engagement',
        fake,
        text: `每次点赞/在看对应 ${fmt(ratio)} 次阅读，是该号平时（${fmt(baseline.readsPerEngagement)} 次）的 ${factor.toFixed(1)} 倍：大量阅读没有带来任何互动`,
      });
  }

  // 2. Reads keep rising after engagement has stopped following: organic reads and engagement grow together, so
  // reads per engagement only falls (engagement lags a little); any later rise is reads no reader brought.
  {
    let best = Number.POSITIVE_INFINITY;
    let rise = 0;
    let riseTs = 0;
    for (const p of pts) {
      const e = engagement(p);
      if (e < T.ratioMinEngagement) continue;
      const q = p.reads / e;
      if (q < best) best = q;
      const x = p.reads - best * e;
      if (x > rise) {
        rise = x;
        riseTs = p.ts;
      }
    }
    // Engagement that arrives late can shrink the excess again; the peak is what the reads ran ahead by.
    const now = Math.max(0, reads - best * engagement(last));
    const fake = Math.max(now, rise);
    if (Number.isFinite(best) && enough(fake))
      signals.push({
        code: 'curve_deviation',
        fake,
        text: `阅读曲线偏离正常衰减：点赞/在看没有跟上，阅读最多超出互动所能解释的 ${fmt(rise)} 次（${beijingTime(riseTs)}），目前仍超出 ${fmt(now)} 次`,
      });
  }

  // Per-interval increments for the shape signals.
  const steps = pts.slice(1).map((p, i) => {
    const prev = pts[i] as SeriesPoint;
    const dt = Math.max(1, p.ts - prev.ts);
    return {
      ts: p.ts,
      dt,
      dr: p.reads - prev.reads,
      de: engagement(p) - engagement(prev),
      night: isNight(prev.ts) && isNight(p.ts - 1),
    };
  });

  // 3. Growth at 00:00–06:00, when organic readers sleep: compare the night's share of reads with its share of
  // engagement (both follow the same readers, so organically the shares are close).
  {
    let nr = 0;
    let ne = 0;
    let dr = 0;
    let de = 0;
    for (const s of steps) {
      dr += s.dr;
      de += s.de;
      if (s.night) {
        nr += s.dr;
        ne += s.de;
      }
    }
    if (dr > 0) {
      const readShare = nr / dr;
      const engShare = de > 0 ? ne / de : 0;
      const dayRatio = (dr - nr) / Math.max(1, de - ne);
      const fake = nr - ne * dayRatio;
      if (readShare - engShare >= T.nightExcess && enough(fake))
        signals.push({
          code: 'night',
          fake,
          text: `凌晨 0–6 点增长异常：${pct(readShare)} 的阅读增长发生在凌晨，而同时段点赞/在看只占 ${pct(engShare)}`,
        });
    }
  }

  // 4. Step increments: an interval whose read rate is far above its neighbours', engagement not following.
  {
    let fake = 0;
    let n = 0;
    let biggest = 0;
    for (let k = 0; k < steps.length; k++) {
      const s = steps[k] as (typeof steps)[number];
      const around = steps
        .slice(Math.max(0, k - T.stepNeighbours), k + T.stepNeighbours + 1)
        .filter((_, j) => j !== Math.min(k, T.stepNeighbours));
      const baseRate = median(around.map((a) => a.dr / a.dt));
      const baseEng = median(around.map((a) => a.de / a.dt));
      const jump = s.dr - baseRate * s.dt;
      const engJump = s.de - baseEng * s.dt;
      if (
        s.dr / s.dt >= T.stepFactor * Math.max(baseRate, 1 / 60) &&
        jump >= T.minFake / 3 &&
        engJump * Math.max(1, ratio) < 0.3 * jump
      ) {
        fake += jump;
        n++;
        biggest = Math.max(biggest, jump);
      }
    }
    if (n > 0 && enough(fake))
      signals.push({
        code: 'step',
        fake,
        text: `阶梯式增长：${n} 次阅读在单个采集间隔内突增（最大一次 ${fmt(biggest)} 次），同期点赞/在看没有相应增加`,
      });
  }

  // 5. Straight-line increments: for hours on end the reads that engagement does not explain rise by the same
  // amount every hour, where organic growth (and its engagement) decays or follows the day's rhythm.
  {
    const organicRatio = baseline.articles >= T.baselineArticles ? baseline.readsPerEngagement : 0;
    const hours = hourly(steps);
    let best = { len: 0, fake: 0, level: 0 };
    for (let i = 0; i < hours.length; i++) {
      let sum = 0;
      let sq = 0;
      let reads = 0;
      for (let j = i; j < hours.length; j++) {
        const h = hours[j] as (typeof hours)[number];
        const x = h.dr - organicRatio * h.de;
        sum += x;
        sq += x * x;
        reads += h.dr;
        const n = j - i + 1;
        const mean = sum / n;
        const cv = Math.sqrt(Math.max(0, sq / n - mean * mean)) / mean;
        // Most of the run's reads must be unexplained: engagement lagging reads early on explains a little.
        if (mean <= 0 || cv > T.linearMaxCv || sum < T.linearUnexplained * reads) break;
        // Bought traffic is switched on or off; organic rates never rise or fall that fast within two hours.
        const level = reads / n;
        const edge = (k: number) => (hours[k]?.dr ?? Number.POSITIVE_INFINITY) <= T.linearEdge * level;
        const abrupt = edge(j + 1) || edge(j + 2) || (i >= 2 && (edge(i - 1) || edge(i - 2)));
        if (n >= T.linearMinHours && abrupt && sum > best.fake) best = { len: n, fake: sum, level: mean };
      }
    }
    if (organicRatio > 0 && best.len > 0 && enough(best.fake))
      signals.push({
        code: 'linear',
        fake: best.fake,
        text: `直线式增长：连续 ${best.len} 小时，每小时稳定多出约 ${fmt(best.level)} 次没有点赞/在看对应的阅读，而正常阅读随时间衰减`,
      });
  }

  // A straight line alone is not evidence (organic mornings can look flat); it describes a verdict others make.
  if (!signals.some((s) => s.code !== 'linear')) return verdict;
  const fake = Math.min(reads, Math.round(Math.max(...signals.map((s) => s.fake))));
  return {
    ...verdict,
    status: 1,
    forecast_fake: fake,
    forecast_fake_per: reads > 0 ? Math.round((fake / reads) * 1000) / 1000 : 0,
    signals: signals.map((s) => ({ ...s, fake: Math.round(s.fake) })),
  };
}

/** Interval increments summed per clock hour. */
function hourly(steps: { ts: number; dr: number; de: number }[]): { hour: number; dr: number; de: number }[] {
  const out: { hour: number; dr: number; de: number }[] = [];
  for (const s of steps) {
    const hour = Math.floor((s.ts - 1) / 3600);
    const cur = out[out.length - 1];
    if (cur && cur.hour === hour) {
      cur.dr += s.dr;
      cur.de += s.de;
    } else out.push({ hour, dr: s.dr, de: s.de });
  }
  return out;
}

function beijingTime(ts: number): string {
  const d = new Date((ts + BEIJING_OFFSET_S) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}
