import { describe, expect, it } from 'vitest';
import { detectFakeTraffic, type SeriesPoint } from './fake-detector';

/**
 * Hand-computed cases, one per signal, on small fixed series. Times are Beijing; every series is polled every
 * 10 minutes. Engagement E = likes + looking.
 */
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);
const MIN = 60;

/** Polls every `stepMin` minutes from `from` for `hours`, counters from a function of minutes since `from`. */
function series(
  from: string,
  hours: number,
  f: (m: number) => { reads: number; likes: number; looking: number },
  stepMin = 10,
): SeriesPoint[] {
  const t0 = at(from);
  const out: SeriesPoint[] = [];
  for (let m = 0; m <= hours * 60; m += stepMin) out.push({ ts: t0 + m * MIN, ...f(m) });
  return out;
}

/** Organic growth: reads 2 per minute, one like per 40 reads, one 在看 per 120 (60 reads per engagement). */
const organic = (m: number) => ({
  reads: 2 * m,
  likes: Math.floor((2 * m) / 40),
  looking: Math.floor((2 * m) / 120),
});
const BASE = { readsPerEngagement: 60, articles: 10 };

describe('fake-traffic detector', () => {
  it('finds nothing in reads and engagement that grow together', () => {
    const v = detectFakeTraffic(series('2026-11-02T09:00:00', 8, organic), BASE);
    // 8 h: reads 960, likes 24, looking 8: 960 / 33 = 29 reads per engagement, below the baseline.
    expect(v).toMatchObject({ status: 0, forecast_fake: 0, forecast_fake_per: 0, reads: 960, points: 49 });
    expect(v.signals).toEqual([]);
  });

  it('does not judge fewer than 6 polls or less than 2 hours', () => {
    const v = detectFakeTraffic(series('2026-11-02T09:00:00', 1, organic), BASE);
    expect(v).toMatchObject({ status: 0, points: 7, signals: [] });
  });

  it('flags reads without likes against the account baseline (no_engagement)', () => {
    // Same organic growth, plus 3,000 reads spread evenly that bring no engagement, over a daytime window.
    const v = detectFakeTraffic(
      series('2026-11-02T09:00:00', 8, (m) => ({
        ...organic(m),
        reads: 2 * m + Math.round((3000 * m) / 480),
      })),
      BASE,
    );
    // Final: reads 960 + 3000 = 3960, E + 1 = 33: 120 reads per engagement = 2.0 × 60 — below the 2.2 factor.
    expect(v.signals.find((s) => s.code === 'no_engagement')).toBeUndefined();
    // The same article on an account whose baseline is 40: factor 3.0; expected E = 3960 / 40 = 99, observed
    // 33, z = (99 − 33) / √99 = 6.6; fake = 3960 − 40 × 33 = 2,640.
    const w = detectFakeTraffic(
      series('2026-11-02T09:00:00', 8, (m) => ({
        ...organic(m),
        reads: 2 * m + Math.round((3000 * m) / 480),
      })),
      { readsPerEngagement: 40, articles: 10 },
    );
    const s = w.signals.find((x) => x.code === 'no_engagement');
    expect(s?.fake).toBe(2640);
    expect(s?.text).toContain('是该号平时（40 次）的 3.0 倍');
    expect(w.status).toBe(1);
  });

  it('needs an account baseline of at least 3 articles for no_engagement', () => {
    const v = detectFakeTraffic(
      series('2026-11-02T09:00:00', 8, (m) => ({
        ...organic(m),
        reads: 2 * m + Math.round((3000 * m) / 480),
      })),
      { readsPerEngagement: 40, articles: 2 },
    );
    expect(v.signals.find((s) => s.code === 'no_engagement')).toBeUndefined();
  });

  it('flags reads that keep rising once engagement has stopped following (curve_deviation)', () => {
    // 6 reads a minute and one like per 20 reads; from 12:00 to 14:00 another 10 reads a minute, no likes.
    const pts = series('2026-11-02T09:00:00', 8, (m) => ({
      reads: 6 * m + 10 * Math.min(120, Math.max(0, m - 180)),
      likes: Math.floor((6 * m) / 20),
      looking: 0,
    }));
    // No account baseline, so only the article's own curve speaks. Engagement reaches 15 at 09:50 with reads
    // 300: 20 reads per engagement, the best ratio. Final: reads 2,880 + 1,200 = 4,080, E = 144 → 2,880 expected.
    const v = detectFakeTraffic(pts, { readsPerEngagement: 0, articles: 0 });
    expect(v.signals).toEqual([
      {
        code: 'curve_deviation',
        fake: 1200,
        text: '阅读曲线偏离正常衰减：点赞/在看没有跟上，阅读最多超出互动所能解释的 1,200 次（11-02 14:00），目前仍超出 1,200 次',
      },
    ]);
    expect(v).toMatchObject({ status: 1, forecast_fake: 1200, forecast_fake_per: 0.294 });
  });

  it('flags a jump of reads inside one poll interval (step)', () => {
    // 1,200 reads land between 12:00 and 12:10; the neighbours grow 20 reads per interval.
    const pts = series('2026-11-02T09:00:00', 8, (m) => ({
      ...organic(m),
      reads: 2 * m + (m >= 190 ? 1200 : 0),
    }));
    const v = detectFakeTraffic(pts, BASE);
    const s = v.signals.find((x) => x.code === 'step');
    // jump = 1,220 − 20 (the neighbours' median rate 2/min × 10 min) = 1,200.
    expect(s?.fake).toBe(1200);
    expect(s?.text).toContain('1 次阅读在单个采集间隔内突增（最大一次 1,200 次）');
    expect(v.status).toBe(1);
    // Final reads 2,160; the estimate is the largest signal's: 1,200, 56% of reads. curve_deviation stays
    // quiet: engagement first reaches 15 at 03:50 in, after the jump, so no ratio before it is trusted.
    expect(v.signals.map((x) => x.code)).toEqual(['step']);
  });

  it('flags growth at 00:00–06:00 that engagement does not share (night)', () => {
    // Published 20:00; organic reads all day long; 1,500 extra reads between 01:00 and 05:00 with no engagement.
    const pts = series('2026-11-02T20:00:00', 12, (m) => {
      const extra = Math.round(Math.min(1500, Math.max(0, ((m - 300) * 1500) / 240)));
      return { ...organic(m), reads: 2 * m + extra };
    });
    const v = detectFakeTraffic(pts, BASE);
    const s = v.signals.find((x) => x.code === 'night');
    // Night (00:00–06:00 = minutes 240–600): organic reads 720 + fake 1,500 of 2,940 total growth = 75.5%;
    // engagement at night: likes 30 − 12 = 18, looking 10 − 4 = 6 → 24 of 48 = 50%. Excess 25.5 points.
    // Day ratio = (2,940 − 2,220) / (48 − 24) = 30 reads per engagement; fake = 2,220 − 24 × 30 = 1,500.
    expect(s?.fake).toBe(1500);
    expect(s?.text).toContain('76% 的阅读增长发生在凌晨，而同时段点赞/在看只占 50%');
    expect(v.status).toBe(1);
  });

  it('describes a straight line only alongside other evidence (linear)', () => {
    // A flat organic morning (20 reads per 10 min, engagement to match) is not evidence on its own.
    const flat = detectFakeTraffic(series('2026-11-02T09:00:00', 6, organic), BASE);
    expect(flat.status).toBe(0);
    // 250 reads per hour with no engagement from 10:00 to 15:00, switched off at 15:00, on a baseline of 60.
    const pts = series('2026-11-02T09:00:00', 8, (m) => {
      const extra = Math.round(Math.min(1250, Math.max(0, ((m - 60) * 250) / 60)));
      return { ...organic(m), reads: 2 * m + extra };
    });
    const v = detectFakeTraffic(pts, BASE);
    const s = v.signals.find((x) => x.code === 'linear');
    // Hourly increments 10:00–15:00: 120 organic + 250 fake = 370 reads, engagement 3 + 1 = 4 per hour (likes
    // 1 per 40 reads, looking 1 per 120); unexplained 370 − 60 × 4 = 130 per hour, ≥ half the reads (no: 130 <
    // 185), so the run stops there: the organic reads here are too many for a line. With a baseline of 20:
    // unexplained 370 − 80 = 290 per hour over 5 hours = 1,450, then 15:00–16:00 drops to 120 ≤ 0.4 × 370.
    expect(s).toBeUndefined();
    const w = detectFakeTraffic(pts, { readsPerEngagement: 20, articles: 10 });
    const line = w.signals.find((x) => x.code === 'linear');
    expect(line?.text).toContain('连续 5 小时');
    expect(line?.fake).toBe(1450);
    expect(w.status).toBe(1);
  });

  it('treats falling or repeated polls as no change', () => {
    const pts = series('2026-11-02T09:00:00', 8, organic);
    const glitch = [...pts, { ...(pts[10] as SeriesPoint), reads: 0 }, pts[20] as SeriesPoint];
    expect(detectFakeTraffic(glitch, BASE)).toEqual(detectFakeTraffic(pts, BASE));
  });
});
