// Pieces shared by the monitor and back-collection popups: position choices and the cost line.
import { Radio } from 'antd';
import { positionLabel } from '../lib/format';

/** 0 = all eight positions, then 头条 … 第八条 (spec §2). */
export const POSITION_OPTIONS = [
  { value: 0, label: '全部' },
  ...Array.from({ length: 8 }, (_, i) => ({ value: i + 1, label: positionLabel(i + 1) })),
];

export function PositionChoice({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  return (
    <Radio.Group
      data-testid="popup-position"
      optionType="button"
      size="small"
      value={value}
      options={POSITION_OPTIONS}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** "本次消耗 N 次，本月剩余 M 次（共 K 次）", with remaining from the member's real month. */
export function CostLine({
  cost,
  remaining,
  allowance,
  unit,
}: {
  cost: number;
  remaining: number | undefined;
  allowance: number | undefined;
  unit: string;
}) {
  return (
    <div className="popup-cost" data-testid="popup-cost">
      本次消耗 <b>{cost}</b> 次{unit}，本月剩余 <b>{remaining ?? '-'}</b> 次
      {allowance !== undefined ? `（共 ${allowance} 次）` : ''}
    </div>
  );
}
