// Line chart of counters over time in plain SVG: reads on the left axis, likes and 在看 on the right one.
// Points are placed by their time, so gaps between polls show as gaps.
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { formatTotal } from '../../lib/format';

export interface TrendSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
  axis: 'left' | 'right';
}

interface TrendChartProps {
  time: string[];
  series: TrendSeries[];
  height?: number;
  /**
   * Scale each axis to its series' own range instead of from 0: small changes on large counts (an article monitored
   * after its growth ended) then show as lines that move, not flat ones.
   */
  zoom?: boolean;
}

const MARGIN = { top: 16, right: 64, bottom: 36, left: 64 };
const TICKS = 5;

/** Evenly spaced round ticks from 0 covering `max`. */
export function niceTicks(max: number, count = TICKS): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude) || 1;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(Math.round(v * 1000) / 1000);
  return ticks;
}

/** Round ticks covering [min, max] for a zoomed axis: from 0 when the range reaches down to it. */
export function niceRange(min: number, max: number, count = TICKS): number[] {
  if (!(max > min) || min <= 0) return niceTicks(max, count);
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const bottom = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = bottom; v <= max + step - step / 1000; v += step) ticks.push(Math.round(v * 1000) / 1000);
  return ticks.length >= 2 ? ticks : [bottom, bottom + step];
}

const MINUTE_MS = 60_000;

/**
 * Minutes of each 'MM-DD HH:mm' label on one increasing scale (the labels carry no year: a label earlier than
 * the one before it is in the next year). Null when a label does not parse; the chart then spaces by order.
 */
