// 网站公告 (/newnotice): published notices, pinned first then newest, paged; ?id= opens one notice. An empty
// list is a normal state on a new deployment (no notice is seeded).
import { Card, Empty, List, Pagination, Result, Skeleton, Space, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { useNoticeDetail, useNoticeList } from '../hooks/queries';
import '../help.css';

function NoticeDetail({ id }: { id: number }) {
  const detail = useNoticeDetail(id);
  const back = (
    <Link to="/newnotice" data-testid="notice-back">
      ← 返回公告列表
    </Link>
  );
  if (detail.isPending) return <Skeleton active />;
  if (detail.isError)
    return <Result status="warning" title={detail.error.message} extra={back} data-testid="notice-missing" />;
  const n = detail.data;
  return (
    <div data-testid="notice-detail">
      {back}
      <h1 className="help-title" style={{ marginTop: 16 }}>
        {n.pinned ? <Tag color="red">置顶</Tag> : null}
        {n.title}
      </h1>
      <p className="help-muted">发布时间：{n.published_at}</p>
      <div className="help-notice-content" data-testid="notice-content">
        {n.content}
      </div>
    </div>
  );
}

function NoticeList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useNoticeList(page);
  if (list.isPending) return <Skeleton active />;
  if (list.isError) return <RetryAlert message={list.error.message} onRetry={() => list.refetch()} />;
  if (list.data.total === 0) return <Empty description="暂无公告" data-testid="notice-empty" />;
  return (
    <>
      <List
        data-testid="notice-list"
        itemLayout="vertical"
        dataSource={list.data.list}
        renderItem={(n) => (
          <List.Item
            key={n.id}
            data-testid="notice-item"
            extra={<span className="help-muted">{n.published_at}</span>}
          >
            <List.Item.Meta
              title={
                <Space>
                  {n.pinned ? <Tag color="red">置顶</Tag> : null}
                  <Link to={`/newnotice?id=${n.id}`} className="help-notice-title">
                    {n.title}
                  </Link>
                </Space>
              }
              description={n.summary}
            />
          </List.Item>
        )}
      />
      {list.data.total > 10 && (
        <Pagination
          align="end"
          current={page}
          total={list.data.total}
          pageSize={10}
          showSizeChanger={false}
          onChange={(p) => setParams({ page: String(p) })}
        />
      )}
    </>
  );
}

export function NoticePage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  return (
    <div className="help-page" data-testid="notice-page">
      <Card title="网站公告" extra={<Link to="/newhelpcenter">帮助中心</Link>}>
        {id === null ? <NoticeList /> : <NoticeDetail id={id} />}
      </Card>
    </div>
  );
}
