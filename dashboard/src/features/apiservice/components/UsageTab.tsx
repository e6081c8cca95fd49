// API page tab 1 (使用情况): balance, calls over the window, a visx chart of calls per day, and calls per
// endpoint, from api_usage.
import { Segmented, Statistic, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { useApiUsage } from '../../center';
import { useEndpointName } from '../hooks/endpoint-names';
import { UsageChart } from './UsageChart';

const WINDOWS = [7, 30, 90];

export function UsageTab() {
  const [days, setDays] = useState(30);
  const usage = useApiUsage(days);
  const endpointName = useEndpointName();
  const u = usage.data;
  const perEndpoint = new Map<string, { calls: number; cost: number }>();
  for (const d of u?.daily ?? []) {
    const e = perEndpoint.get(d.endpoint) ?? { calls: 0, cost: 0 };
    perEndpoint.set(d.endpoint, { calls: e.calls + d.calls, cost: e.cost + d.cost });
  }
  return (
    <div data-testid="usage-tab">
      {usage.isError && <RetryAlert message={usage.error.message} onRetry={() => usage.refetch()} />}
      <div style={{ display: 'flex', gap: 48, alignItems: 'flex-end' }} className="block-gap">
        <Statistic
          title="剩余次数"
          value={u?.balance ?? 0}
          loading={usage.isPending}
          data-testid="usage-balance"
        />
        <Statistic title={`近 ${days} 天调用`} value={u?.total_calls ?? 0} loading={usage.isPending} />
        <Statistic title="赠送试用次数" value={u?.trial_quota ?? 0} loading={usage.isPending} />
        <Link to="/appsearch/interface?actnav=2">去充值</Link>
      </div>
      <Segmented
        options={WINDOWS.map((d) => ({ label: `近 ${d} 天`, value: d }))}
        value={days}
        onChange={(v) => setDays(Number(v))}
      />
      <h3 style={{ marginTop: 16 }}>每日调用次数</h3>
      <UsageChart daily={u?.daily ?? []} days={days} />
      <h3>按接口统计</h3>
      <Table
        rowKey="endpoint"
        size="middle"
        pagination={false}
        loading={usage.isFetching}
        locale={{ emptyText: '该时间段内没有调用' }}
        dataSource={[...perEndpoint].map(([endpoint, v]) => ({ endpoint, ...v }))}
        columns={[
          { title: '接口', dataIndex: 'endpoint', render: (id: string) => endpointName(id) },
          { title: '计费调用次数', dataIndex: 'calls', align: 'right' },
          { title: '消耗次数', dataIndex: 'cost', align: 'right' },
        ]}
      />
    </div>
  );
}
