import { describe, expect, it } from 'vitest';
import { FAKE_SHAPES } from '../../simulator/fake-traffic';
import { HONEST_KINDS, type SimArticle, SimWorld } from '../../simulator/world';
import {
  detectFakeTraffic,
  FAKE_DECISION,
  fakeProbability,
  poissonLowZ,
  readsPerEngagement,
  type SeriesPoint,
} from './fake-detector';
import { baselineFor } from './fake-reports';

/**
 * Hand-made series, one per trace the detector reads, then every fake shape and honest sub-type of the
 * simulator on a development seed (the seeds the thresholds were chosen on: this checks the detector still
 * does what it was tuned to, the evaluation on fresh seeds is `npm run eval:fake`). Times are Beijing.
 */
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);
const MIN = 60;

/** Polls every `stepMin` minutes from `from` for `hours`, counters from a function of minutes since `from`. */
function series(
  from: string,
  hours: number,
  f: (m: number) => { reads: number; likes: number; looking: number },
  stepMin = 5,
): SeriesPoint[] {
  const t0 = at(from);
  const out: SeriesPoint[] = [];
  for (let m = 0; m <= hours * 60; m += stepMin) out.push({ ts: t0 + m * MIN, ...f(m) });
  return out;
}

/** Organic: 6 reads a minute decaying with a 4-hour time constant, one like per 40 reads, one 在看 per 120. */
const organicReads = (m: number) => Math.floor(6 * 240 * (1 - Math.exp(-m / 240)));
const organic = (m: number) => {
  const reads = organicReads(m);
  return { reads, likes: Math.floor(reads / 40), looking: Math.floor(reads / 120) };
};
const BASE = { readsPerEngagement: 30, articles: 10 };
const NONE = { readsPerEngagement: 0, articles: 0 };

