// The report's reads/likes/在看 chart over the monitored polls. An article monitored after its growth ended would
// draw three flat lines from 0: the chart then zooms each axis to the monitored range and says why.
import { Alert, Result } from 'antd';
import type { FakeReport } from '../../../api/types';
import { TrendChart } from '../../../components/charts/TrendChart';
import { formatPercent, formatTotal } from '../../../lib/format';

/** Below this share of the final reads added while monitored, the growth had ended before monitoring began. */
const LATE_SHARE = 0.1;
const HOUR_MS = 3_600_000;

const beijingMs = (t: string) => Date.parse(`${t.replace(' ', 'T')}+08:00`);

/** What the monitored window added, when it is small next to what the article had already: null otherwise. */
export function lateMonitoring(report: Pick<FakeReport, 'charts' | 'profile'>) {
  const reads = report.charts.read;
  const first = reads[0];
  const last = reads.at(-1);
  if (reads.length < 2 || first === undefined || last === undefined || !(last > 0)) return null;
  const added = last - first;
  if (added / last >= LATE_SHARE) return null;
  const hours = (beijingMs(report.profile.start_ts) - beijingMs(report.profile.pubtime)) / HOUR_MS;
  return {
    added,
    share: added / last,
    hours: Number.isFinite(hours) && hours > 0 ? Math.round(hours) : null,
  };
}

export function ReportChart({ report, height }: { report: FakeReport; height?: number }) {
  const { charts } = report;
  if (charts.time.length === 0) return <Result status="info" title="暂无监测数据" />;
  const late = lateMonitoring(report);
  return (
    <>
      {late && (
        <Alert
          className="block-gap"
          type="info"
          showIcon
          data-testid="report-late"
          message={`${late.hours !== null ? `文章发布约 ${formatTotal(late.hours)} 小时后才开始监测，` : ''}阅读增长此前已基本结束：监测期间阅读增加 ${formatTotal(late.added)}，占总阅读的 ${formatPercent(late.share)}。下图纵轴按监测期间的数值范围放大显示。`}
        />
      )}
      <TrendChart
        height={height}
        zoom={late !== null}
        time={charts.time}
        series={[
          { key: 'read', label: '阅读', color: '#1677ff', values: charts.read, axis: 'left' },
          { key: 'praise', label: '点赞', color: '#fa541c', values: charts.praise, axis: 'right' },
          { key: 'looking', label: '在看', color: '#52c41a', values: charts.looking, axis: 'right' },
        ]}
      />
    </>
  );
}
