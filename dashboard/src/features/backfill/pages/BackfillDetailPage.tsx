// 回采详情 (/stopingDetail?request_id=…): one back-collection order: its progress, what the window holds now
// (new_data_storage, by month), the collected titles (new_data_title, searchable), an article's text
// (new_data_notice_content) and the export of the window.
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Progress,
  Row,
  Spin,
  Statistic,
  Table,
  Tag,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isLoginNeeded } from '../../../api/errors';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { BarChart } from '../../../components/charts/BarChart';
import { LoginPrompt, MemberOnly } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatTotal, positionLabel } from '../../../lib/format';
import { type CrawlArticle, useCrawlArticleText, useCrawlStorage, useCrawlTitles } from '../../monitor';
import { ExportButton } from '../components/ExportButton';
import '../../../components/styles/monitor.css';

function ArticleText({
  requestId,
  aid,
  onClose,
}: {
  requestId: string;
  aid: string | null;
  onClose: () => void;
}) {
  const text = useCrawlArticleText(requestId, aid);
  return (
    <Drawer
      open={aid !== null}
      onClose={onClose}
      size="large"
      title={text.data?.title ?? '文章正文'}
      destroyOnHidden
    >
      {text.isPending ? (
        <Spin />
      ) : text.isError ? (
        <Alert type="error" showIcon title={text.error.message} />
      ) : (
        <div data-testid="backfill-article-text">
          <Descriptions size="small" column={1} className="block-gap">
            <Descriptions.Item label="发布时间">{text.data.pubtime}</Descriptions.Item>
            {text.data.author && <Descriptions.Item label="作者">{text.data.author}</Descriptions.Item>}
            <Descriptions.Item label="原文">
              <a href={text.data.href} target="_blank" rel="noopener noreferrer">
                打开原文
              </a>
            </Descriptions.Item>
          </Descriptions>
          {text.data.has_content ? (
            <div className="backfill-content">{text.data.content}</div>
          ) : (
            <Alert type="info" showIcon title={text.data.content_tip} />
          )}
        </div>
      )}
    </Drawer>
  );
}

