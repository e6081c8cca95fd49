// 近 7 天 / 近 30 天: the window of the brand and owner figures (contract WINDOW_DAYS).
import { Radio } from 'antd';
import { WINDOW_DAYS, type WindowDays } from '../../../contract/shapes/brands';

export function WindowDaysSwitch({
  value,
  onChange,
  testId,
  solid = true,
}: {
  value: WindowDays;
  onChange: (days: WindowDays) => void;
  testId: string;
  solid?: boolean;
}) {
  return (
    <Radio.Group
      data-testid={testId}
      optionType="button"
      buttonStyle={solid ? 'solid' : 'outline'}
      value={value}
      onChange={(e) => onChange(e.target.value as WindowDays)}
      options={WINDOW_DAYS.map((d) => ({ value: d, label: `近 ${d} 天` }))}
    />
  );
}
