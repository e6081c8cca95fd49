// 今日热文 (/appsearch/hottext, /appsearch/greenHotText): today's articles by reads, with the list's definition.
import { Card } from 'antd';
import { useState } from 'react';
import { useTodayHot } from '../../../api/queries';
import type { ListSort } from '../../../api/types';
import { ListArticleTable } from '../../../components/lists/ListArticleTable';
import {
  initialListFilters,
  ListFiltersBar,
  type ListFilterValues,
  toListQuery,
} from '../../../components/lists/ListFiltersBar';
import { FreeDepthHint, ListErrorAlert, ListRuleAlert } from '../../../components/lists/ListNotices';

const HOT_SORTS: ListSort[] = ['read', 'zan', 'looking', 'pubtime'];

export function HotTextPage() {
  const [filters, setFilters] = useState<ListFilterValues>(initialListFilters);
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isError, error, refetch } = useTodayHot(toListQuery(filters, page));

  const changeFilters = (next: ListFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <Card title="今日热文" data-testid="hot-page">
      <ListRuleAlert text={data?.rule.text} testId="hot-rule" />
      <ListFiltersBar value={filters} onChange={changeFilters} sorts={HOT_SORTS} />
      <FreeDepthHint />
      {isError && <ListErrorAlert error={error} onRetry={() => refetch()} />}
      <ListArticleTable
        variant="hot"
        articles={data?.article_list ?? []}
        total={data?.total ?? 0}
        page={page}
        loading={isPending || isFetching}
        onPageChange={setPage}
      />
    </Card>
  );
}
