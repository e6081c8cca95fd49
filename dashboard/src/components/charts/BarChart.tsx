// A small visx bar chart: one bar per category, with the value above bars greater than zero.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatTotal } from '../../lib/format';

export interface BarDatum {
  key: string;
  label: string;
  value: number;
}

interface BarChartProps {
  data: BarDatum[];
  height?: number;
  color?: string;
  testId?: string;
  ariaLabel: string;
}

const MARGIN = { top: 24, right: 16, bottom: 32, left: 56 };

function Bars({
  data,
  width,
  height,
  color,
  testId,
  ariaLabel,
}: BarChartProps & { width: number; height: number }) {
  const innerW = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: data.map((d) => d.key), range: [0, innerW], padding: 0.25 });
  const max = Math.max(0, ...data.map((d) => d.value));
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [innerH, 0], nice: true });
  const labelOf = new Map(data.map((d) => [d.key, d.label]));
  return (
    <svg width={width} height={height} role="img" aria-label={ariaLabel} data-testid={testId}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridRows scale={y} width={innerW} numTicks={4} stroke="#f0f0f0" />
        {data.map((d) => {
          const bx = x(d.key) ?? 0;
          const bw = x.bandwidth();
          const by = y(d.value) ?? innerH;
          return (
            <g key={d.key} data-testid={testId ? `${testId}-bar` : undefined} data-value={d.value}>
              <Bar x={bx} y={by} width={bw} height={innerH - by} fill={color} rx={2} />
              {d.value > 0 && (
                <text x={bx + bw / 2} y={by - 6} textAnchor="middle" className="detail-bar-label">
                  {formatTotal(d.value)}
                </text>
              )}
            </g>
          );
        })}
        <AxisLeft
          scale={y}
          numTicks={4}
          tickFormat={(v) => formatTotal(Number(v))}
          stroke="#bfbfbf"
          tickStroke="#bfbfbf"
          tickLabelProps={{ fontSize: 11, fill: '#8c8c8c', textAnchor: 'end', dx: -4, dy: '0.33em' }}
        />
        <AxisBottom
          top={innerH}
          scale={x}
          tickFormat={(k) => labelOf.get(String(k)) ?? String(k)}
          stroke="#bfbfbf"
          tickStroke="#bfbfbf"
          tickLabelProps={{ fontSize: 11, fill: '#595959', textAnchor: 'middle' }}
        />
      </Group>
    </svg>
  );
}

export function BarChart({ height = 260, color = '#1677ff', ...rest }: BarChartProps) {
  return (
    <div style={{ width: '100%', height }}>
      <ParentSize debounceTime={50}>
        {({ width }) => (width > 0 ? <Bars {...rest} color={color} width={width} height={height} /> : null)}
      </ParentSize>
    </div>
  );
}
