// 品牌榜 (/appsearch/companylist): owners (主体) ranked by their accounts' combined figures over 7 or 30 days
// (monitor/v1 brand_ranking); a brand opens /appsearch/brandvolumelist with its accounts and daily volume.
import { Card, Flex, Input, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { HBarChart } from '../../../components/charts/HBarChart';
import { TabError } from '../../../components/gates/LevelLimit';
import { RankBadge } from '../../../components/RankChange';
import { WindowDaysSwitch } from '../../../components/WindowDaysSwitch';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatTotal } from '../../../lib/format';
import {
  type BrandDays,
  type BrandRow,
  type BrandSort,
  FREE_RANK_DEPTH,
  RANK_PAGE_SIZE,
  useBrandRanking,
} from '../hooks/rank-queries';
import '../../../components/styles/ranks.css';

const SORTS: { value: BrandSort; label: string }[] = [
  { value: 'reads', label: '总阅读' },
  { value: 'avg_reads', label: '篇均阅读' },
  { value: 'articles', label: '发文篇数' },
  { value: 'accounts', label: '公众号数' },
  { value: 'likes', label: '点赞' },
  { value: 'looking', label: '在看' },
  { value: 'fans', label: '估算活跃粉丝' },
];

export const brandPath = (owner: string) => `/appsearch/brandvolumelist?owner=${encodeURIComponent(owner)}`;

const n = (title: string, key: keyof BrandRow, width = 100) => ({
  title,
  dataIndex: key,
  width,
  align: 'right' as const,
  render: (v: number) => formatTotal(v),
});

export function BrandListPage() {
  const [days, setDays] = useState<BrandDays>(7);
  const [sort, setSort] = useState<BrandSort>('reads');
  const [kw, setKw] = useState('');
  const [page, setPage] = useState(1);
  const q = useBrandRanking({ days, sort, kw, page });
  const label = SORTS.find((s) => s.value === sort)?.label ?? '';
  const top = page === 1 ? (q.data?.list ?? []).slice(0, 10) : [];
  return (
    <Card title="品牌榜" data-testid="brand-list-page">
      <Typography.Paragraph type="secondary" data-testid="rank-rule">
        按主体（公众号的认证企业或机构）汇总旗下公众号在所选时间内的发文与阅读数据排名。访客与免费会员可查看前{' '}
        {FREE_RANK_DEPTH} 名。
      </Typography.Paragraph>
      <Flex wrap gap={12} align="center" className="block-gap">
        <WindowDaysSwitch
          testId="brand-days"
          value={days}
          onChange={(d) => {
            setDays(d);
            setPage(1);
          }}
        />
        <Select
          data-testid="brand-sort"
          aria-label="排序"
          style={{ width: 150 }}
          value={sort}
          options={SORTS.map((s) => ({ value: s.value, label: `按${s.label}` }))}
          onChange={(v: BrandSort) => {
            setSort(v);
            setPage(1);
          }}
        />
        <Input.Search
          data-testid="brand-search"
          aria-label="搜索主体"
          placeholder="搜索主体名称"
          allowClear
          maxLength={50}
          style={{ width: 260 }}
          onSearch={(v) => {
            setKw(v.trim());
            setPage(1);
          }}
        />
        {q.data && (
          <Typography.Text type="secondary" data-testid="rank-range">
            统计区间 {q.data.start_day} 至 {q.data.end_day}
          </Typography.Text>
        )}
      </Flex>
      {q.isError ? (
        <TabError error={q.error} onRetry={() => q.refetch()} limitTitle={q.error.message} />
      ) : (
        <>
          {top.length > 0 && (
            <Card size="small" className="block-gap" title={`前 ${top.length} 名 · ${label}`}>
              <HBarChart
                testId="rank-chart"
                ariaLabel={`品牌榜前 ${top.length} 名的${label}`}
                color="#722ed1"
                format={formatTotal}
                data={top.map((b) => ({ key: b.owner, label: b.owner, value: Number(b[sort]) }))}
              />
            </Card>
          )}
          <Table<BrandRow>
            rowKey="owner"
            dataSource={q.data?.list ?? []}
            loading={q.isPending || q.isFetching}
            onRow={() => ({ 'data-testid': 'brand-row' }) as never}
            locale={{ emptyText: kw ? `没有找到名称包含“${kw}”的主体` : '所选时间内暂无数据' }}
            scroll={{ x: 1180 }}
            pagination={{
              current: page,
              pageSize: RANK_PAGE_SIZE,
              total: q.data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (t) => `共 ${formatTotal(t)} 个主体`,
              onChange: setPage,
            }}
            columns={[
              {
                title: '排名',
                dataIndex: 'rank',
                width: 64,
                align: 'center',
                render: (r: number) => <RankBadge rank={r} />,
              },
              {
                title: '主体',
                dataIndex: 'owner',
                render: (owner: string) => (
                  <Link to={brandPath(owner)} data-testid="brand-owner">
                    {owner}
                  </Link>
                ),
              },
              {
                title: '代表公众号',
                key: 'top',
                width: 160,
                render: (_, b) =>
                  b.top_account.mid ? (
                    <Link to={accountDetailPath(b.top_account.mid)} onClick={markDetailNavigation}>
                      {b.top_account.name}
                    </Link>
                  ) : (
                    '-'
                  ),
              },
              {
                title: '公众号（活跃）',
                key: 'accounts',
                width: 120,
                align: 'right',
                render: (_, b) => `${formatTotal(b.accounts)}（${formatTotal(b.active_accounts)}）`,
              },
              n('发文', 'articles', 80),
              n('总阅读', 'reads'),
              n('篇均阅读', 'avg_reads'),
              n('最高阅读', 'max_reads'),
              n('点赞', 'likes', 80),
              n('在看', 'looking', 80),
              n('估算活跃粉丝', 'fans', 120),
            ]}
          />
        </>
      )}
    </Card>
  );
}
