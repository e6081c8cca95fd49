// What the 监测下一篇 popup (公众号详情) and the 新建监测 page order alike: frequency and period choices, the cost
// of an order, and what starting it does (a toast, or the upgrade confirm when the month's counts run out).
import { App, Form, Radio, Tooltip } from 'antd';
import { isLevelLimit } from '../api/errors';
import { openUpgrade } from './gates/LevelLimit';

/** Minutes between readings and days a task runs (spec §2). */
export const MONITOR_FREQS = [1, 2, 5, 10] as const;
export const MONITOR_DAYS = [1, 2, 3] as const;

const FREQ_OPTIONS = MONITOR_FREQS.map((f) => ({
  value: f,
  label:
    f === 5 ? (
      <Tooltip title="5分钟频率为定制服务，如需长期使用请联系客服定制">
        <span>5分钟</span>
      </Tooltip>
    ) : (
      `${f}分钟`
    ),
}));
const DAY_OPTIONS = MONITOR_DAYS.map((d) => ({ value: d, label: `${d}天` }));

/** The frequency and period fields of a monitor order. */
export function MonitorTimingFields({
  freq,
  days,
  onFreq,
  onDays,
  size,
}: {
  freq: number;
  days: number;
  onFreq: (f: number) => void;
  onDays: (d: number) => void;
  size?: 'small';
}) {
  return (
    <>
      <Form.Item label="监测频率" extra="5分钟频率需联系客服定制">
        <Radio.Group
          data-testid="monitor-freq"
          optionType="button"
          size={size}
          value={freq}
          options={FREQ_OPTIONS}
          onChange={(e) => onFreq(e.target.value)}
        />
      </Form.Item>
      <Form.Item label="监测周期">
        <Radio.Group
          data-testid="monitor-days"
          optionType="button"
          size={size}
          value={days}
          options={DAY_OPTIONS}
          onChange={(e) => onDays(e.target.value)}
        />
      </Form.Item>
    </>
  );
}

/** Counts an order costs: an article, one position of the next post, or all eight (monitor_quota's costs). */
export function monitorCost(
  costs: { article: number; next_post: number; next_post_all: number } | undefined,
  article: boolean,
  position: number,
): number {
  if (article) return costs?.article ?? 1;
  return position === 0 ? (costs?.next_post_all ?? 8) : (costs?.next_post ?? 1);
}

/** The callbacks of a create-monitor call: 创建成功 and the result, or the refusal (监测次数不足 → 去升级). */
export function useMonitorOrderOutcome<R>(onCreated: (r: R) => void) {
  const { message, modal } = App.useApp();
  return {
    onSuccess: (r: R) => {
      message.success('创建成功');
      onCreated(r);
    },
    onError: (e: Error) => {
      if (isLevelLimit(e))
        modal.confirm({
          title: '监测次数不足',
          content: e.message,
          okText: '去升级',
          cancelText: '取消',
          onOk: openUpgrade,
        });
      else message.warning(e.message);
    },
  };
}
