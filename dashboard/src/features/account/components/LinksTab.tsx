// 阅读原文 links tab (spec §2): time window 1/7/30/60 days, sort by publish time/reads/likes, 10 per page.
import { Flex, Radio, Table, type TableProps, Tag } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { TabError } from '../../../components/gates/LevelLimit';
import { ArticleTitleLink } from '../../../components/links/article-links';
import { formatCount, formatTotal, positionLabel } from '../../../lib/format';
import {
  LINK_PAGE_SIZE,
  type LinkDays,
  type LinkOrder,
  type OriginalLink,
  useOriginalLinks,
} from '../hooks/detail-queries';

const DAYS: { value: LinkDays; label: string }[] = [
  { value: 1, label: '近1天' },
  { value: 7, label: '近7天' },
  { value: 30, label: '近30天' },
  { value: 60, label: '近60天' },
];
const ORDERS: { value: LinkOrder; label: string }[] = [
  { value: 'pubtime', label: '发布时间' },
  { value: 'read', label: '阅读数' },
  { value: 'zan', label: '点赞数' },
];

const columns: TableProps<OriginalLink>['columns'] = [
  {
    title: '文章',
    dataIndex: 'article_title',
    render: (title: string, r) => (
      <span>
        <Tag color={r.article_position === 1 ? 'red' : 'blue'}>{positionLabel(r.article_position)}</Tag>
        <span data-testid="link-title">
          <ArticleTitleLink post={r.post}>{title || '（无标题）'}</ArticleTitleLink>
        </span>
      </span>
    ),
  },
  { title: '公众号', dataIndex: 'mp_name', width: 140 },
  { title: '发布时间', dataIndex: 'article_pubtime', width: 170 },
  { title: '阅读', dataIndex: 'article_readnum', align: 'right', width: 90, render: formatCount },
  { title: '点赞', dataIndex: 'article_zannum', align: 'right', width: 80, render: formatCount },
  {
    title: '原文链接',
    dataIndex: 'original_address',
    ellipsis: true,
    render: (href: string) =>
      href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" title={href}>
          {href}
        </a>
      ) : (
        '-'
      ),
  },
];

const rowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'link-row' }) as HTMLAttributes<HTMLElement>;

export function LinksTab({ mid }: { mid: number }) {
  const [days, setDays] = useState<LinkDays>(30);
  const [orderby, setOrderby] = useState<LinkOrder>('pubtime');
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isError, error, refetch } = useOriginalLinks({
    id: mid,
    page,
    days,
    orderby,
  });
  if (isError) return <TabError error={error} onRetry={() => refetch()} />;
  return (
    <div data-testid="links-tab">
      <Flex wrap gap={16} className="block-gap" align="center">
        <Radio.Group
          data-testid="link-days"
          optionType="button"
          size="small"
          value={days}
          options={DAYS}
          onChange={(e) => {
            setDays(e.target.value);
            setPage(1);
          }}
        />
        <span>排序：</span>
        <Radio.Group
          data-testid="link-order"
          size="small"
          value={orderby}
          options={ORDERS}
          onChange={(e) => {
            setOrderby(e.target.value);
            setPage(1);
          }}
        />
      </Flex>
      <Table<OriginalLink>
        rowKey={(r) => `${r.article_url}#${r.article_position}`}
        size="small"
        loading={isPending || isFetching}
        columns={columns}
        dataSource={data?.article_list ?? []}
        onRow={rowProps}
        locale={{ emptyText: '暂无数据' }}
        pagination={{
          current: page,
          pageSize: LINK_PAGE_SIZE,
          total: data?.total_number ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (t) => `共 ${formatTotal(t)} 篇`,
          onChange: setPage,
        }}
      />
    </div>
  );
}