export function labelMinutes(labels: string[]): number[] | null {
  const out: number[] = [];
  let year = 2000;
  for (const label of labels) {
    const m = /^(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(label);
    if (!m) return null;
    const [mo, d, h, mi] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    let t = Date.UTC(year, mo - 1, d, h, mi) / MINUTE_MS;
    const prev = out.at(-1);
    if (prev !== undefined && t < prev) {
      year += 1;
      t = Date.UTC(year, mo - 1, d, h, mi) / MINUTE_MS;
    }
    out.push(t);
  }
  return out;
}

const pad2 = (v: number) => String(v).padStart(2, '0');

function minutesLabel(minutes: number): string {
  const d = new Date(minutes * MINUTE_MS);
  return `${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

/** Axis labels: 1.5万 from 15000. */
function axisLabel(v: number): string {
  if (v >= 10_000) return `${Math.round((v / 10_000) * 100) / 100}万`;
  return String(v);
}

function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || fallback);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width || fallback);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallback]);
  return { ref, width };
}

export function TrendChart({ time, series, height = 320, zoom = false }: TrendChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>(800);
  const [hover, setHover] = useState<number | null>(null);
  const n = time.length;
  const innerW = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const innerH = height - MARGIN.top - MARGIN.bottom;

  const scales = useMemo(() => {
    const valuesOf = (axis: TrendSeries['axis']) =>
      series.filter((s) => s.axis === axis).flatMap((s) => s.values);
    const ticksOf = (axis: TrendSeries['axis']) => {
      const values = valuesOf(axis);
      const max = Math.max(0, ...values);
      return zoom && values.length > 0 ? niceRange(Math.min(...values), max) : niceTicks(max);
    };
    const left = ticksOf('left');
    const right = ticksOf('right');
    return {
      left,
      right,
      leftBottom: left[0] ?? 0,
      leftTop: left.at(-1) ?? 1,
      rightBottom: right[0] ?? 0,
      rightTop: right.at(-1) ?? 1,
    };
  }, [series, zoom]);

  // Position of each point on 0..1: by time when the labels parse, else by order.
  const position = useMemo(() => {
    const minutes = labelMinutes(time);
    const first = minutes?.[0];
    const last = minutes?.at(-1);
    if (minutes && first !== undefined && last !== undefined && last > first)
      return { at: minutes.map((t) => (t - first) / (last - first)), first, last };
    return { at: time.map((_, i) => (n <= 1 ? 0.5 : i / (n - 1))), first: null, last: null };
  }, [time, n]);
  const x = (i: number) => MARGIN.left + (position.at[i] ?? 0.5) * innerW;
  const y = (v: number, axis: TrendSeries['axis']) => {
    const [bottom, top] =
      axis === 'left' ? [scales.leftBottom, scales.leftTop] : [scales.rightBottom, scales.rightTop];
    return MARGIN.top + innerH - ((v - bottom) / (top - bottom || 1)) * innerH;
  };

  // About six time labels along the x axis: evenly spaced in time, or every k-th point.
  const xLabels: { t: string; at: number }[] = [];
  if (position.first !== null && position.last !== null) {
    for (let k = 0; k <= 5; k++)
      xLabels.push({
        t: minutesLabel(position.first + ((position.last - position.first) * k) / 5),
        at: k / 5,
      });
  } else {
    const every = Math.max(1, Math.ceil(n / 6));
    time.forEach((t, i) => {
      if (i % every === 0) xLabels.push({ t, at: position.at[i] ?? 0.5 });
    });
  }

  // The nearest point to the pointer, anywhere over the chart.
  const onMove = (e: MouseEvent<SVGSVGElement>) => {
    if (n === 0) return;
    const box = e.currentTarget.getBoundingClientRect();
    const at = (e.clientX - box.left - MARGIN.left) / innerW;
    let nearest = 0;
    position.at.forEach((p, i) => {
      if (Math.abs(p - at) < Math.abs((position.at[nearest] ?? 0) - at)) nearest = i;
    });
    setHover(nearest);
  };

  // Charts with every series on the left axis (account comparison, brand volume) draw no right axis.
  const dual = series.some((s) => s.axis === 'right');
  const hoverX = hover === null ? 0 : x(hover);
  const tooltipLeft = hoverX > width / 2;

  return (
    <div className="trend-chart" ref={ref}>
      <div className="trend-legend">
        {series.map((s) => (
          <span key={s.key} className="trend-legend-item">
            <span className="trend-legend-swatch" style={{ background: s.color }} />
            {s.label}
            {dual ? `（${s.axis === 'left' ? '左轴' : '右轴'}）` : ''}
          </span>
        ))}
      </div>
      <svg
        data-testid="trend-chart"
        width={width}
        height={height}
        role="img"
        aria-label={`${series.map((s) => s.label).join('、')}随时间变化`}
        onMouseMove={onMove}
        onMouseLeave={() => setHover(null)}
      >
        {scales.left.map((v) => (
          <g key={`l${v}`}>
            <line
              x1={MARGIN.left}
              x2={MARGIN.left + innerW}
              y1={y(v, 'left')}
              y2={y(v, 'left')}
              stroke="#f0f0f0"
            />
            <text x={MARGIN.left - 8} y={y(v, 'left')} dy="0.32em" textAnchor="end" className="trend-tick">
              {axisLabel(v)}
            </text>
          </g>
        ))}
        {(dual ? scales.right : []).map((v) => (
          <text
            key={`r${v}`}
            x={MARGIN.left + innerW + 8}
            y={y(v, 'right')}
            dy="0.32em"
            textAnchor="start"
            className="trend-tick"
          >
            {axisLabel(v)}
          </text>
        ))}
        <line
          x1={MARGIN.left}
          x2={MARGIN.left + innerW}
          y1={MARGIN.top + innerH}
          y2={MARGIN.top + innerH}
          stroke="#bfbfbf"
        />
        {xLabels.map(({ t, at }) => (
          <text
            key={`${at}:${t}`}
            x={MARGIN.left + at * innerW}
            y={MARGIN.top + innerH + 20}
            textAnchor="middle"
            className="trend-tick"
          >
            {t}
          </text>
        ))}
        {series.map((s) => (
          <polyline
            key={s.key}
            data-testid={`trend-line-${s.key}`}
            fill="none"
            stroke={s.color}
            strokeWidth={2}
            strokeLinejoin="round"
            points={s.values.map((v, i) => `${x(i)},${y(v, s.axis)}`).join(' ')}
          />
        ))}
        {hover !== null && (
          <g pointerEvents="none">
            <line
              x1={hoverX}
              x2={hoverX}
              y1={MARGIN.top}
              y2={MARGIN.top + innerH}
              stroke="#8c8c8c"
              strokeDasharray="4 3"
            />
            {series.map((s) => (
              <circle key={s.key} cx={hoverX} cy={y(s.values[hover] ?? 0, s.axis)} r={4} fill={s.color} />
            ))}
          </g>
        )}
      </svg>
      {hover !== null && (
        <div
          className="trend-tooltip"
          data-testid="trend-tooltip"
          style={
            tooltipLeft
              ? { right: width - hoverX + 12, top: MARGIN.top + 28 }
              : { left: hoverX + 12, top: MARGIN.top + 28 }
          }
        >
          <div className="trend-tooltip-time">{time[hover]}</div>
          {series.map((s) => (
            <div key={s.key}>
              <span className="trend-legend-swatch" style={{ background: s.color }} />
              {s.label}：{formatTotal(s.values[hover])}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
