// Article table of 今日热文 and 低粉爆文: rank, position badge, title, account, time and counters.
import { Table, type TableProps, Tag, Tooltip } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { LIST_PAGE_SIZE } from '../../api/endpoints';
import type { ListArticle } from '../../api/types';
import { AccountAvatar } from '../../components/AccountAvatar';
import { accountDetailPath, accountName, markDetailNavigation } from '../../lib/account';
import { formatCount, formatRatio, formatTotal, positionLabel } from '../../lib/format';

type Columns = NonNullable<TableProps<ListArticle>['columns']>;

const rowKey = (a: ListArticle) => `${a.mid}_${a.aid}`;

const rowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'list-row' }) as HTMLAttributes<HTMLElement>;

function baseColumns(page: number): Columns {
  return [
    {
      title: '排名',
      key: 'rank',
      width: 64,
      align: 'center',
      render: (_, __, index) => (page - 1) * LIST_PAGE_SIZE + index + 1,
    },
    {
      title: '文章',
      key: 'title',
      render: (_, a) => (
        <span className="list-title-cell">
          <Tag color={a.position === 1 ? 'red' : 'blue'}>{positionLabel(a.position)}</Tag>
          {a.tag === 1 && <Tag color="gold">原创</Tag>}
          <a
            data-testid="list-title"
            className="list-title"
            href={a.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {a.title || '（无标题）'}
          </a>
        </span>
      ),
    },
    {
      title: '公众号',
      key: 'account',
      width: 180,
      render: (_, a) => {
        const name = accountName(a);
        return (
          <span className="account-cell">
            <AccountAvatar avatar={a.avatar} name={name} size={28} />
            <Link data-testid="list-account" to={accountDetailPath(a.mid)} onClick={markDetailNavigation}>
              {name || '-'}
            </Link>
          </span>
        );
      },
    },
    { title: '行业', dataIndex: 'media', width: 80, render: (media: string) => media || '-' },
    // yyyy-mm-dd hh:mm (seconds add nothing here)
    {
      title: '发布时间',
      dataIndex: 'pubtime',
      width: 150,
      render: (t: string) => <span className="nowrap">{t.slice(0, 16)}</span>,
    },
    { title: '阅读', dataIndex: 'read', width: 90, align: 'right', render: (v: number) => formatCount(v) },
    { title: '点赞', dataIndex: 'zan', width: 70, align: 'right', render: (v: number) => formatCount(v) },
    { title: '在看', dataIndex: 'looking', width: 70, align: 'right', render: (v: number) => formatCount(v) },
  ];
}

/** 低粉爆文's extra columns: how small the account is and how far above its usual the article went. */
const burstColumns: Columns = [
  {
    title: (
      <Tooltip title="近 30 天头条阅读中位数 ÷ 5%">
        <span className="has-tooltip">估算活跃粉丝</span>
      </Tooltip>
    ),
    dataIndex: 'fans',
    width: 110,
    align: 'right',
    render: (v: number) => formatTotal(v),
  },
  {
    title: (
      <Tooltip title="阅读数 ÷ 该号近 30 天阅读中位数">
        <span className="has-tooltip">爆文倍数</span>
      </Tooltip>
    ),
    dataIndex: 'burst_ratio',
    width: 90,
    align: 'right',
    render: (v: number) => `${formatRatio(v)} 倍`,
  },
];

interface ListArticleTableProps {
  articles: ListArticle[];
  total: number;
  page: number;
  loading: boolean;
  onPageChange: (page: number) => void;
  variant: 'hot' | 'burst';
}

export function ListArticleTable({
  articles,
  total,
  page,
  loading,
  onPageChange,
  variant,
}: ListArticleTableProps) {
  const columns = variant === 'burst' ? [...baseColumns(page), ...burstColumns] : baseColumns(page);
  return (
    <Table<ListArticle>
      rowKey={rowKey}
      columns={columns}
      dataSource={articles}
      loading={loading}
      onRow={rowProps}
      locale={{ emptyText: '暂无符合条件的文章' }}
      scroll={{ x: variant === 'burst' ? 1100 : 920 }}
      pagination={{
        current: page,
        pageSize: LIST_PAGE_SIZE,
        total,
        showSizeChanger: false,
        showTotal: (n) => `共 ${formatTotal(n)} 篇文章`,
        onChange: onPageChange,
      }}
    />
  );
}
