// 我的监测 (/appsearch/monitors, old /appsearch/monitor): the member's article and next-post monitor tasks with
// where each stands, cancelling, the monitored accounts and the articles judged fake-traffic; every monitored
// article links to its report (/appsearch/monitorViewNew?post=…).
import { App, Button, Card, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isLoginNeeded } from '../../../api/errors';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { LoginPrompt, MemberOnly } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { positionLabel } from '../../../lib/format';
import {
  type FakeArticle,
  type MonitoredAccount,
  type MonitorTask,
  type TaskKind,
  type TaskState,
  useCancelTask,
  useFakeList,
  useMonitoredAccounts,
  useMonitorTasks,
} from '../hooks/monitor-queries';
import '../../../components/styles/monitor.css';
import { ReportLink } from '../../../components/links/article-links';

const STATE_COLOR: Record<TaskState, string> = {
  waiting: 'default',
  monitoring: 'processing',
  done: 'success',
  cancelled: 'default',
};

function Verdict({ status }: { status: 0 | 1 | null }) {
  if (status === 1) return <Tag color="red">疑似刷量</Tag>;
  if (status === 0) return <Tag color="green">正常</Tag>;
  return <span className="muted">尚未判定</span>;
}

function TaskTable({ kind }: { kind: TaskKind }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const tasks = useMonitorTasks(kind, page, true);
  const cancel = useCancelTask();
  if (tasks.isError)
    return isLoginNeeded(tasks.error) ? (
      <LoginPrompt what="使用分钟级监测" />
    ) : (
      <RetryAlert message={tasks.error.message} onRetry={() => tasks.refetch()} />
    );

  const columns: ColumnsType<MonitorTask> = [
    {
      title: kind === 'article' ? '文章' : '监测文章',
      key: 'title',
      render: (_, t) =>
        t.posts.length === 0 ? (
          <span className="muted">等待公众号发布下一篇</span>
        ) : (
          <Space direction="vertical" size={2}>
            {t.posts.map((p) => (
              <ReportLink key={p.post} post={p.post} testId="task-report-link">
                {p.title || '（标题采集中）'}
              </ReportLink>
            ))}
          </Space>
        ),
    },
    {
      title: '位置',
      dataIndex: 'position_label',
      width: 80,
      render: (v: string, t) => v || positionLabel(t.position),
    },
    { title: '频率', dataIndex: 'freq', width: 80, render: (v: number) => `${v}分钟` },
    { title: '周期', dataIndex: 'day', width: 70, render: (v: number) => `${v}天` },
    {
      title: '监测时间',
      key: 'ts',
      width: 190,
      render: (_, t) =>
        t.start_ts ? (
          <span>
            {t.start_ts}
            <br />
            {t.end_ts || '—'}
          </span>
        ) : (
          <span className="muted">下单 {t.created}</span>
        ),
    },
    {
      title: '状态',
      dataIndex: 'state_label',
      width: 100,
      render: (v: string, t) => (
        <Tag color={STATE_COLOR[t.state]} data-testid="task-state">
          {v}
        </Tag>
      ),
    },
    { title: '结果', dataIndex: 'status', width: 100, render: (v: 0 | 1 | null) => <Verdict status={v} /> },
    {
      title: '消耗',
      dataIndex: 'cost',
      width: 70,
      render: (v: number, t) => (t.refunded ? '已退还' : `${v}次`),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, t) =>
        t.state === 'waiting' || t.state === 'monitoring' ? (
          <Popconfirm
            title="确定取消该监测任务？"
            description={
              t.state === 'waiting' ? '尚未开始的任务取消后退还次数' : '已开始的任务取消后不退还次数'
            }
            okText="确定"
            cancelText="再想想"
            onConfirm={() =>
              cancel.mutate(
                { task_id: t.task_id, kind },
                {
                  onSuccess: (r) => message.success(r.refunded ? '已取消，次数已退还' : '已取消'),
                  onError: (e) => message.warning(e.message),
                },
              )
            }
          >
            <Button size="small" danger data-testid="task-cancel">
              取消
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <Table<MonitorTask>
      rowKey="task_id"
      data-testid={`tasks-${kind}`}
      columns={columns}
      dataSource={tasks.data?.list ?? []}
      loading={tasks.isPending}
      locale={{ emptyText: '暂无监测任务' }}
      pagination={{
        current: page,
        pageSize: 10,
        total: tasks.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
    />
  );
}

function AccountsTable() {
  const [page, setPage] = useState(1);
  const q = useMonitoredAccounts(page, true);
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  const columns: ColumnsType<MonitoredAccount> = [
    {
      title: '公众号',
      key: 'name',
      render: (_, a) => (
        <Link to={`/appsearch/detail?mid=${a.mid}`} className="account-cell">
          <AccountAvatar avatar={a.avatar} name={a.name} size={28} />
          <span className="account-cell-name">{a.name}</span>
        </Link>
      ),
    },
    { title: '微信号', dataIndex: 'wxid' },
    { title: '监测任务', dataIndex: 'monitor_num', width: 100 },
    { title: '监测文章', dataIndex: 'articles', width: 100 },
    { title: '疑似刷量', dataIndex: 'fake_num', width: 100 },
    { title: '最近下单', dataIndex: 'last_created', width: 180 },
  ];
  return (
    <Table<MonitoredAccount>
      rowKey="mid"
      data-testid="monitored-accounts"
      columns={columns}
      dataSource={q.data?.list ?? []}
      loading={q.isPending}
      locale={{ emptyText: '暂无监测的公众号' }}
      pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
    />
  );
}

function FakeTable() {
  const [page, setPage] = useState(1);
  const q = useFakeList(page, true);
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  const columns: ColumnsType<FakeArticle> = [
    {
      title: '文章',
      key: 'title',
      render: (_, f) => (
        <ReportLink post={f.post} testId="fake-report-link">
          {f.title}
        </ReportLink>
      ),
    },
    { title: '位置', dataIndex: 'position', width: 80, render: (v: number) => positionLabel(v) },
    { title: '发布时间', dataIndex: 'pubtime', width: 180 },
    { title: '下单时间', dataIndex: 'created', width: 180 },
    { title: '结果', key: 'r', width: 100, render: () => <Verdict status={1} /> },
  ];
  return (
    <Table<FakeArticle>
      rowKey="post"
      data-testid="fake-list"
      columns={columns}
      dataSource={q.data?.list ?? []}
      loading={q.isPending}
      locale={{ emptyText: '暂无疑似刷量的文章' }}
      pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
    />
  );
}

function MonitorTasksPageBody() {
  const [tab, setTab] = useState('article');
  return (
    <Card
      title="我的监测"
      className="monitor-page"
      data-testid="monitor-tasks-page"
      extra={
        <Link to="/appsearch/monitorNew">
          <Button type="primary" data-testid="monitor-new-link">
            新建监测
          </Button>
        </Link>
      }
    >
      <MemberOnly what="分钟级监测">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'article', label: '文章监测', children: <TaskTable kind="article" /> },
            { key: 'next_post', label: '下一篇监测', children: <TaskTable kind="next_post" /> },
            { key: 'accounts', label: '监测的公众号', children: <AccountsTable /> },
            { key: 'fake', label: '疑似刷量文章', children: <FakeTable /> },
          ]}
        />
      </MemberOnly>
    </Card>
  );
}

/** antd's App gives the page's toasts and confirms (App.useApp) their context. */
export function MonitorTasksPage() {
  return (
    <App component={false}>
      <MonitorTasksPageBody />
    </App>
  );
}