function Titles({ requestId }: { requestId: string }) {
  const [page, setPage] = useState(1);
  const [kw, setKw] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const titles = useCrawlTitles(requestId, page, kw);
  if (titles.isError) return <RetryAlert message={titles.error.message} onRetry={() => titles.refetch()} />;
  const columns: ColumnsType<CrawlArticle> = [
    { title: '发布时间', dataIndex: 'pubtime', width: 170 },
    { title: '位置', dataIndex: 'position', width: 80, render: (v: number) => positionLabel(v) },
    {
      title: '标题',
      dataIndex: 'title',
      render: (v: string, a) => (
        <Button type="link" size="small" onClick={() => setOpen(a.aid)} data-testid="backfill-title">
          {v}
        </Button>
      ),
    },
    { title: '阅读', dataIndex: 'read', width: 100, render: formatTotal },
    { title: '点赞', dataIndex: 'zan', width: 90, render: formatTotal },
    { title: '在看', dataIndex: 'looking', width: 90, render: formatTotal },
  ];
  return (
    <>
      <Input.Search
        className="block-gap"
        style={{ width: 280 }}
        placeholder="按标题搜索"
        allowClear
        maxLength={50}
        onSearch={(v) => {
          setKw(v.trim());
          setPage(1);
        }}
        data-testid="backfill-title-search"
      />
      <Table<CrawlArticle>
        rowKey="aid"
        data-testid="backfill-titles"
        size="middle"
        columns={columns}
        dataSource={titles.data?.article_list ?? []}
        loading={titles.isPending}
        locale={{ emptyText: '暂无文章' }}
        pagination={{
          current: page,
          pageSize: 20,
          total: titles.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 篇`,
        }}
      />
      <ArticleText requestId={requestId} aid={open} onClose={() => setOpen(null)} />
    </>
  );
}

function Detail({ requestId }: { requestId: string }) {
  const storage = useCrawlStorage(requestId);
  if (storage.isPending) return <Spin />;
  if (storage.isError)
    return isLoginNeeded(storage.error) ? (
      <LoginPrompt what="使用历史回采" />
    ) : (
      <RetryAlert message={storage.error.message} onRetry={() => storage.refetch()} />
    );
  const { order: o, stored, by_month } = storage.data;
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={3}
        className="block-gap"
        data-testid="backfill-order"
        title={
          <span className="account-cell">
            <AccountAvatar avatar={o.avatar} name={o.name} size={32} />
            <span className="account-cell-name">{o.name}</span>
            <Tag color={o.state === 'done' ? 'success' : 'processing'} data-testid="backfill-detail-state">
              {o.state_label}
            </Tag>
          </span>
        }
        extra={
          <span style={{ display: 'inline-flex', gap: 8 }}>
            <ExportButton
              href={storage.data.export_url}
              type="primary"
              testId="backfill-export-xlsx"
              disabled={o.state !== 'done'}
            />
            <ExportButton
              href={storage.data.export_url.replace('format=xlsx', 'format=csv')}
              label="导出 CSV"
              testId="backfill-export-csv"
              disabled={o.state !== 'done'}
            />
          </span>
        }
      >
        <Descriptions.Item label="回采范围">
          {o.start_time.slice(0, 10)} 至 {o.end_time.slice(0, 10)}（{o.days}天）
        </Descriptions.Item>
        <Descriptions.Item label="回采位置">{o.position_label}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{o.created}</Descriptions.Item>
        <Descriptions.Item label="进度" span={3}>
          <Progress
            percent={o.percent}
            status={o.state === 'done' ? 'success' : 'active'}
            data-testid="backfill-detail-progress"
          />
          {o.message && <span className="muted">{o.message}</span>}
        </Descriptions.Item>
      </Descriptions>
      <Row gutter={16} className="block-gap" data-testid="backfill-stored">
        <Col span={4}>
          <Statistic title="文章" value={stored.articles} />
        </Col>
        <Col span={4}>
          <Statistic title="群发次数" value={stored.posts} />
        </Col>
        <Col span={4}>
          <Statistic title="原创" value={stored.originals} />
        </Col>
        <Col span={4}>
          <Statistic title="含正文" value={stored.with_content} />
        </Col>
        <Col span={4}>
          <Statistic title="总阅读" value={stored.reads} />
        </Col>
        <Col span={4}>
          <Statistic title="计数快照" value={stored.snapshots} />
        </Col>
      </Row>
      {by_month.length > 0 && (
        <Card size="small" title="每月文章数" className="block-gap">
          <BarChart
            ariaLabel="每月文章数"
            testId="backfill-by-month"
            height={220}
            data={by_month.map((m) => ({ key: m.month, label: m.month, value: m.articles }))}
          />
        </Card>
      )}
      <Card size="small" title="已回采的文章">
        <Titles requestId={requestId} />
      </Card>
    </>
  );
}

function BackfillDetailPageBody() {
  const [params] = useSearchParams();
  const requestId = params.get('request_id') ?? '';
  return (
    <Card
      title="回采详情"
      className="monitor-page"
      data-testid="backfill-detail-page"
      extra={<Link to="/appsearch/stoping">返回回采列表</Link>}
    >
      <MemberOnly what="历史回采">
        {requestId ? (
          <Detail requestId={requestId} />
        ) : (
          <Empty description="请从回采列表中选择一个回采任务">
            <Link to="/appsearch/stoping">
              <Button type="primary">去回采列表</Button>
            </Link>
          </Empty>
        )}
      </MemberOnly>
    </Card>
  );
}

/** antd's App gives the page's toasts and confirms (App.useApp) their context. */
export function BackfillDetailPage() {
  return (
    <App component={false}>
      <BackfillDetailPageBody />
    </App>
  );
}
