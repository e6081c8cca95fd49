// 公众号关键词实时监控 (/OfficialAccountKeywordMonitor): the member's keywords (search/v1 userkeyword) and the
// articles of the last 7 days that mention them (user_keyword_search), re-read every few seconds with their counters.
import { App, Card, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { Highlight } from '../components/Highlight';
import { KeywordBoard } from '../components/KeywordBoard';
import { LIVE_EVERY_MS, LiveCount, LiveStatus, useBaseline } from '../components/live';
import { type KeywordHit, useKeywordHits } from '../hooks/monitor-queries';
import '../../../components/styles/monitor.css';
import { ArticleTitleLink } from '../../../components/links/article-links';

function KeywordHits({ keyword }: { keyword: string }) {
  const [page, setPage] = useState(1);
  const hits = useKeywordHits(keyword, page, LIVE_EVERY_MS, true);
  const growth = useBaseline();
  if (hits.isError) return <RetryAlert message={hits.error.message} onRetry={() => hits.refetch()} />;
  const columns: ColumnsType<KeywordHit> = [
    {
      title: '文章',
      key: 'title',
      render: (_, h) => (
        <Space direction="vertical" size={2}>
          <ArticleTitleLink post={`${h.mid}_${h.aid}`} testId="keyword-hit-title">
            <Highlight text={h.title} words={h.keywords} />
          </ArticleTitleLink>
          {h.excerpt && (
            <span className="muted">
              <Highlight text={h.excerpt} words={h.keywords} />
            </span>
          )}
        </Space>
      ),
    },
    {
      title: '公众号',
      key: 'mp',
      width: 180,
      render: (_, h) => (
        <span className="account-cell">
          <AccountAvatar avatar={h.avatar} name={h.mp_name} size={24} />
          {h.mp_name}
        </span>
      ),
    },
    {
      title: '命中',
      dataIndex: 'keywords',
      width: 140,
      render: (ks: string[]) => ks.map((k) => <Tag key={k}>{k}</Tag>),
    },
    { title: '发布时间', dataIndex: 'pubtime', width: 170 },
    {
      title: '阅读',
      dataIndex: 'read',
      width: 120,
      render: (v: number, h) => (
        <LiveCount value={v} growth={growth(`r${h.mid}${h.aid}`, v)} testId="hit-read" />
      ),
    },
    {
      title: '点赞',
      dataIndex: 'zan',
      width: 100,
      render: (v: number, h) => <LiveCount value={v} growth={growth(`z${h.mid}${h.aid}`, v)} />,
    },
  ];
  return (
    <>
      <div className="block-gap">
        <LiveStatus updatedAt={hits.dataUpdatedAt} fetching={hits.isFetching} />
        <span className="muted" style={{ marginLeft: 16 }} data-testid="keyword-hit-total">
          近 7 天共 {hits.data?.total ?? 0} 篇
        </span>
      </div>
      <Table<KeywordHit>
        rowKey={(h) => `${h.mid}_${h.aid}`}
        data-testid="keyword-hits"
        columns={columns}
        dataSource={hits.data?.list ?? []}
        loading={hits.isPending}
        locale={{ emptyText: '近 7 天暂无文章提到这些关键词' }}
        pagination={{ current: page, pageSize: 10, total: hits.data?.total ?? 0, onChange: setPage }}
      />
    </>
  );
}

function KeywordMonitorPageBody() {
  return (
    <Card title="公众号关键词实时监控" className="monitor-page" data-testid="keyword-monitor-page">
      <MemberOnly what="关键词实时监控">
        <KeywordBoard
          empty="添加关键词后，提到它们的公众号文章会实时出现在这里"
          hits={(k) => <KeywordHits key={k} keyword={k} />}
        />
      </MemberOnly>
    </Card>
  );
}

/** antd's App gives the page's toasts and confirms (App.useApp) their context. */
export function KeywordMonitorPage() {
  return (
    <App component={false}>
      <KeywordMonitorPageBody />
    </App>
  );
}
