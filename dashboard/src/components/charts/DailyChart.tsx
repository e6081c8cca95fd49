// A visx chart of one figure per day: a line on the left axis (reads) over bars on the right axis (articles), with
// the day's values in a tooltip under the pointer. Used by the account detail's daily trend.
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { type MouseEvent, useState } from 'react';
import { formatTotal, formatWan } from '../../lib/format';

export interface DailyPoint {
  /** yyyy-mm-dd */
  date: string;
  line: number;
  bar: number;
}

interface DailyChartProps {
  data: DailyPoint[];
  lineLabel: string;
  barLabel: string;
  height?: number;
  testId?: string;
}

const MARGIN = { top: 16, right: 48, bottom: 32, left: 64 };
const LINE_COLOR = '#1677ff';
const BAR_COLOR = '#b7eb8f';
const TICK = { fontSize: 11, fill: '#8c8c8c' };
/** The legend line above the chart. */
const LEGEND_HEIGHT = 32;

/** MM-DD of a yyyy-mm-dd day. */
const shortDay = (date: string) => date.slice(5);

function Chart({
  data,
  lineLabel,
  barLabel,
  height,
  testId,
  width,
}: Required<DailyChartProps> & { width: number }) {
  const [hover, setHover] = useState<number | null>(null);
  const innerW = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: data.map((d) => d.date), range: [0, innerW], padding: 0.3 });
  const lineMax = Math.max(0, ...data.map((d) => d.line));
  const barMax = Math.max(0, ...data.map((d) => d.bar));
  const yLine = scaleLinear<number>({
    domain: [0, lineMax > 0 ? lineMax : 1],
    range: [innerH, 0],
    nice: true,
  });
  const yBar = scaleLinear<number>({ domain: [0, barMax > 0 ? barMax : 1], range: [innerH, 0], nice: true });
  const center = (d: DailyPoint) => (x(d.date) ?? 0) + x.bandwidth() / 2;
  // About eight day labels, whatever the window (7, 30 or 90 days).
  const every = Math.max(1, Math.ceil(data.length / 8));
  const ticks = data.filter((_, i) => i % every === 0).map((d) => d.date);

  const onMove = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const at = e.clientX - box.left - MARGIN.left;
    const step = innerW / Math.max(data.length, 1);
    setHover(Math.min(data.length - 1, Math.max(0, Math.floor(at / step))));
  };
  const point = hover === null ? undefined : data[hover];
  const pointX = point ? MARGIN.left + center(point) : 0;

  return (
    <div className="trend-chart">
      <div className="trend-legend">
        <span className="trend-legend-item">
          <span className="trend-legend-swatch" style={{ background: LINE_COLOR }} />
          {lineLabel}（左轴）
        </span>
        <span className="trend-legend-item">
          <span className="trend-legend-swatch" style={{ background: BAR_COLOR, height: 10 }} />
          {barLabel}（右轴）
        </span>
      </div>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={`${lineLabel}与${barLabel}每日变化`}
        data-testid={testId}
        onMouseMove={onMove}
        onMouseLeave={() => setHover(null)}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          <GridRows scale={yLine} width={innerW} numTicks={4} stroke="#f0f0f0" />
          {data.map((d) => {
            const by = yBar(d.bar) ?? innerH;
            return (
              <Bar
                key={d.date}
                data-testid={`${testId}-bar`}
                data-value={d.bar}
                x={x(d.date) ?? 0}
                y={by}
                width={x.bandwidth()}
                height={innerH - by}
                fill={BAR_COLOR}
              />
            );
          })}
          <LinePath<DailyPoint>
            data={data}
            x={center}
            y={(d) => yLine(d.line) ?? innerH}
            stroke={LINE_COLOR}
            strokeWidth={2}
            data-testid={`${testId}-line`}
          />
          {point && (
            <line
              x1={center(point)}
              x2={center(point)}
              y1={0}
              y2={innerH}
              stroke="#8c8c8c"
              strokeDasharray="4 3"
              pointerEvents="none"
            />
          )}
          <AxisLeft
            scale={yLine}
            numTicks={4}
            tickFormat={(v) => formatWan(Number(v))}
            stroke="#bfbfbf"
            tickStroke="#bfbfbf"
            tickLabelProps={{ ...TICK, textAnchor: 'end', dx: -4, dy: '0.33em' }}
          />
          <AxisRight
            left={innerW}
            scale={yBar}
            numTicks={4}
            tickFormat={(v) => (Number.isInteger(Number(v)) ? String(v) : '')}
            stroke="#bfbfbf"
            tickStroke="#bfbfbf"
            tickLabelProps={{ ...TICK, textAnchor: 'start', dx: 4, dy: '0.33em' }}
          />
          <AxisBottom
            top={innerH}
            scale={x}
            tickValues={ticks}
            tickFormat={(d) => shortDay(String(d))}
            stroke="#bfbfbf"
            tickStroke="#bfbfbf"
            tickLabelProps={{ ...TICK, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
      {point && (
        <div
          className="trend-tooltip"
          data-testid={`${testId}-tooltip`}
          style={
            pointX > width / 2 ? { right: width - pointX + 12, top: 40 } : { left: pointX + 12, top: 40 }
          }
        >
          <div className="trend-tooltip-time">{point.date}</div>
          <div>
            {lineLabel}：{formatTotal(point.line)}
          </div>
          <div>
            {barLabel}：{formatTotal(point.bar)}
          </div>
        </div>
      )}
    </div>
  );
}

export function DailyChart({ height = 280, testId = 'daily-chart', ...rest }: DailyChartProps) {
  return (
    // A fixed height (legend + chart), as BarChart: ParentSize measures this box, so it must not grow with its content.
    <div style={{ width: '100%', height: height + LEGEND_HEIGHT }}>
      <ParentSize debounceTime={50}>
        {({ width }) =>
          width > 0 ? <Chart {...rest} height={height} testId={testId} width={width} /> : null
        }
      </ParentSize>
    </div>
  );
}
