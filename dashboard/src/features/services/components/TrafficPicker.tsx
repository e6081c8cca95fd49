// 流量广告投放 (/appsearch/advertisingtraffic): choose accounts to buy by data. The real ranking (WCI with the
// estimated fake reads taken out, rank/v1 real) within an industry, selectable into a comparison or a favourite group.
import { Button, Flex, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FavoritePicker } from '../../../components/groups/FavoritePicker';
import { PeriodSwitch } from '../../../components/PeriodSwitch';
import { RetryAlert } from '../../../components/RetryAlert';
import type { RankPeriod } from '../../../lib/period';
import { RankTable, useAccountRank, useRankFilters } from '../../ranks';

const CONTRAST_MAX = 5;

export function TrafficPicker() {
  const navigate = useNavigate();
  const filters = useRankFilters();
  const [media, setMedia] = useState('');
  const [period, setPeriod] = useState<RankPeriod>('week');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const q = useAccountRank({ type: 'real', period, previous: false, media, area: '', page });
  const reset = () => {
    setPage(1);
    setSelected([]);
  };
  const compare = selected.slice(0, CONTRAST_MAX);
  return (
    <div data-testid="traffic-picker">
      <Typography.Paragraph type="secondary">
        按「真实榜」选号：WCI 已扣除估算的刷量阅读，并列出总阅读、篇均阅读与头条平均阅读。先按行业筛选，勾选
        2–5 个候选号对比近期走势，或收藏到分组后逐个做投放前分析。
      </Typography.Paragraph>
      <Flex wrap gap={12} align="center" className="block-gap">
        <PeriodSwitch
          value={period}
          testId="traffic-period"
          onChange={(p) => {
            setPeriod(p);
            reset();
          }}
        />
        <Select
          data-testid="traffic-media"
          aria-label="行业"
          style={{ width: 160 }}
          value={media}
          loading={filters.isPending}
          options={[
            { value: '', label: '全部行业' },
            ...(filters.data?.media ?? []).map((m) => ({ value: m, label: m })),
          ]}
          onChange={(v: string) => {
            setMedia(v);
            reset();
          }}
        />
        <Space wrap>
          <Button
            data-testid="traffic-compare"
            disabled={compare.length < 2}
            onClick={() => navigate(`/appsearch/offcontrast?mids=${compare.join(',')}`)}
          >
            对比所选（{compare.length}）
          </Button>
          <FavoritePicker mids={selected}>
            <Button disabled={selected.length === 0} data-testid="traffic-favorite">
              收藏所选
            </Button>
          </FavoritePicker>
        </Space>
      </Flex>
      {q.isError && <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />}
      <RankTable
        type="real"
        rows={q.data?.list ?? []}
        total={q.data?.total ?? 0}
        page={page}
        loading={q.isFetching}
        onPageChange={setPage}
        selected={selected}
        onSelect={setSelected}
      />
    </div>
  );
}
