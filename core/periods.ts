/** Ranking periods over Beijing calendar days, as 'YYYY-MM-DD' strings (weeks start on Monday). */
export const PERIODS = ['day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

const parse = (d: string) => Date.parse(`${d}T00:00:00Z`);
const fmt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (d: string, n: number) => fmt(parse(d) + n * DAY_MS);
export const daysBetween = (a: string, b: string) => Math.round((parse(b) - parse(a)) / DAY_MS);

/** The Beijing calendar day of an instant. */
export const beijingDay = (ms: number) => fmt(ms + BEIJING_OFFSET_MS);

/** The Beijing wall-clock time of an instant, as 'YYYY-MM-DD HH:mm:ss' (how answers and ClickHouse show times). */
export const beijingDateTime = (ms: number) =>
  new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** The instant (ms) of a Beijing wall-clock time 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss'. */
export const beijingTimeMs = (t: string) => {
  const [day, time = '00:00'] = t.trim().split(' ');
  return Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}Z`) - BEIJING_OFFSET_MS;
};

/** First day of the period containing `day`. */
export function periodStart(period: Period, day: string): string {
  if (period === 'day') return day;
  if (period === 'week') {
    const dow = (new Date(parse(day)).getUTCDay() + 6) % 7; // Monday = 0
    return addDays(day, -dow);
  }
  return `${day.slice(0, 8)}01`;
}

/** First day after the period that starts at `start`. */
export function periodEnd(period: Period, start: string): string {
  if (period === 'day') return addDays(start, 1);
  if (period === 'week') return addDays(start, 7);
  const d = new Date(parse(start));
  return fmt(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/** Start of the period before the one that starts at `start`. */
export const previousStart = (period: Period, start: string) => periodStart(period, addDays(start, -1));

/**
 * Days the WCI averages over: the period's length, or for the running period the days elapsed including
 * today, so a half-finished week is not averaged over days that have not happened.
 */
export function periodDays(period: Period, start: string, today: string): number {
  const end = periodEnd(period, start);
  const full = daysBetween(start, end);
  if (today >= end) return full;
  return Math.max(1, Math.min(full, daysBetween(start, today) + 1));
}

/** Spec §9: back-collection (历史回采) covers at most 6 months. */
export const BACKFILL_MAX_DAYS = 180;