describe('fake-traffic detector on hand-made series', () => {
  it('clears reads and engagement that grow together, with a confidence', () => {
    const v = detectFakeTraffic(series('2026-11-02T09:00:00', 24, organic), BASE);
    expect(v).toMatchObject({ status: 0, verdict: 'clean', forecast_fake: 0, signals: [] });
    expect(v.confidence).toBeGreaterThan(0.95);
    expect(v.reason).toMatch(/^未发现刷量迹象：1,4\d\d 次阅读带来 4\d 次点赞\/在看/);
  });

  it('says 证据不足, never 正常, for too few polls or too few readers', () => {
    const short = detectFakeTraffic(series('2026-11-02T09:00:00', 1, organic), BASE);
    expect(short).toMatchObject({ status: 0, verdict: 'insufficient', points: 13 });
    expect(short.reason).toContain('监测数据不足（13 次采集）');
    const tiny = detectFakeTraffic(
      series('2026-11-02T09:00:00', 24, (m) => ({
        reads: Math.floor(organicReads(m) / 10),
        likes: 1,
        looking: 0,
      })),
      NONE,
    );
    expect(tiny).toMatchObject({ status: 0, verdict: 'insufficient' });
    expect(tiny.reason).toContain('证据不足：只有 143 次阅读、1 次点赞/在看，且该号没有足够的历史文章作对照');
  });

  it('flags hours whose reads bring no engagement, switched on and off (dilution + switch)', () => {
    // 1,500 reads without any like between 20:00 and 22:00 of the next day (organic reads have all but stopped).
    const extra = (m: number) => Math.round(Math.min(1500, Math.max(0, ((m - 2100) * 1500) / 120)));
    const pts = series('2026-11-02T09:00:00', 40, (m) => ({
      ...organic(m),
      reads: organicReads(m) + extra(m),
    }));
    const v = detectFakeTraffic(pts, NONE);
    // The top bin of the calibration: Laplace's rule never states certainty.
    expect(v).toMatchObject({
      status: 1,
      verdict: 'fake',
      forecast_fake: 1500,
      confidence: fakeProbability(v.score),
    });
    expect(v.confidence).toBeGreaterThan(0.99);
    expect(v.signals.map((s) => [s.code, s.fake])).toEqual([
      ['dilution', 1500],
      ['switch', 1500],
    ]);
    // The rest of the article: 1,439 reads, 46 engagements = 32.0 per thousand → 48 expected in the window;
    // tolerance 0.5 → λ = 24, observed 0: z = 24 / √(24 + 24² / 46) = 4.0.
    expect(v.signals[0]?.text).toBe(
      '11-03 20:00 至 11-03 22:00 新增 1,500 次阅读，只带来 0 次点赞/在看；按本文其余时段每千次阅读 32.0 次互动，应有约 48 次：约 1,500 次阅读没有读者互动（z=4.0）',
    );
    // Engagement evidence and delivery shape add up: 4.0 + the switch's 22.3 (12.5 reads a minute on, then off).
    expect(v.score).toBeCloseTo((v.signals[0]?.z ?? 0) + (v.signals[1]?.z ?? 0), 2);
    expect(v.signals[1]?.text).toContain(
      '开关式增长：11-03 20:00 阅读速度在 10 分钟内突然升高（多出约 125 次），11-03 22:00 又突然回落',
    );
  });

  it('flags reads switched on and off even with 点赞/在看 bought at the account ratio (switch)', () => {
    // 10 more reads a minute from 12:00 to 15:00, each 40th with a like and each 120th with a 在看.
    const extra = (m: number) => 10 * Math.min(180, Math.max(0, m - 180));
    const pts = series('2026-11-02T09:00:00', 24, (m) => {
      const reads = organicReads(m) + extra(m);
      return { reads, likes: Math.floor(reads / 40), looking: Math.floor(reads / 120) };
    });
    const v = detectFakeTraffic(pts, BASE);
    expect(v.signals.map((s) => s.code)).toEqual(['switch']);
    expect(v.signals[0]?.text).toMatch(
      /^开关式增长：11-02 12:00 阅读速度在 10 分钟内突然升高（多出约 99 次），11-02 15:00 又突然回落/,
    );
    expect(v).toMatchObject({ status: 1, verdict: 'fake' });
    // 1,800 bought; the estimate is the mean jump × the time between: 1,791.
    expect(v.forecast_fake).toBe(1791);
  });

  it('flags reads that keep coming day and night at one rate (rhythm)', () => {
    // Half a read a minute for three days, no engagement: no day in it at all.
    const pts = series('2026-11-02T09:00:00', 72, (m) => ({
      ...organic(m),
      reads: organicReads(m) + Math.floor(m * 0.5),
    }));
    const v = detectFakeTraffic(pts, BASE);
    expect(v).toMatchObject({ status: 1, verdict: 'fake' });
    const s = v.signals.find((x) => x.code === 'rhythm');
    expect(s?.text).toMatch(/^无昼夜节律：发布 18 小时后的 2 天里新增 1,44\d 次阅读，昼夜起伏只有 0%/);
    expect(s?.z).toBeGreaterThan(7);
  });

  it('does not take a share cascade that builds up over hours, its engagement following, for fake', () => {
    // A second wave of 1,500 readers from 10:00 the next day, building up (gamma) over about 3 hours.
    const wave = (m: number) => {
      const x = Math.max(0, m - 1500) / 180;
      return Math.floor(1500 * (1 - (1 + x) * Math.exp(-x)));
    };
    const pts = series('2026-11-02T09:00:00', 48, (m) => {
      const reads = organicReads(m) + wave(m);
      return { reads, likes: Math.floor(reads / 40), looking: Math.floor(reads / 100) };
    });
    const v = detectFakeTraffic(pts, BASE);
    expect(v).toMatchObject({ status: 0, verdict: 'clean' });
    // At most a weak on-switch (the wave's first minutes), far under the threshold.
    expect(v.score).toBeLessThan(FAKE_DECISION.clearScore);
  });

  it('does not take a tail fading to nothing for a stop', () => {
    // A second wave of 800 readers from 19:00 the next day that fades ~1.6× an hour to nothing overnight: the
    // hourly counts fall 4× within an hour only at the end, where the trend before already predicts it.
    const wave = (m: number) => {
      const x = Math.max(0, m - 2040) / 120;
      return Math.floor(800 * (1 - (1 + x) * Math.exp(-x)));
    };
    const pts = series('2026-11-02T09:00:00', 60, (m) => {
      const reads = organicReads(m) + wave(m);
      return { reads, likes: Math.floor(reads / 40), looking: Math.floor(reads / 120) };
    });
    const v = detectFakeTraffic(pts, BASE);
    // The wave's own start from a dead article pairs with the fading end only weakly, far under the threshold.
    expect(v.score).toBeLessThan(1);
    expect(v.verdict).toBe('clean');
  });

  it('judges the few engagements of a small article by an exact Poisson tail', () => {
    // 0 seen where 8.3 were due at the least: P = e^-8.3 / 2 (mid-p), a z of 3.66; the normal form said 2.7.
    expect(poissonLowZ(0, 8.3)).toBeCloseTo(3.66, 2);
    expect(poissonLowZ(1, 5.96)).toBeCloseTo(2.32, 2);
    expect(poissonLowZ(10, 10)).toBeLessThan(0);
    // 507 reads, no like or 在看, on an account with one per 16 reads: 刷量 from the whole article alone.
    const pts = series('2026-11-02T09:00:00', 24, (m) => ({
      reads: Math.floor(507 * (1 - Math.exp(-m / 240))),
      likes: 0,
      looking: 0,
    }));
    const v = detectFakeTraffic(pts, { readsPerEngagement: 16, articles: 14 });
    expect(v.signals.map((s) => s.code)).toContain('no_engagement');
    expect(v.verdict).toBe('fake');
  });

  it('does not take an advertorial with a third of the usual likes for fake', () => {
    const pts = series('2026-11-02T09:00:00', 24, (m) => {
      const reads = organicReads(m);
      return { reads, likes: Math.floor(reads / 90), looking: Math.floor(reads / 300) };
    });
    expect(detectFakeTraffic(pts, BASE).status).toBe(0);
  });

  it('treats falling or repeated polls as no change', () => {
    const pts = series('2026-11-02T09:00:00', 8, organic);
    const glitch = [...pts, { ...(pts[10] as SeriesPoint), reads: 0 }, pts[20] as SeriesPoint];
    expect(detectFakeTraffic(glitch, BASE)).toEqual(detectFakeTraffic(pts, BASE));
  });
});

