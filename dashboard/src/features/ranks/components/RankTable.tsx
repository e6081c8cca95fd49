// Account ranking table: place and its change, account, the figures the ranking is about, and collect to a group.
// Columns are sized so the key figures fit the 1168 px content column without a horizontal scroll (1280–1440 px
// windows); counts read in 万 with the exact value in a tooltip.
import { Button, Table, type TableProps, Tooltip } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { FavoritePicker } from '../../../components/groups/FavoritePicker';
import { ArticleTitleLink, ReportLink } from '../../../components/links/article-links';
import { RankBadge, RankChange } from '../../../components/RankChange';
import { WanFigure } from '../../../components/WanFigure';
import { accountDetailPath, accountName, markDetailNavigation } from '../../../lib/account';
import { formatPercent, formatRatio, formatTotal } from '../../../lib/format';
import { type AccountRankType, RANK_PAGE_SIZE, type RankRow } from '../hooks/rank-queries';

type Columns = NonNullable<TableProps<RankRow>['columns']>;

const rowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'rank-row' }) as HTMLAttributes<HTMLElement>;

/** A heading with what it means in a tooltip. */
const explained = (title: string, tip: string): ReactNode => (
  <Tooltip title={tip}>
    <span className="has-tooltip">{title}</span>
  </Tooltip>
);

const num = (title: string, key: keyof RankRow, tip?: string, width = 76): Columns[number] => ({
  title: tip ? explained(title, tip) : title,
  dataIndex: key,
  key,
  width,
  align: 'right',
  className: 'rank-nowrap',
  render: (v: number | undefined) => <WanFigure value={v ?? 0} />,
});

/** What WCI is, in the rankings' words (the detail page explains it at length). */
export const WCI_TIP =
  'WCI（V14.2 公开公式）：由本周期的阅读、在看、点赞按日均、篇均、头条与最高四部分加权计算，进行中的周期按已过天数平均';

/** Our own account index (the API's `index`). */
export const INDEX_TIP = '传播指数：近 30 天 WCI ÷ 近 30 天发文篇数，与所选周期无关';

const head: Columns = [
  {
    title: explained('排名', '名次与上一周期同一榜单相比的变化'),
    dataIndex: 'rank',
    key: 'rank',
    width: 72,
    align: 'center',
    render: (r: number, row) => (
      <span className="rank-place">
        <RankBadge rank={r} />
        <RankChange change={row.rank_change} />
      </span>
    ),
  },
  {
    title: '公众号',
    key: 'account',
    render: (_, r) => {
      const name = accountName(r);
      return (
        <span className="account-cell rank-account-cell">
          <AccountAvatar avatar={r.avatar} name={name} size={32} />
          <span className="rank-account">
            <Link
              data-testid="rank-account"
              to={accountDetailPath(r.mid)}
              onClick={markDetailNavigation}
              title={name}
            >
              {name || '-'}
            </Link>
            <span className="rank-wxid">{r.wxid}</span>
          </span>
        </span>
      );
    },
  },
  {
    title: '行业',
    key: 'media',
    width: 80,
    render: (_, r) => (
      <span className="rank-account">
        <span>{r.media || '-'}</span>
        <span className="rank-wxid">{r.area || '-'}</span>
      </span>
    ),
  },
];

const score = (title: string, tip: string): Columns[number] => ({
  ...num(title, 'score', tip, 80),
  render: (v: number) => <strong data-testid="rank-score">{formatRatio(v)}</strong>,
});

const index: Columns[number] = {
  ...num('传播指数', 'index', INDEX_TIP, 80),
  render: (v: number) => formatRatio(v),
};

const readColumns: Columns = [
  num('发文', 'articles', '本周期发布的文章篇数', 56),
  num('总阅读', 'reads', '本周期发布的文章的阅读合计'),
  num('平均阅读', 'avg_read', '总阅读 ÷ 发文篇数'),
  num('头条均阅读', 'head_avg_read', '本周期头条文章的平均阅读', 88),
  num('最高阅读', 'max_read', '本周期单篇文章的最高阅读', 80),
  num('点赞', 'likes', undefined, 68),
  num('在看', 'looking', undefined, 68),
];

const fakeShare = (r: RankRow) => (r.reads > 0 ? r.fake_reads / r.reads : 0);

