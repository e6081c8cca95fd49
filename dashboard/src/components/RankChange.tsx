// Rank change against the previous period (rank_change = previous place − this place; null: not ranked then).
import { Tag } from 'antd';

export function RankChange({ change }: { change: number | null }) {
  if (change === null)
    return (
      <Tag color="gold" data-testid="rank-change" data-change="new">
        新上榜
      </Tag>
    );
  if (change === 0)
    return (
      <span className="rank-change rank-same" data-testid="rank-change" data-change="0">
        —
      </span>
    );
  // Chinese convention: rising is red, falling green.
  return (
    <span
      className={`rank-change ${change > 0 ? 'rank-up' : 'rank-down'}`}
      data-testid="rank-change"
      data-change={change}
    >
      {change > 0 ? `↑${change}` : `↓${-change}`}
    </span>
  );
}

/** The place as a badge: the first three stand out. */
export function RankBadge({ rank }: { rank: number }) {
  return <span className={`rank-badge${rank <= 3 ? ` rank-top rank-top-${rank}` : ''}`}>{rank}</span>;
}
