// Mini-program table of the search, the ranking and the same-owner list: icon, name (opens /appsearch/appdetail),
// exposure (reads of the articles embedding it), articles and accounts involved.
import { Avatar, Table, type TableProps, Tag, Tooltip } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { imageProxyUrl } from '../../../api/endpoints';
import { RankBadge, RankChange } from '../../../components/RankChange';
import { formatTotal } from '../../../lib/format';
import { type Minipro, type MiniproRankRow, RANK_PAGE_SIZE } from '../../ranks';

export const miniproPath = (appid: string) => `/appsearch/appdetail?appid=${encodeURIComponent(appid)}`;

export function MiniproIcon({ m, size = 32 }: { m: Pick<Minipro, 'icon' | 'title'>; size?: number }) {
  // The proxy may not reach the icon host; the first character stands in then.
  return (
    <Avatar shape="square" size={size} src={m.icon ? imageProxyUrl(m.icon) : undefined} alt={m.title}>
      {m.title.charAt(0) || '程'}
    </Avatar>
  );
}

const rowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'minipro-row' }) as HTMLAttributes<HTMLElement>;

const tip = (title: string, text: string) => (
  <Tooltip title={text}>
    <span className="has-tooltip">{title}</span>
  </Tooltip>
);

type Row = Minipro & Partial<Pick<MiniproRankRow, 'rank' | 'rank_change'>>;

interface MiniproTableProps {
  rows: Row[];
  total: number;
  page: number;
  loading: boolean;
  onPageChange?: (page: number) => void;
  ranked?: boolean;
  /** Show the 30-day figures next to the all-time ones (search and detail answers carry them). */
  recent?: boolean;
  empty: string;
}

export function MiniproTable({
  rows,
  total,
  page,
  loading,
  onPageChange,
  ranked,
  recent,
  empty,
}: MiniproTableProps) {
  const columns: NonNullable<TableProps<Row>['columns']> = [
    ...(ranked
      ? ([
          {
            title: '排名',
            dataIndex: 'rank',
            width: 64,
            align: 'center',
            render: (r: number) => <RankBadge rank={r} />,
          },
          {
            title: tip('变化', '与上一周期相比的名次变化'),
            dataIndex: 'rank_change',
            width: 80,
            align: 'center',
            render: (c: number | null) => <RankChange change={c} />,
          },
        ] as NonNullable<TableProps<Row>['columns']>)
      : []),
    {
      title: '小程序',
      key: 'title',
      render: (_, m) => (
        <span className="minipro-title">
          <MiniproIcon m={m} />
          <span className="rank-account">
            <Link data-testid="minipro-link" to={miniproPath(m.appid)}>
              {m.title || m.appid}
            </Link>
            <span className="rank-wxid">{m.appid}</span>
          </span>
          {m.labels.map((l) => (
            <Tag key={l}>{l}</Tag>
          ))}
        </span>
      ),
    },
    {
      title: tip('曝光', ranked ? '本周期嵌入该小程序的文章的阅读合计' : '嵌入该小程序的文章的阅读合计'),
      dataIndex: 'exposure_num',
      width: 110,
      align: 'right',
      render: (v: number) => <strong data-testid="minipro-exposure">{formatTotal(v)}</strong>,
    },
    {
      title: '涉及文章',
      dataIndex: 'article_num',
      width: 96,
      align: 'right',
      render: (v: number) => formatTotal(v),
    },
    {
      title: '涉及公众号',
      dataIndex: 'account_num',
      width: 100,
      align: 'right',
      render: (v: number) => formatTotal(v),
    },
    ...(recent
      ? ([
          {
            title: '近 30 天曝光',
            dataIndex: 'exposure_30d',
            width: 110,
            align: 'right',
            render: (v: number | undefined) => formatTotal(v ?? 0),
          },
          {
            title: '最近出现',
            dataIndex: 'last_seen',
            width: 150,
            render: (v: string | undefined) => (v ? v.slice(0, 16) : '-'),
          },
        ] as NonNullable<TableProps<Row>['columns']>)
      : []),
  ];
  return (
    <Table<Row>
      rowKey="appid"
      columns={columns}
      dataSource={rows}
      loading={loading}
      onRow={rowProps}
      locale={{ emptyText: empty }}
      scroll={{ x: 860 }}
      pagination={
        onPageChange
          ? {
              current: page,
              pageSize: RANK_PAGE_SIZE,
              total,
              showSizeChanger: false,
              showTotal: (n) => `共 ${formatTotal(n)} 个小程序`,
              onChange: onPageChange,
            }
          : false
      }
    />
  );
}