/** The fake-traffic rows lead to the report of the account's worst flagged article of the period. */
const flaggedArticle: Columns[number] = {
  title: explained('刷量文章', '本周期判定为刷量的文章中估算刷量阅读最多的一篇，点击查看其刷量报告'),
  key: 'fake_post',
  width: 200,
  render: (_, r) =>
    r.fake_post ? (
      <span className="rank-account" data-testid="rank-fake-article">
        <span className="rank-ellipsis" title={r.fake_title}>
          <ArticleTitleLink post={r.fake_post}>{r.fake_title || '（无标题）'}</ArticleTitleLink>
        </span>
        <ReportLink post={r.fake_post}>查看刷量报告</ReportLink>
      </span>
    ) : (
      '-'
    ),
};

/** The figures each ranking is about, its score column first. */
function figureColumns(type: AccountRankType): Columns {
  switch (type) {
    case 'real':
      return [
        score('真实 WCI', '阅读类数值乘以真实阅读占比（(阅读 − 估算刷量阅读) ÷ 阅读）后计算的 WCI'),
        ...readColumns,
        num('刷量阅读', 'fake_reads', '本周期判定为刷量的文章的估算刷量阅读合计', 80),
      ];
    case 'original':
      return [
        {
          ...num('原创篇数', 'originals', '本周期发布的原创文章数；同数按原创阅读排序', 80),
          render: (v: number) => <strong data-testid="rank-score">{formatTotal(v)}</strong>,
        },
        num('原创阅读', 'original_reads', undefined, 80),
        num('原创篇均阅读', 'original_avg_read', undefined, 104),
        {
          title: '原创占比',
          dataIndex: 'original_share',
          key: 'original_share',
          width: 80,
          align: 'right',
          render: (v: number | undefined) => formatPercent(v ?? 0),
        },
        num('发文', 'articles', undefined, 56),
        num('总阅读', 'reads'),
        // Shown beside the score, so without the score's marker.
        { ...num('WCI', 'wci', WCI_TIP, 72), render: (v: number) => formatRatio(v) },
        index,
      ];
    case 'fake':
    case 'new_fake':
      return [
        {
          ...num(
            '估算刷量阅读',
            'fake_reads',
            '刷量检测判定为刷量的文章的估算刷量阅读合计；同数按刷量篇数',
            104,
          ),
          render: (v: number) => (
            <strong data-testid="rank-score">
              <WanFigure value={v} />
            </strong>
          ),
        },
        num('刷量篇数', 'fake_articles', undefined, 80),
        {
          title: '刷量占比',
          key: 'fake_share',
          width: 80,
          align: 'right',
          render: (_, r) => formatPercent(fakeShare(r)),
        },
        num('发文', 'articles', undefined, 56),
        num('总阅读', 'reads'),
        flaggedArticle,
      ];
    default:
      return [score('WCI', WCI_TIP), index, ...readColumns];
  }
}

interface RankTableProps {
  type: AccountRankType;
  rows: RankRow[];
  total: number;
  page: number;
  loading: boolean;
  onPageChange: (page: number) => void;
  selected: number[];
  onSelect: (mids: number[]) => void;
}

export function RankTable({
  type,
  rows,
  total,
  page,
  loading,
  onPageChange,
  selected,
  onSelect,
}: RankTableProps) {
  const columns: Columns = [
    ...head,
    ...figureColumns(type),
    {
      title: '操作',
      key: 'action',
      width: 64,
      render: (_, r) => (
        <FavoritePicker mids={[r.mid]}>
          <Button size="small" type="link" data-testid="rank-favorite">
            收藏
          </Button>
        </FavoritePicker>
      ),
    },
  ];
  return (
    <Table<RankRow>
      rowKey="mid"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onRow={rowProps}
      size="middle"
      tableLayout="fixed"
      rowSelection={{
        columnWidth: 32,
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(Number)),
      }}
      locale={{ emptyText: '本周期暂无上榜公众号' }}
      pagination={{
        current: page,
        pageSize: RANK_PAGE_SIZE,
        total,
        showSizeChanger: false,
        showTotal: (n) => `共 ${formatTotal(n)} 个公众号上榜`,
        onChange: onPageChange,
      }}
    />
  );
}

/** The bar chart's value per ranking: what the ranking sorts by. */
export function chartValue(type: AccountRankType): {
  label: string;
  of: (r: RankRow) => number;
  int: boolean;
} {
  switch (type) {
    case 'real':
      return { label: '真实 WCI', of: (r) => r.score, int: false };
    case 'original':
      return { label: '原创篇数', of: (r) => r.originals, int: true };
    case 'fake':
    case 'new_fake':
      return { label: '估算刷量阅读', of: (r) => r.fake_reads, int: true };
    default:
      return { label: 'WCI', of: (r) => r.score, int: false };
  }
}
