// 低粉爆文 (/appsearch/burst, /appsearch/burstGreen): viral articles of small accounts within a time window.
import { Card, Segmented } from 'antd';
import { useState } from 'react';
import { useBurst } from '../../../api/queries';
import type { BurstDays, ListSort } from '../../../api/types';
import { ListArticleTable } from '../../../components/lists/ListArticleTable';
import {
  initialListFilters,
  ListFiltersBar,
  type ListFilterValues,
  toListQuery,
} from '../../../components/lists/ListFiltersBar';
import { FreeDepthHint, ListErrorAlert, ListRuleAlert } from '../../../components/lists/ListNotices';

const BURST_SORTS: ListSort[] = ['read', 'ratio', 'zan', 'looking', 'pubtime'];

const DAY_OPTIONS: { value: BurstDays; label: string }[] = [
  { value: 1, label: '今天' },
  { value: 3, label: '近 3 天' },
  { value: 7, label: '近 7 天' },
  { value: 30, label: '近 30 天' },
];

export function BurstPage() {
  const [days, setDays] = useState<BurstDays>(7);
  const [filters, setFilters] = useState<ListFilterValues>(initialListFilters);
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isError, error, refetch } = useBurst({
    ...toListQuery(filters, page),
    days,
  });

  const changeFilters = (next: ListFilterValues) => {
    setFilters(next);
    setPage(1);
  };
  const changeDays = (next: BurstDays) => {
    setDays(next);
    setPage(1);
  };

  return (
    <Card title="低粉爆文" data-testid="burst-page">
      <ListRuleAlert text={data?.rule.text} testId="burst-rule" />
      <ListFiltersBar
        value={filters}
        onChange={changeFilters}
        sorts={BURST_SORTS}
        leading={
          <Segmented<BurstDays>
            aria-label="时间范围"
            data-testid="burst-days"
            value={days}
            options={DAY_OPTIONS}
            onChange={changeDays}
          />
        }
      />
      <FreeDepthHint />
      {isError && <ListErrorAlert error={error} onRetry={() => refetch()} />}
      <ListArticleTable
        variant="burst"
        articles={data?.article_list ?? []}
        total={data?.total ?? 0}
        page={page}
        loading={isPending || isFetching}
        onPageChange={setPage}
      />
    </Card>
  );
}
