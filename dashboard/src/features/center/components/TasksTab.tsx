// Member centre tab 5 (监测与回采): the member's minute-level monitoring orders (single articles and next posts)
// and back-collection orders, with this month's counts.
import { Progress, Statistic, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import {
  type CrawlTask,
  type MonitorTask,
  useCrawlTasks,
  useMonitorQuota,
  useMonitorTasks,
} from '../hooks/center-queries';

const STATE_COLORS: Record<string, string> = {
  waiting: 'blue',
  queued: 'blue',
  monitoring: 'processing',
  running: 'processing',
  done: 'green',
  cancelled: 'default',
  failed: 'red',
};

const verdict = (s: 0 | 1 | null) =>
  s === 1 ? <Tag color="red">疑似刷量</Tag> : s === 0 ? <Tag color="green">正常</Tag> : <span>尚未判定</span>;

function MonitorTable({ kind }: { kind: 'article' | 'next_post' }) {
  const [page, setPage] = useState(1);
  const q = useMonitorTasks(kind, page);
  return (
    <>
      {q.isError && <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />}
      <Table<MonitorTask>
        rowKey="task_id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: '暂无监测订单，可在公众号详情页「监测下一篇」下单' }}
        pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: '文章',
            dataIndex: 'title',
            // A next-post task has no article until the account posts: name the account it waits for.
            render: (t: string, r) =>
              t ||
              (kind === 'next_post' ? (
                <Link to={`/appsearch/detail?mid=${r.mid}&active=0`}>等待该公众号发布下一篇</Link>
              ) : (
                '—'
              )),
          },
          { title: '位置', dataIndex: 'position_label', render: (v) => v || '全部' },
          { title: '频率', dataIndex: 'freq', render: (v) => `${v} 分钟` },
          { title: '周期', dataIndex: 'day', render: (v) => `${v} 天` },
          { title: '消耗次数', dataIndex: 'cost' },
          {
            title: '状态',
            dataIndex: 'state_label',
            render: (v, r) => <Tag color={STATE_COLORS[r.state] ?? 'default'}>{v}</Tag>,
          },
          { title: '结论', dataIndex: 'status', render: verdict },
          { title: '下单时间', dataIndex: 'created' },
          {
            title: '报告',
            key: 'report',
            render: (_, r) =>
              r.postlink ? (
                <a href={r.postlink} target="_blank" rel="noreferrer">
                  查看报告
                </a>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </>
  );
}

function CrawlTable() {
  const [page, setPage] = useState(1);
  const q = useCrawlTasks(page);
  const quota = q.data?.quota;
  return (
    <>
      {quota && (
        <p className="center-muted">
          本月回采次数：共 {quota.allowance} 次，已用 {quota.used} 次，剩余 {quota.remaining} 次
        </p>
      )}
      {q.isError && <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />}
      <Table<CrawlTask>
        rowKey="request_id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: '暂无回采订单，可在公众号详情页「数据回采」下单' }}
        pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: '公众号',
            dataIndex: 'name',
            render: (v, r) => <Link to={`/appsearch/detail?mid=${r.mid}&active=0`}>{v}</Link>,
          },
          { title: '回采范围', key: 'range', render: (_, r) => `${r.start_time} 至 ${r.end_time}` },
          { title: '位置', dataIndex: 'position_label', render: (v) => v || '全部' },
          { title: '消耗次数', dataIndex: 'cost' },
          {
            title: '进度',
            dataIndex: 'percent',
            render: (v: number, r) => (
              <Progress percent={v} size="small" status={r.state === 'failed' ? 'exception' : undefined} />
            ),
          },
          {
            title: '状态',
            dataIndex: 'state_label',
            render: (v, r) => <Tag color={STATE_COLORS[r.state] ?? 'default'}>{v}</Tag>,
          },
          { title: '下单时间', dataIndex: 'created' },
        ]}
      />
    </>
  );
}

export function TasksTab() {
  const quota = useMonitorQuota();
  return (
    <div data-testid="tasks-tab">
      {quota.data && (
        <div style={{ display: 'flex', gap: 48 }} className="block-gap" data-testid="monitor-quota">
          <Statistic title={`${quota.data.month} 监测次数`} value={quota.data.allowance} suffix="次" />
          <Statistic title="已用" value={quota.data.used} suffix="次" />
          <Statistic title="剩余" value={quota.data.remaining} suffix="次" />
        </div>
      )}
      <Tabs
        items={[
          { key: 'article', label: '单篇文章监测', children: <MonitorTable kind="article" /> },
          { key: 'next', label: '下一篇推送监测', children: <MonitorTable kind="next_post" /> },
          { key: 'crawl', label: '历史回采', children: <CrawlTable /> },
        ]}
      />
    </div>
  );
}
