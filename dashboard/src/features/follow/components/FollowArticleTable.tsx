// Articles of followed accounts (follow_account_article, follow_key_search): title (to our article page), account,
// time, counters (in 万) and collect to an article group; sized to fit beside the group list without a scroll.
import { Table, Tag, Tooltip } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { CollectDropdown } from '../../../components/groups/CollectArticle';
import { ArticleTitleLink } from '../../../components/links/article-links';
import { WanFigure } from '../../../components/WanFigure';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatRatio, formatTotal, positionLabel } from '../../../lib/format';
import { type FollowArticle, RANK_PAGE_SIZE } from '../../ranks';

const figure = (v: number) => <WanFigure value={v} />;

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
      tableLayout="fixed"
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
              <ArticleTitleLink post={`${a.mid}_${a.aid}`} testId="follow-title">
                {a.title || '（无标题）'}
              </ArticleTitleLink>
            </span>
          ),
        },
        {
          title: '公众号',
          key: 'account',
          width: 160,
          render: (_, a) => (
            <span className="account-cell">
              <AccountAvatar avatar={a.avatar} name={a.mp_name} size={28} />
              <Link to={accountDetailPath(a.mid)} onClick={markDetailNavigation} data-testid="follow-account">
                {a.mp_name || '-'}
              </Link>
            </span>
          ),
        },
        // Date and time on two lines keep the column narrow.
        {
          title: '发布时间',
          dataIndex: 'pubtime',
          width: 104,
          render: (t: string) => (
            <span className="nowrap">
              {t.slice(0, 10)}
              <br />
              {t.slice(11, 16)}
            </span>
          ),
        },
        { title: '阅读', dataIndex: 'read', width: 76, align: 'right', render: figure },
        { title: '点赞', dataIndex: 'zan', width: 64, align: 'right', render: figure },
        { title: '在看', dataIndex: 'looking', width: 64, align: 'right', render: figure },
        {
          title: (
            <Tooltip title="阅读数 ÷ 该号已抓取文章的平均阅读数">
              <span className="has-tooltip">相对质量</span>
            </Tooltip>
          ),
          dataIndex: 'quality_num',
          // Wide enough for its four-character heading on one line.
          width: 96,
          className: 'nowrap',
          align: 'right',
          render: (v: number) => formatRatio(v),
        },
        {
          title: '操作',
          key: 'collect',
          width: 76,
          render: (_, a) => <CollectDropdown target={{ aid: a.aid, mid: a.mid, wxname: a.mp_name }} />,
        },
      ]}
    />
  );
}
