// Pre-campaign analysis list popup (monitor_list) and the analysis detail popup (read_praise_report), built from the
// report page's own pieces (profile, verdict, trend chart, table).
import { Button, Modal, Spin, Table, type TableProps, Tag } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { isLoginNeeded } from '../../../api/errors';
import { useFakeReport } from '../../../api/queries';
import { TabError } from '../../../components/gates/LevelLimit';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { ArticleTitleLink, ReportLink, reportHref } from '../../../components/links/article-links';
import { ReportChart, ReportProfile, ReportTable, ReportVerdict } from '../../report';
import {
  type MonitorListItem,
  useMonitorList,
  useReportFavorite,
  useToggleReportFavorite,
} from '../hooks/detail-queries';

function ResultTag({ item }: { item: MonitorListItem }) {
  // A flagged article's result leads to its report.
  if (item.status === 1)
    return (
      <ReportLink post={item.post}>
        <Tag color="red">{item.result}</Tag>
      </ReportLink>
    );
  if (item.status === 0) return <Tag color="green">{item.result}</Tag>;
  return <Tag>{item.result}</Tag>;
}

function CollectReport({ post }: { post: string }) {
  const fav = useReportFavorite(post, true);
  const toggle = useToggleReportFavorite(post);
  const collected = fav.data?.is_favorite === 1;
  return (
    <Tag
      data-testid="collect-report"
      color={collected ? 'gold' : 'default'}
      style={{ cursor: 'pointer' }}
      onClick={() => toggle.mutate(!collected)}
    >
      {collected ? '已收藏报告' : '收藏报告'}
    </Tag>
  );
}

export function AnalysisDetailModal({ post, onClose }: { post: string | null; onClose: () => void }) {
  return (
    <Modal
      title="分析详情"
      open={post !== null}
      onCancel={onClose}
      footer={null}
      width={1000}
      destroyOnHidden
    >
      {post !== null && <AnalysisDetail post={post} />}
    </Modal>
  );
}

function AnalysisDetail({ post }: { post: string }) {
  const { data, isPending, isError, error, refetch } = useFakeReport(post);
  if (isError) return <TabError error={error} onRetry={() => refetch()} />;
  if (isPending) return <Spin />;
  return (
    <div data-testid="analysis-detail">
      <div className="block-gap">
        <CollectReport post={post} />
        <a href={reportHref(post)} target="_blank" rel="noopener noreferrer">
          在新窗口打开报告
        </a>
      </div>
      <ReportProfile profile={data.profile} post={post} />
      <ReportVerdict report={data} />
      <div className="block-gap">
        <ReportChart report={data} height={260} />
      </div>
      <ReportTable rows={data.table} />
    </div>
  );
}

const rowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'analysis-row' }) as HTMLAttributes<HTMLElement>;

export function AnalysisListModal({
  open,
  onClose,
  mid,
}: {
  open: boolean;
  onClose: () => void;
  mid: number;
}) {
  const list = useMonitorList(mid, open);
  const [post, setPost] = useState<string | null>(null);

  const columns: TableProps<MonitorListItem>['columns'] = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (t: string, r) =>
        t && r.post ? <ArticleTitleLink post={r.post}>{t}</ArticleTitleLink> : t || '（等待发文）',
    },
    { title: '发布时间', dataIndex: 'pubtime', width: 160 },
    { title: '监测创建时间', dataIndex: 'created', width: 160 },
    { title: '监测周期', dataIndex: 'period', width: 140 },
    { title: '结果', dataIndex: 'result', width: 100, render: (_: string, r) => <ResultTag item={r} /> },
    {
      title: '详情',
      key: 'detail',
      width: 150,
      render: (_: unknown, r) =>
        r.post ? (
          <span>
            <Button type="link" size="small" onClick={() => setPost(r.post)} data-testid="analysis-open">
              分析详情
            </Button>
            <a href={reportHref(r.post)} target="_blank" rel="noopener noreferrer">
              报告
            </a>
          </span>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Modal title="投放前分析" open={open} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      {list.isError ? (
        isLoginNeeded(list.error) ? (
          <LoginPrompt />
        ) : (
          <TabError error={list.error} onRetry={() => list.refetch()} />
        )
      ) : (
        <Table<MonitorListItem>
          rowKey={(r) => `${r.task_id}:${r.post}`}
          size="small"
          loading={list.isPending}
          columns={columns}
          dataSource={list.data?.list ?? []}
          onRow={rowProps}
          locale={{ emptyText: '暂无投放前分析，可通过"监测下一篇"创建监测' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        />
      )}
      <AnalysisDetailModal post={post} onClose={() => setPost(null)} />
    </Modal>
  );
}