describe('fake-traffic detector on every simulator shape and honest sub-type (development seed)', () => {
  const endMs = Date.parse('2026-11-20T00:00:00+08:00');
  const world = new SimWorld({
    seed: 20261122,
    accounts: 400,
    historyDays: 40,
    now: () => endMs,
    unlisted: 0,
    cheaters: 0.4,
  });
  const endS = endMs / 1000;
  const verdicts = new Map<string, ReturnType<typeof detectFakeTraffic>[]>();
  for (const a of world.accounts) {
    const arts: SimArticle[] = world.pushes(a).flatMap((p) => p.articles);
    const ratios = arts
      .filter((x) => x.createTime <= endS - 86_400)
      .map((x) => {
        const c = world.counts(x, endMs);
        return { aid: x.aid, ratio: readsPerEngagement(c.read, c.zan, c.looking) };
      })
      .sort((x, y) => x.ratio - y.ratio);
    for (const art of arts) {
      if (art.createTime < endS - 7 * 86_400 || art.createTime >= endS - 3 * 86_400) continue;
      const pts: SeriesPoint[] = [];
      for (let t = art.createTime + (a.mid % 300); t <= art.createTime + 72 * 3600; t += 300) {
        const c = world.counts(art, t * 1000);
        pts.push({ ts: t, reads: c.read, likes: c.zan, looking: c.looking });
      }
      const label = art.fake ? art.fake.shape : `honest:${world.honestKind(art)}`;
      verdicts.set(label, [
        ...(verdicts.get(label) ?? []),
        detectFakeTraffic(pts, baselineFor(ratios, art.aid)),
      ]);
    }
  }

  // Regression floors a little under what the development seed gives today (the Done-when targets are the
  // evaluation's, on fresh seeds): a broken signal shows here.
  const FLOOR: Record<string, number> = { no_likes: 0.6, human_rhythm: 0.75, drip: 0.8 };
  it.each(FAKE_SHAPES.filter((s) => s !== 'no_baseline'))('catches most of %s', (shape) => {
    const vs = verdicts.get(shape) ?? [];
    expect(vs.length).toBeGreaterThan(3);
    const caught = vs.filter((v) => v.verdict === 'fake').length / vs.length;
    expect(caught).toBeGreaterThanOrEqual(FLOOR[shape] ?? 0.85);
    for (const v of vs.filter((x) => x.verdict === 'fake')) {
      expect(v.confidence).toBeGreaterThanOrEqual(fakeProbability(FAKE_DECISION.fakeScore) - 1e-3);
      expect(v.signals.every((s) => /[\u4e00-\u9fff]/.test(s.text))).toBe(true);
    }
  });

  it.each([...HONEST_KINDS])('does not accuse honest %s articles', (kind) => {
    const vs = verdicts.get(`honest:${kind}`) ?? [];
    expect(vs.length).toBeGreaterThan(3);
    expect(vs.filter((v) => v.verdict === 'fake').length).toBeLessThanOrEqual(Math.floor(vs.length * 0.01));
    for (const v of vs) expect(v.reason).toMatch(/^(未发现刷量迹象|证据不足)/);
  });

  it('says 证据不足 for most very small and brand-new articles rather than a clean bill', () => {
    const small = [...(verdicts.get('honest:small') ?? []), ...(verdicts.get('honest:new_account') ?? [])];
    expect(small.filter((v) => v.verdict === 'insufficient').length).toBeGreaterThan(small.length / 2);
  });
});
