// 基础分析's daily trend: reads and articles per day over the last 7, 30 or 90 days (t_detail_statistic), with the
// window's totals. Days before the member's history depth are not sent by the server; the card says so.
import { Alert, Card, Radio, Spin } from 'antd';
import { useState } from 'react';
import { DailyChart } from '../../../components/charts/DailyChart';
import { TabError } from '../../../components/gates/LevelLimit';
import { formatTotal } from '../../../lib/format';
import { type TrendDays, useAccountTrend } from '../hooks/detail-queries';

const WINDOWS: { value: TrendDays; label: string }[] = [
  { value: 7, label: '近7天' },
  { value: 30, label: '近30天' },
  { value: 90, label: '近90天' },
];

export function TrendCard({ mid }: { mid: number }) {
  const [days, setDays] = useState<TrendDays>(30);
  const { data, isPending, isFetching, isError, error, refetch } = useAccountTrend(mid, days);
  return (
    <Card
      size="small"
      title="每日走势（阅读与发文）"
      className="block-gap"
      data-testid="trend-card"
      extra={
        <Radio.Group
          data-testid="trend-days"
          optionType="button"
          size="small"
          value={days}
          options={WINDOWS}
          onChange={(e) => setDays(e.target.value)}
        />
      }
    >
      {isError ? (
        <TabError error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <div className="page-loading">
          <Spin />
        </div>
      ) : (
        <Spin spinning={isFetching}>
          <div className="trend-totals" data-testid="trend-totals">
            {data.start} 至 {data.end}：发文 <b>{formatTotal(data.total.articles)}</b> 篇，总阅读{' '}
            <b>{formatTotal(data.total.reads)}</b>，篇均阅读 <b>{formatTotal(data.total.avg_read)}</b>，总点赞{' '}
            <b>{formatTotal(data.total.likes)}</b>
          </div>
          {data.depth_limited === 1 && (
            <Alert
              type="info"
              showIcon
              className="block-gap"
              message={`当前会员等级可查看 ${data.earliest} 以来的数据，升级会员可查看更长时间`}
            />
          )}
          <DailyChart
            testId="trend-daily"
            lineLabel="阅读"
            barLabel="发文篇数"
            data={data.list.map((d) => ({ date: d.date, line: d.reads, bar: d.articles }))}
          />
        </Spin>
      )}
    </Card>
  );
}
