// 品牌声量 (/appsearch/brandvolumelist?owner=): one owner's combined figures, its daily reads (the top accounts stacked as
// lines) and its accounts (monitor/v1 brand_detail, brand_bar; owner information: deluxe members and above).
import { App as AntApp, Button, Card, Empty, Flex, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { TrendChart } from '../../../components/charts/TrendChart';
import { TabError } from '../../../components/gates/LevelLimit';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { FavoritePicker } from '../../../components/groups/FavoritePicker';
import { figureColumn } from '../../../components/lists/figure-columns';
import { WindowDaysSwitch } from '../../../components/WindowDaysSwitch';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatRatio, formatTotal } from '../../../lib/format';
import {
  type AccountFigures,
  type BrandDays,
  RANK_PAGE_SIZE,
  useBrandBars,
  useBrandDetail,
} from '../hooks/rank-queries';
import '../../../components/styles/ranks.css';

const COLORS = [
  '#1677ff',
  '#fa541c',
  '#52c41a',
  '#722ed1',
  '#faad14',
  '#13c2c2',
  '#eb2f96',
  '#a0d911',
  '#2f54eb',
  '#fa8c16',
  '#8c8c8c',
];

const n = (title: string, key: keyof AccountFigures & string, width = 96) =>
  figureColumn<AccountFigures>(title, key, width);

function BrandBody({ owner }: { owner: string }) {
  const [days, setDays] = useState<BrandDays>(7);
  const [page, setPage] = useState(1);
  const detail = useBrandDetail({ owner, days, page }, true);
  const bars = useBrandBars({ owner, days }, true);
  if (detail.isError)
    return (
      <TabError error={detail.error} onRetry={() => detail.refetch()} limitTitle={detail.error.message} />
    );
  const d = detail.data;
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center">
        <WindowDaysSwitch
          testId="brand-days"
          value={days}
          onChange={(d) => {
            setDays(d);
            setPage(1);
          }}
        />
        {d && (
          <span data-testid="brand-range" className="rank-wxid">
            统计区间 {d.start_day} 至 {d.end_day}
          </span>
        )}
        {d?.media.map((m) => (
          <Tag key={m} color="blue">
            {m}
          </Tag>
        ))}
        {d?.areas.map((a) => (
          <Tag key={a}>{a}</Tag>
        ))}
      </Flex>
      <Flex wrap gap={32} data-testid="brand-summary">
        <Statistic
          title="公众号（活跃）"
          value={d ? `${d.accounts}（${d.active_accounts}）` : '-'}
          loading={detail.isPending}
        />
        <Statistic title="发文篇数" value={d?.articles ?? 0} loading={detail.isPending} />
        <Statistic title="总阅读" value={d?.reads ?? 0} loading={detail.isPending} />
        <Statistic title="篇均阅读" value={d?.avg_reads ?? 0} loading={detail.isPending} />
        <Statistic title="点赞" value={d?.likes ?? 0} loading={detail.isPending} />
        <Statistic title="在看" value={d?.looking ?? 0} loading={detail.isPending} />
        <Statistic title="估算活跃粉丝" value={d?.fans ?? 0} loading={detail.isPending} />
      </Flex>
      <Card size="small" title="每日阅读（主要公众号）">
        {bars.isError ? (
          <TabError error={bars.error} onRetry={() => bars.refetch()} />
        ) : bars.data ? (
          <TrendChart
            time={bars.data.charts.x}
            series={[
              { key: 'total', label: '合计', color: '#262626', values: bars.data.charts.reads, axis: 'left' },
              ...bars.data.series.map((s, i) => ({
                key: String(s.mid),
                label: s.name,
                color: COLORS[i] ?? '#8c8c8c',
                values: s.reads,
                axis: 'left' as const,
              })),
            ]}
          />
        ) : (
          <Card loading bordered={false} />
        )}
      </Card>
      <Table<AccountFigures>
        rowKey="mid"
        dataSource={d?.list ?? []}
        loading={detail.isFetching}
        onRow={() => ({ 'data-testid': 'brand-account-row' }) as never}
        locale={{ emptyText: '该主体暂无已收录的公众号' }}
        scroll={{ x: 1100 }}
        pagination={{
          current: page,
          pageSize: RANK_PAGE_SIZE,
          total: d?.total ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `共 ${formatTotal(t)} 个公众号`,
          onChange: setPage,
        }}
        columns={[
          {
            title: '公众号',
            key: 'account',
            width: 200,
            render: (_, a) => (
              <span className="account-cell">
                <AccountAvatar avatar={a.avatar} name={a.name} size={28} />
                <Link
                  to={accountDetailPath(a.mid)}
                  onClick={markDetailNavigation}
                  data-testid="brand-account"
                >
                  {a.name}
                </Link>
              </span>
            ),
          },
          { title: '行业', dataIndex: 'media', width: 80 },
          n('发文', 'articles', 72),
          n('总阅读', 'reads'),
          n('篇均阅读', 'avg_reads'),
          n('头条均阅读', 'head_avg_reads', 104),
          n('点赞', 'likes', 80),
          n('在看', 'looking', 80),
          n('估算活跃粉丝', 'fans', 116),
          {
            title: 'WCI',
            dataIndex: 'wci',
            width: 80,
            align: 'right',
            render: (v: number) => formatRatio(v),
          },
          {
            title: '操作',
            key: 'fav',
            width: 76,
            render: (_, a) => (
              <FavoritePicker mids={[a.mid]}>
                <Button size="small" type="link">
                  收藏
                </Button>
              </FavoritePicker>
            ),
          },
        ]}
      />
    </Flex>
  );
}

function BrandDetailPageBody() {
  const [params] = useSearchParams();
  const owner = (params.get('owner') ?? '').trim();
  return (
    <Card
      title={owner ? `品牌声量 · ${owner}` : '品牌声量'}
      data-testid="brand-detail-page"
      extra={<Link to="/appsearch/companylist">返回品牌榜</Link>}
    >
      {owner ? (
        <MemberOnly what="品牌声量">
          <BrandBody owner={owner} />
        </MemberOnly>
      ) : (
        <Empty description="请从品牌榜选择一个主体">
          <Link to="/appsearch/companylist">去品牌榜</Link>
        </Empty>
      )}
    </Card>
  );
}

/** antd's App gives the page's toasts (App.useApp in the group pickers and editors) their context. */
export function BrandDetailPage() {
  return (
    <AntApp component={false}>
      <BrandDetailPageBody />
    </AntApp>
  );
}
