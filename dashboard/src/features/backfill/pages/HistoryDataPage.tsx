// 历史数据 (/appsearch/history, /historyTwo, /historyThree): an account's collected history over a date range,
// page by page with its counters (detail_pubList), and the export of the same range.
import { App, Card, Empty, Pagination, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useHistoryArticles } from '../../../api/queries';
import type { HistoryArticle } from '../../../api/types';
import { useSession } from '../../../auth/session';
import type { PickedAccount } from '../../../components/AccountPicker';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatTotal, positionLabel } from '../../../lib/format';
import { type DateRange, dayOf, ExportForm } from '../components/ExportForm';
import '../../../components/styles/monitor.css';

interface Row extends HistoryArticle {
  postTime: string;
}

function Articles({ mid, range }: { mid: number; range: DateRange }) {
  const [page, setPage] = useState(1);
  const q = useHistoryArticles({
    mId: mid,
    page,
    num: 20,
    kw: '',
    kw_type: 'title',
    is_hot: 0,
    top: 0,
    start_time: dayOf(range?.[0]),
    end_time: dayOf(range?.[1]),
  });
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  const rows: Row[] = (q.data?.article_list ?? []).flatMap((g) =>
    g.articles.map((a) => ({ ...a, postTime: g.postTime })),
  );
  const columns: ColumnsType<Row> = [
    { title: '发布时间', dataIndex: 'postTime', width: 170 },
    { title: '位置', dataIndex: 'position', width: 80, render: (v: number) => positionLabel(v) },
    {
      title: '标题',
      dataIndex: 'title',
      render: (v: string, a) => (
        <>
          <a href={a.href} target="_blank" rel="noopener noreferrer">
            {v}
          </a>
          {a.tag === 1 && <Tag style={{ marginLeft: 6 }}>原创</Tag>}
        </>
      ),
    },
    { title: '阅读', dataIndex: 'read', width: 100, render: formatTotal },
    { title: '点赞', dataIndex: 'zan', width: 90, render: formatTotal },
    { title: '在看', dataIndex: 'looking', width: 90, render: formatTotal },
  ];
  // Server pages hold 20 pushes of one to eight articles each: the table shows the page whole, the pager pages pushes.
  return (
    <>
      <Table<Row>
        rowKey="aid"
        data-testid="history-data-articles"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={q.isFetching}
        locale={{ emptyText: '该时间段暂无文章' }}
        pagination={false}
      />
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        data-testid="history-data-pager"
        current={page}
        pageSize={20}
        total={q.data?.total ?? 0}
        onChange={setPage}
        showSizeChanger={false}
        showTotal={(t) => `共 ${t} 次群发`}
      />
    </>
  );
}

function HistoryDataPageBody() {
  const session = useSession();
  const [account, setAccount] = useState<PickedAccount | null>(null);
  const [range, setRange] = useState<DateRange>(null);
  return (
    <Card
      title="历史文章数据"
      className="monitor-page"
      data-testid="history-data-page"
      extra={<Link to="/appsearch/stoping">需要更早的文章？去回采</Link>}
    >
      {session ? (
        <>
          <div className="block-gap">
            <ExportForm account={account} onAccount={setAccount} range={range} onRange={setRange} />
          </div>
          {account ? (
            <Articles
              key={`${account.mid}|${dayOf(range?.[0])}|${dayOf(range?.[1])}`}
              mid={account.mid}
              range={range}
            />
          ) : (
            <Empty description="选择公众号与时间段，查看并下载其历史文章与阅读、点赞、在看数据" />
          )}
        </>
      ) : (
        <LoginPrompt what="使用历史数据查询与下载" />
      )}
    </Card>
  );
}

/** antd's App gives the page's toasts and confirms (App.useApp) their context. */
export function HistoryDataPage() {
  return (
    <App component={false}>
      <HistoryDataPageBody />
    </App>
  );
}
