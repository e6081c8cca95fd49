// Day / week / month switch of the rankings; the range of the shown period next to it.
import { Radio, Typography } from 'antd';
import type { RankPeriod } from '../lib/period';

export const PERIOD_LABELS: Record<RankPeriod, string> = { day: '日榜', week: '周榜', month: '月榜' };

export function PeriodSwitch({
  value,
  onChange,
  testId = 'rank-period',
}: {
  value: RankPeriod;
  onChange: (p: RankPeriod) => void;
  testId?: string;
}) {
  return (
    <Radio.Group
      data-testid={testId}
      value={value}
      optionType="button"
      buttonStyle="solid"
      onChange={(e) => onChange(e.target.value as RankPeriod)}
      options={(Object.keys(PERIOD_LABELS) as RankPeriod[]).map((p) => ({
        value: p,
        label: PERIOD_LABELS[p],
      }))}
    />
  );
}

/** "统计周期 2026-11-01 至 2026-11-01（进行中）": the end is exclusive in the API. */
export function PeriodRange({
  start,
  end,
  complete,
  computedAt,
}: {
  start: string | undefined;
  end: string | undefined;
  complete?: boolean;
  computedAt?: string | null;
}) {
  if (!start || !end) return null;
  const last = new Date(`${end}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() - 1);
  const lastDay = last.toISOString().slice(0, 10);
  return (
    <Typography.Text type="secondary" data-testid="rank-range">
      统计周期 {start}
      {lastDay !== start ? ` 至 ${lastDay}` : ''}
      {complete === false ? '（进行中，数据持续更新）' : ''}
      {computedAt ? `，更新于 ${computedAt.slice(0, 16)}` : ''}
    </Typography.Text>
  );
}
