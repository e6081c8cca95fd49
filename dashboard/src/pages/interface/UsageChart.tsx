// Calls per day over the chosen window (visx bars), every day shown, days without calls at zero.
import { BarChart, type BarDatum } from '../detail/BarChart';

const DAY_MS = 86_400_000;

/** The last `days` calendar days (Beijing time) ending today, oldest first, as yyyy-mm-dd. */
export function lastDays(days: number, now = Date.now()): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--)
    out.push(new Date(now - i * DAY_MS + 8 * 3_600_000).toISOString().slice(0, 10));
  return out;
}

export function UsageChart({ daily, days }: { daily: { day: string; calls: number }[]; days: number }) {
  const perDay = new Map<string, number>();
  for (const d of daily) perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.calls);
  const data: BarDatum[] = lastDays(days).map((day) => ({
    key: day,
    label: day.slice(5),
    value: perDay.get(day) ?? 0,
  }));
  // Thin the axis labels on long windows so they stay readable.
  const every = Math.ceil(data.length / 15);
  const shown = data.map((d, i) => (i % every === 0 ? d : { ...d, label: '' }));
  return <BarChart data={shown} height={280} ariaLabel="每日调用次数" testId="usage-chart" />;
}
