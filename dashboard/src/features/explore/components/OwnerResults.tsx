// Owners found by name (search/v1 owner_search): each links to its owner page (/appsearch/subject?owner=).
import { Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatTotal } from '../../../lib/format';
import { EXPLORE_PAGE_SIZE, type OwnerHit, useOwnerSearch } from '../hooks/explore-queries';

export const subjectPath = (owner: string) => `/appsearch/subject?owner=${encodeURIComponent(owner)}`;
export const withSubjectPath = (q: { owner: string } | { mid: number }) =>
  'mid' in q
    ? `/appsearch/withSubject?mid=${q.mid}`
    : `/appsearch/withSubject?owner=${encodeURIComponent(q.owner)}`;

/** The server's limit on an owner keyword; longer input would only be refused. */
export const OWNER_KW_MAX = 30;

export function OwnerResults({
  kw,
  page,
  onPage,
  linkTo = subjectPath,
}: {
  kw: string;
  page: number;
  onPage: (page: number) => void;
  linkTo?: (owner: string) => string;
}) {
  const q = useOwnerSearch(kw, page);
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  return (
    <Table<OwnerHit>
      rowKey="owner"
      dataSource={q.data?.list ?? []}
      loading={q.isFetching}
      onRow={() => ({ 'data-testid': 'owner-row' }) as never}
      locale={{ emptyText: '没有找到名称包含该关键词的主体' }}
      scroll={{ x: 820 }}
      pagination={{
        current: page,
        pageSize: EXPLORE_PAGE_SIZE,
        total: q.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (t) => `共 ${formatTotal(t)} 个主体`,
        onChange: onPage,
      }}
      columns={[
        {
          title: '主体名称',
          key: 'owner',
          render: (_, o) => (
            <Link to={linkTo(o.owner)} data-testid="owner-link">
              {o.owner}
            </Link>
          ),
        },
        {
          title: '公众号',
          dataIndex: 'accounts',
          width: 90,
          align: 'right',
          render: (v: number) => <span data-testid="owner-accounts">{formatTotal(v)}</span>,
        },
        {
          title: '行业',
          key: 'media',
          width: 220,
          render: (_, o) => o.media.map((m) => <Tag key={m}>{m}</Tag>),
        },
        { title: '地区', key: 'areas', width: 160, render: (_, o) => o.areas.join('、') || '-' },
        {
          title: '已收录文章',
          dataIndex: 'articles',
          width: 110,
          align: 'right',
          render: (v: number) => formatTotal(v),
        },
        { title: '最近发文', dataIndex: 'last_pub', width: 170, render: (v: string) => v || '-' },
      ]}
    />
  );
}
