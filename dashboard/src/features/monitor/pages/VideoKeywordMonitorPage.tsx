// 视频号关键词实时监控 (/VideoAccountKeywordMonitor): the member's keywords and the video posts of the last 7 days
// whose description mentions them (search/v1 video_keyword_search), with plays and likes moving live.
import { App, Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { Highlight } from '../components/Highlight';
import { KeywordBoard } from '../components/KeywordBoard';
import { LIVE_EVERY_MS, LiveCount, LiveStatus, useBaseline } from '../components/live';
import { useVideoKeywordHits, type VideoKeywordHit } from '../hooks/monitor-queries';
import '../../../components/styles/monitor.css';

function VideoHits({ keyword }: { keyword: string }) {
  const [page, setPage] = useState(1);
  const hits = useVideoKeywordHits(keyword, page, LIVE_EVERY_MS, true);
  const growth = useBaseline();
  if (hits.isError) return <RetryAlert message={hits.error.message} onRetry={() => hits.refetch()} />;
  const columns: ColumnsType<VideoKeywordHit> = [
    {
      title: '作品',
      dataIndex: 'desc',
      render: (v: string, h) => (
        <span data-testid="video-hit-desc">
          <Highlight text={v} words={h.keywords} />
        </span>
      ),
    },
    {
      title: '视频号',
      key: 'mp',
      width: 200,
      render: (_, h) => (
        <Link to={`/VideoAccountMonitor?mid=${h.mid}`} className="account-cell">
          <AccountAvatar avatar={h.avatar} name={h.mp_name} size={24} />
          {h.mp_name}
        </Link>
      ),
    },
    {
      title: '命中',
      dataIndex: 'keywords',
      width: 130,
      render: (ks: string[]) => ks.map((k) => <Tag key={k}>{k}</Tag>),
    },
    { title: '发布时间', dataIndex: 'pubtime', width: 170 },
    {
      title: '播放',
      dataIndex: 'read',
      width: 120,
      render: (v: number, h) => (
        <LiveCount value={v} growth={growth(`r${h.post_id}`, v)} testId="video-hit-read" />
      ),
    },
    {
      title: '点赞',
      dataIndex: 'like',
      width: 100,
      render: (v: number, h) => <LiveCount value={v} growth={growth(`l${h.post_id}`, v)} />,
    },
  ];
  return (
    <>
      <div className="block-gap">
        <LiveStatus updatedAt={hits.dataUpdatedAt} fetching={hits.isFetching} />
        <span className="muted" style={{ marginLeft: 16 }} data-testid="video-hit-total">
          近 7 天共 {hits.data?.total ?? 0} 个作品
        </span>
      </div>
      <Table<VideoKeywordHit>
        rowKey="post_id"
        data-testid="video-keyword-hits"
        columns={columns}
        dataSource={hits.data?.list ?? []}
        loading={hits.isPending}
        locale={{ emptyText: '近 7 天暂无视频号作品提到这些关键词' }}
        pagination={{ current: page, pageSize: 10, total: hits.data?.total ?? 0, onChange: setPage }}
      />
    </>
  );
}

function VideoKeywordMonitorPageBody() {
  return (
    <Card title="视频号关键词实时监控" className="monitor-page" data-testid="video-keyword-monitor-page">
      <MemberOnly what="视频号关键词监控">
        <KeywordBoard
          empty="添加关键词后，描述中提到它们的视频号作品会实时出现在这里"
          hits={(k) => <VideoHits key={k} keyword={k} />}
        />
      </MemberOnly>
    </Card>
  );
}

/** antd's App gives the page's toasts and confirms (App.useApp) their context. */
export function VideoKeywordMonitorPage() {
  return (
    <App component={false}>
      <VideoKeywordMonitorPageBody />
    </App>
  );
}
