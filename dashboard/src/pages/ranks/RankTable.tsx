// Account ranking table: place, change, account, the figures the ranking is about, and collect to a group.
import { Button, Table, type TableProps, Tooltip } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { type AccountRankType, RANK_PAGE_SIZE, type RankRow } from '../../api/rank-queries';
import { AccountAvatar } from '../../components/AccountAvatar';
import { accountDetailPath, accountName, markDetailNavigation } from '../../lib/account';
import { formatPercent, formatRatio, formatTotal } from '../../lib/format';
import { FavoritePicker } from '../detail/FavoritePicker';
import { RankBadge, RankChange } from './RankChange';

type Columns = NonNullable<TableProps<RankRow>['columns']>;

const rowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'rank-row' }) as HTMLAttributes<HTMLElement>;

const num = (title: string, key: keyof RankRow, tip?: string, width = 96): Columns[number] => ({
  title: tip ? (
    <Tooltip title={tip}>
      <span className="has-tooltip">{title}</span>
    </Tooltip>
  ) : (
    title
  ),
  dataIndex: key,
  width,
  align: 'right',
  render: (v: number | undefined) => formatTotal(v ?? 0),
});

const head: Columns = [
  {
    title: '排名',
    dataIndex: 'rank',
    width: 64,
    align: 'center',
    render: (r: number) => <RankBadge rank={r} />,
  },
  {
    title: (
      <Tooltip title="与上一周期同一榜单相比的名次变化">
        <span className="has-tooltip">变化</span>
      </Tooltip>
    ),
    dataIndex: 'rank_change',
    width: 80,
    align: 'center',
    render: (c: number | null) => <RankChange change={c} />,
  },
  {
    title: '公众号',
    key: 'account',
    width: 220,
    render: (_, r) => {
      const name = accountName(r);
      return (
        <span className="account-cell">
          <AccountAvatar avatar={r.avatar} name={name} size={32} />
          <span className="rank-account">
            <Link data-testid="rank-account" to={accountDetailPath(r.mid)} onClick={markDetailNavigation}>
              {name || '-'}
            </Link>
            <span className="rank-wxid">{r.wxid}</span>
          </span>
        </span>
      );
    },
  },
  { title: '行业', dataIndex: 'media', width: 80, render: (v: string) => v || '-' },
  { title: '地区', dataIndex: 'area', width: 72, render: (v: string) => v || '-' },
];

const wci = (title: string, tip: string): Columns[number] => ({
  ...num(title, 'score', tip, 100),
  render: (v: number) => <strong data-testid="rank-score">{formatRatio(v)}</strong>,
});

const readColumns: Columns = [
  num('发文', 'articles', '本周期发布的文章篇数', 72),
  num('总阅读', 'reads'),
  num('篇均阅读', 'avg_read'),
  num('头条均阅读', 'head_avg_read'),
  num('最高阅读', 'max_read'),
  num('点赞', 'likes', undefined, 80),
  num('在看', 'looking', undefined, 80),
];

const fakeShare = (r: RankRow) => (r.reads > 0 ? r.fake_reads / r.reads : 0);

/** The figures each ranking is about, its score column first. */
function figureColumns(type: AccountRankType): Columns {
  switch (type) {
    case 'real':
      return [
        wci('真实 WCI', '阅读类数值乘以真实阅读占比（(阅读 − 估算刷量阅读) ÷ 阅读）后的 WCI'),
        ...readColumns,
        num('估算刷量阅读', 'fake_reads', undefined, 110),
      ];
    case 'original':
      return [
        {
          ...num('原创篇数', 'originals', '本周期发布的原创文章数；同数按原创阅读排序', 90),
          render: (v: number) => <strong data-testid="rank-score">{formatTotal(v)}</strong>,
        },
        num('原创阅读', 'original_reads'),
        num('原创篇均阅读', 'original_avg_read', undefined, 110),
        {
          title: '原创占比',
          dataIndex: 'original_share',
          width: 88,
          align: 'right',
          render: (v: number | undefined) => formatPercent(v ?? 0),
        },
        num('发文', 'articles', undefined, 72),
        num('总阅读', 'reads'),
        // Shown beside the score, so without the score's marker.
        { ...num('WCI', 'wci', '本周期清博 WCI V14.2', 88), render: (v: number) => formatRatio(v) },
      ];
    case 'fake':
    case 'new_fake':
      return [
        {
          ...num(
            '估算刷量阅读',
            'fake_reads',
            '刷量检测判定为刷量的文章的估算刷量阅读合计；同数按刷量篇数',
            120,
          ),
          render: (v: number) => <strong data-testid="rank-score">{formatTotal(v)}</strong>,
        },
        num('刷量篇数', 'fake_articles', undefined, 88),
        {
          title: '刷量占比',
          key: 'fake_share',
          width: 88,
          align: 'right',
          render: (_, r) => formatPercent(fakeShare(r)),
        },
        num('发文', 'articles', undefined, 72),
        num('总阅读', 'reads'),
        num('点赞', 'likes', undefined, 80),
      ];
    default:
      return [wci('WCI', '本周期清博 WCI V14.2（进行中的周期按已过天数平均）'), ...readColumns];
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
      width: 76,
      fixed: 'right',
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
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(Number)) }}
      locale={{ emptyText: '本周期暂无上榜公众号' }}
      scroll={{ x: 1240 }}
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
