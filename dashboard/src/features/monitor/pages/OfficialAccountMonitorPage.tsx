// 公众号实时监控 (/OfficialAccountMonitor): an account's newest posts and their reads, likes and 在看 moving live
// as the collectors' snapshots arrive (detail_pubList re-read every few seconds; growth since the page opened).
import { Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { HistoryArticle } from '../../../api/types';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { ArticleTitleLink } from '../../../components/links/article-links';
import { RetryAlert } from '../../../components/RetryAlert';
import { positionLabel } from '../../../lib/format';
import { LiveAccountCard } from '../components/LiveAccountCard';
import { LIVE_EVERY_MS, LiveCount, LiveStatus, useBaseline } from '../components/live';
import { useLivePosts } from '../hooks/monitor-queries';
import '../../../components/styles/monitor.css';

interface LiveRow extends HistoryArticle {
  postTime: string;
}

function LivePosts({ mid }: { mid: number }) {
  const posts = useLivePosts(mid, LIVE_EVERY_MS);
  const growth = useBaseline();
  if (posts.isError) return <RetryAlert message={posts.error.message} onRetry={() => posts.refetch()} />;
  const rows: LiveRow[] = (posts.data?.article_list ?? []).flatMap((g) =>
    g.articles.map((a) => ({ ...a, postTime: g.postTime })),
  );
  const columns: ColumnsType<LiveRow> = [
    { title: '发布时间', dataIndex: 'postTime', width: 170 },
    {
      title: '位置',
      dataIndex: 'position',
      width: 80,
      render: (v: number) => <Tag color={v === 1 ? 'red' : 'default'}>{positionLabel(v)}</Tag>,
    },
    {
      title: '标题',
      dataIndex: 'title',
      render: (v: string, a) => <ArticleTitleLink post={`${a.mid}_${a.aid}`}>{v}</ArticleTitleLink>,
    },
    {
      title: '阅读',
      dataIndex: 'read',
      width: 130,
      render: (v: number, a) => <LiveCount value={v} growth={growth(`r${a.aid}`, v)} testId="live-read" />,
    },
    {
      title: '点赞',
      dataIndex: 'zan',
      width: 110,
      render: (v: number, a) => <LiveCount value={v} growth={growth(`z${a.aid}`, v)} testId="live-zan" />,
    },
    {
      title: '在看',
      dataIndex: 'looking',
      width: 110,
      render: (v: number, a) => <LiveCount value={v} growth={growth(`l${a.aid}`, v)} testId="live-looking" />,
    },
    { title: '更新时间', dataIndex: 'up_time', width: 170 },
  ];
  return (
    <>
      <div className="block-gap">
        <LiveStatus updatedAt={posts.dataUpdatedAt} fetching={posts.isFetching} />
      </div>
      <Table<LiveRow>
        rowKey="aid"
        data-testid="live-posts"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={posts.isPending}
        pagination={false}
        locale={{ emptyText: '该公众号暂无已采集的文章' }}
      />
    </>
  );
}

export function OfficialAccountMonitorPage() {
  return (
    <LiveAccountCard
      title="公众号实时监控"
      testId="official-monitor-page"
      pickerTestId="live-account-picker"
      prompt="选择一个公众号，实时查看它最新发布的文章与阅读、点赞、在看的变化"
    >
      {(mid, account) => (
        <>
          {account && (
            <Space className="block-gap" data-testid="live-account">
              <AccountAvatar avatar={account.avatar} name={account.name} />
              <span className="account-cell-name">{account.name}</span>
              <span className="muted">{account.wxid}</span>
              {account.media && <Tag>{account.media}</Tag>}
            </Space>
          )}
          <LivePosts mid={mid} />
        </>
      )}
    </LiveAccountCard>
  );
}
