// A figure as Chinese sites write it (11.2万), the exact value in a tooltip when shortened.
import { Tooltip } from 'antd';
import { formatRatio, formatWan, isAbbreviated } from '../lib/format';

export function WanFigure({ value }: { value: number | null | undefined }) {
  if (!isAbbreviated(value)) return <>{formatWan(value)}</>;
  return (
    <Tooltip title={formatRatio(value)}>
      <span className="has-tooltip" data-testid="figure-wan" data-value={value}>
        {formatWan(value)}
      </span>
    </Tooltip>
  );
}
