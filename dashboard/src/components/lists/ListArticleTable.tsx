// Article table of 今日热文 and 低粉爆文: rank, position badge, title (to our article page), account, time and
// counters (in 万, exact in a tooltip); sized to fit the content column without a horizontal scroll.
import { Table, type TableProps, Tag, Tooltip } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { LIST_PAGE_SIZE } from '../../api/endpoints';
import type { ListArticle } from '../../api/types';
import { accountDetailPath, accountName, markDetailNavigation } from '../../lib/account';
import { formatRatio, formatTotal, positionLabel } from '../../lib/format';
import { AccountAvatar } from '../AccountAvatar';
import { ArticleTitleLink } from '../links/article-links';
import { WanFigure } from '../WanFigure';

type Columns = NonNullable<TableProps<ListArticle>['columns']>;

/** Also the article's `post` (our article page's key). */
const rowKey = (a: ListArticle) => `${a.mid}_${a.aid}`;

const figure = (v: number) => <WanFigure value={v} />;

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
          <ArticleTitleLink post={rowKey(a)} testId="list-title" className="list-title">
            {a.title || '（无标题）'}
          </ArticleTitleLink>
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
    { title: '阅读', dataIndex: 'read', width: 80, align: 'right', render: figure },
    { title: '点赞', dataIndex: 'zan', width: 68, align: 'right', render: figure },
    { title: '在看', dataIndex: 'looking', width: 68, align: 'right', render: figure },
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
    render: figure,
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
      tableLayout="fixed"
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
