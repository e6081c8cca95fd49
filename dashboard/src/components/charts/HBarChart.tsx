// Horizontal visx bar chart for the top of a ranking: long Chinese names read better on the left than under bars.
import { AxisBottom } from '@visx/axis';
import { GridColumns } from '@visx/grid';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatRatio } from '../../lib/format';

export interface HBarDatum {
  key: string;
  label: string;
  value: number;
}

interface HBarChartProps {
  data: HBarDatum[];
  ariaLabel: string;
  testId: string;
  color?: string;
  format?: (v: number) => string;
}

const ROW = 26;
const MARGIN = { top: 8, right: 72, bottom: 28, left: 150 };

/** Names longer than the label column are cut with an ellipsis (the table below has them in full). */
const cut = (s: string) => (s.length > 10 ? `${s.slice(0, 10)}…` : s);

function Bars({
  data,
  ariaLabel,
  testId,
  color,
  format,
  width,
}: Required<HBarChartProps> & { width: number }) {
  const innerW = Math.max(width - MARGIN.left - MARGIN.right, 20);
  const innerH = data.length * ROW;
  const y = scaleBand<string>({ domain: data.map((d) => d.key), range: [0, innerH], padding: 0.25 });
  const max = Math.max(0, ...data.map((d) => d.value));
  const x = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [0, innerW], nice: true });
  return (
    <svg
      width={width}
      height={innerH + MARGIN.top + MARGIN.bottom}
      role="img"
      aria-label={ariaLabel}
      data-testid={testId}
    >
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridColumns scale={x} height={innerH} numTicks={5} stroke="#f0f0f0" />
        {data.map((d) => {
          const by = y(d.key) ?? 0;
          const bw = Math.max(x(d.value) ?? 0, 0);
          return (
            <g key={d.key} data-testid={`${testId}-bar`} data-label={d.label} data-value={d.value}>
              <text x={-8} y={by + y.bandwidth() / 2} dy="0.33em" textAnchor="end" className="hbar-label">
                {cut(d.label)}
              </text>
              <Bar x={0} y={by} width={bw} height={y.bandwidth()} fill={color} rx={2} />
              <text x={bw + 6} y={by + y.bandwidth() / 2} dy="0.33em" className="hbar-value">
                {format(d.value)}
              </text>
            </g>
          );
        })}
        <AxisBottom
          top={innerH}
          scale={x}
          numTicks={5}
          tickFormat={(v) => format(Number(v))}
          stroke="#bfbfbf"
          tickStroke="#bfbfbf"
          tickLabelProps={{ fontSize: 11, fill: '#8c8c8c', textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
}

export function HBarChart({ color = '#1677ff', format = formatRatio, ...rest }: HBarChartProps) {
  if (rest.data.length === 0) return null;
  return (
    // ParentSize measures its box: give it the chart's height so the width is measured before the first draw.
    <div style={{ width: '100%', height: rest.data.length * ROW + MARGIN.top + MARGIN.bottom }}>
      <ParentSize debounceTime={50}>
        {({ width }) => (width > 0 ? <Bars {...rest} color={color} format={format} width={width} /> : null)}
      </ParentSize>
    </div>
  );
}
