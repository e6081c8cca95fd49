/**
 * The fake-traffic signals a report names (stream/analytics/fake-detector.ts computes them; the dashboard labels
 * them). curve_deviation, night, step and linear are kept for reports stored by the earlier detector.
 */
export const SIGNAL_CODES = [
  'dilution',
  'no_engagement',
  'switch',
  'rhythm',
  'curve_deviation',
  'night',
  'step',
  'linear',
] as const;
export type SignalCode = (typeof SIGNAL_CODES)[number];

/** One signal of a report, as the detector stores it in fake_reports.signals and the report answers it. */
export interface Signal {
  code: SignalCode;
  /** Fake reads this signal alone implies. */
  fake: number;
  /** Why, in Chinese, with the figures. */
  text: string;
  /** Strength of the evidence (a Poisson z-score); absent on reports of the earlier detector. */
  z?: number;
}

/** 'fake' 疑似刷量, 'clean' 正常, 'insufficient' 证据不足 (the series cannot decide; never counted as clean). */
export type FakeVerdictKind = 'fake' | 'clean' | 'insufficient';

/**
 * The least evidence a verdict needs: at least this many polls spanning this long. The detector judges by it and
 * the reports (isExistReport, read_praise_report) tell a member how far an article is from it.
 */
export const FAKE_MIN_EVIDENCE = { minPoints: 6, minSpanS: 2 * 3600 } as const;
