// 视频号实时监控 (/VideoAccountMonitor): the video account linked to an official account (video_account_detail)
// and its newest posts with plays, likes, comments, forwards and favourites moving live (video_post_list).
import { Col, Empty, Row, Space, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { isLevelLimit } from '../../../api/errors';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { LevelLimitPanel } from '../../../components/gates/LevelLimit';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatPercent } from '../../../lib/format';
import { LiveAccountCard } from '../components/LiveAccountCard';
import { LIVE_EVERY_MS, LiveCount, LiveStatus, useBaseline } from '../components/live';
import { useVideoAccount, useVideoPosts, type VideoPost } from '../hooks/monitor-queries';
import '../../../components/styles/monitor.css';

const duration = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

function VideoBoard({ mid }: { mid: number }) {
  const account = useVideoAccount(mid, LIVE_EVERY_MS);
  const finder = account.data?.account.finder_id ?? null;
  const posts = useVideoPosts(finder, LIVE_EVERY_MS);
  const growth = useBaseline();
  if (account.isError) {
    if (isLevelLimit(account.error)) return <LevelLimitPanel />;
    return account.error.message.includes('没有已收录的视频号') ? (
      <Empty description={account.error.message} />
    ) : (
      <RetryAlert message={account.error.message} onRetry={() => account.refetch()} />
    );
  }
  if (!account.data) return <Table loading columns={[]} dataSource={[]} />;
  const a = account.data.account;
  const columns: ColumnsType<VideoPost> = [
    { title: '发布时间', dataIndex: 'pubtime', width: 170 },
    { title: '作品', dataIndex: 'desc', render: (v: string) => v || '（无描述）' },
    { title: '时长', dataIndex: 'duration', width: 70, render: duration },
    {
      title: '播放',
      dataIndex: 'read',
      width: 120,
      render: (v: number, p) => (
        <LiveCount value={v} growth={growth(`r${p.post_id}`, v)} testId="video-read" />
      ),
    },
    {
      title: '点赞',
      dataIndex: 'like',
      width: 100,
      render: (v: number, p) => <LiveCount value={v} growth={growth(`l${p.post_id}`, v)} />,
    },
    {
      title: '评论',
      dataIndex: 'comment',
      width: 90,
      render: (v: number, p) => <LiveCount value={v} growth={growth(`c${p.post_id}`, v)} />,
    },
    {
      title: '转发',
      dataIndex: 'forward',
      width: 90,
      render: (v: number, p) => <LiveCount value={v} growth={growth(`f${p.post_id}`, v)} />,
    },
    {
      title: '互动率',
      dataIndex: 'engagement_rate',
      width: 90,
      render: (v: number) => formatPercent(v),
    },
  ];
  return (
    <>
      <Space className="block-gap" data-testid="video-account">
        <AccountAvatar avatar={a.avatar || a.mp_avatar} name={a.name || a.mp_name} />
        <span className="account-cell-name">{a.name || a.mp_name}</span>
        <span className="muted">关联公众号：{a.mp_name}</span>
      </Space>
      <Row gutter={16} className="block-gap" data-testid="video-stats">
        <Col span={4}>
          <Statistic title="作品总数" value={a.posts_total} />
        </Col>
        <Col span={4}>
          <Statistic title="近30天作品" value={a.posts_30d} />
        </Col>
        <Col span={4}>
          <Statistic title="近30天播放" value={a.reads_30d} />
        </Col>
        <Col span={4}>
          <Statistic title="平均播放" value={a.avg_read} />
        </Col>
        <Col span={4}>
          <Statistic title="最高播放" value={a.max_read} />
        </Col>
        <Col span={4}>
          <Statistic title="互动率" value={formatPercent(a.engagement_rate)} />
        </Col>
      </Row>
      <div className="block-gap">
        <LiveStatus updatedAt={posts.dataUpdatedAt} fetching={posts.isFetching} />
      </div>
      {posts.isError ? (
        <RetryAlert message={posts.error.message} onRetry={() => posts.refetch()} />
      ) : (
        <Table<VideoPost>
          rowKey="post_id"
          data-testid="video-posts"
          size="middle"
          columns={columns}
          dataSource={posts.data?.post_list ?? []}
          loading={posts.isPending}
          pagination={false}
          locale={{ emptyText: '暂无作品' }}
        />
      )}
    </>
  );
}

export function VideoAccountMonitorPage() {
  return (
    <LiveAccountCard
      title="视频号实时监控"
      testId="video-monitor-page"
      pickerTestId="video-account-picker"
      placeholder="输入公众号名称，查看其关联的视频号"
      prompt="选择一个公众号，实时查看其关联视频号的最新作品与播放、点赞、评论、转发"
    >
      {(mid) => <VideoBoard key={mid} mid={mid} />}
    </LiveAccountCard>
  );
}
