// Calls per day over the chosen window as visx bars: every day shown (days without calls at zero), integer
// ticks only (calls are whole numbers), the count above bars greater than zero.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatTotal } from '../../../lib/format';

const DAY_MS = 86_400_000;
const HEIGHT = 280;
const MARGIN = { top: 24, right: 16, bottom: 32, left: 56 };

/** The last `days` calendar days (Beijing time) ending today, oldest first, as yyyy-mm-dd. */
export function lastDays(days: number, now = Date.now()): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--)
    out.push(new Date(now - i * DAY_MS + 8 * 3_600_000).toISOString().slice(0, 10));
  return out;
}

interface Day {
  day: string;
  calls: number;
}

function Bars({ data, width }: { data: Day[]; width: number }) {
  const innerW = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: data.map((d) => d.day), range: [0, innerW], padding: 0.25 });
  const max = Math.max(1, ...data.map((d) => d.calls));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const ticks = y.ticks(Math.min(4, max)).filter((t) => Number.isInteger(t));
  // Thin the date labels on long windows so they stay readable.
  const every = Math.ceil(data.length / 15);
  const shown = new Set(data.filter((_, i) => i % every === 0).map((d) => d.day));
  return (
    <svg width={width} height={HEIGHT} role="img" aria-label="每日调用次数" data-testid="usage-chart">
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridRows scale={y} width={innerW} tickValues={ticks} stroke="#f0f0f0" />
        {data.map((d) => {
          const bx = x(d.day) ?? 0;
          const bw = x.bandwidth();
          const by = y(d.calls) ?? innerH;
          return (
            <g key={d.day} data-testid="usage-chart-bar" data-day={d.day} data-value={d.calls}>
              <Bar x={bx} y={by} width={bw} height={innerH - by} fill="#1677ff" rx={2} />
              {d.calls > 0 && (
                <text x={bx + bw / 2} y={by - 6} textAnchor="middle" className="detail-bar-label">
                  {formatTotal(d.calls)}
                </text>
              )}
            </g>
          );
        })}
        <AxisLeft
          scale={y}
          tickValues={ticks}
          tickFormat={(v) => formatTotal(Number(v))}
          stroke="#bfbfbf"
          tickStroke="#bfbfbf"
          tickLabelProps={{ fontSize: 11, fill: '#8c8c8c', textAnchor: 'end', dx: -4, dy: '0.33em' }}
        />
        <AxisBottom
          top={innerH}
          scale={x}
          tickValues={data.map((d) => d.day).filter((d) => shown.has(d))}
          tickFormat={(d) => String(d).slice(5)}
          stroke="#bfbfbf"
          tickStroke="#bfbfbf"
          tickLabelProps={{ fontSize: 11, fill: '#595959', textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
}

export function UsageChart({ daily, days }: { daily: Day[]; days: number }) {
  const perDay = new Map<string, number>();
  for (const d of daily) perDay.set(d.day, (perDay.get(d.day) ?? 0) + d.calls);
  const data = lastDays(days).map((day) => ({ day, calls: perDay.get(day) ?? 0 }));
  return (
    <div style={{ width: '100%', height: HEIGHT }}>
      <ParentSize debounceTime={50}>
        {({ width }) => (width > 0 ? <Bars data={data} width={width} /> : null)}
      </ParentSize>
    </div>
  );
}
