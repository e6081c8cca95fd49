// Articles of followed accounts (follow_account_article, follow_key_search): title, account, time, counters and
// collect to an article group.
import { Table, Tag, Tooltip } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { type FollowArticle, RANK_PAGE_SIZE } from '../../api/rank-queries';
import { AccountAvatar } from '../../components/AccountAvatar';
import { accountDetailPath, markDetailNavigation } from '../../lib/account';
import { formatRatio, formatTotal, positionLabel } from '../../lib/format';
import { CollectDropdown } from '../detail/CollectArticle';

const rowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'follow-row' }) as HTMLAttributes<HTMLElement>;

interface Props {
  articles: FollowArticle[];
  total: number;
  page: number;
  loading: boolean;
  onPageChange: (p: number) => void;
  empty: string;
}

export function FollowArticleTable({ articles, total, page, loading, onPageChange, empty }: Props) {
  return (
    <Table<FollowArticle>
      rowKey={(a) => `${a.mid}_${a.aid}`}
      dataSource={articles}
      loading={loading}
      onRow={rowProps}
      locale={{ emptyText: empty }}
      scroll={{ x: 980 }}
      pagination={{
        current: page,
        pageSize: RANK_PAGE_SIZE,
        total,
        showSizeChanger: false,
        showTotal: (n) => `共 ${formatTotal(n)} 篇文章`,
        onChange: onPageChange,
      }}
      columns={[
        {
          title: '文章',
          key: 'title',
          render: (_, a) => (
            <span className="list-title-cell">
              <Tag color={a.position === 1 ? 'red' : 'blue'}>{positionLabel(a.position)}</Tag>
              <a href={a.href} target="_blank" rel="noopener noreferrer" data-testid="follow-title">
                {a.title || '（无标题）'}
              </a>
            </span>
          ),
        },
        {
          title: '公众号',
          key: 'account',
          width: 180,
          render: (_, a) => (
            <span className="account-cell">
              <AccountAvatar avatar={a.avatar} name={a.mp_name} size={28} />
              <Link to={accountDetailPath(a.mid)} onClick={markDetailNavigation} data-testid="follow-account">
                {a.mp_name || '-'}
              </Link>
            </span>
          ),
        },
        { title: '发布时间', dataIndex: 'pubtime', width: 150, render: (t: string) => t.slice(0, 16) },
        {
          title: '阅读',
          dataIndex: 'read',
          width: 90,
          align: 'right',
          render: (v: number) => formatTotal(v),
        },
        { title: '点赞', dataIndex: 'zan', width: 70, align: 'right', render: (v: number) => formatTotal(v) },
        {
          title: '在看',
          dataIndex: 'looking',
          width: 70,
          align: 'right',
          render: (v: number) => formatTotal(v),
        },
        {
          title: (
            <Tooltip title="阅读数 ÷ 该号已抓取文章的平均阅读数">
              <span className="has-tooltip">相对质量</span>
            </Tooltip>
          ),
          dataIndex: 'quality_num',
          width: 90,
          align: 'right',
          render: (v: number) => formatRatio(v),
        },
        {
          title: '操作',
          key: 'collect',
          width: 90,
          render: (_, a) => <CollectDropdown target={{ aid: a.aid, mid: a.mid, wxname: a.mp_name }} />,
        },
      ]}
    />
  );
}
