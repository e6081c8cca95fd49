// History tab: filters, grouped article list and a fixed 20-per-page pager.
import { Empty, Pagination, Spin, Typography } from 'antd';
import { useState } from 'react';
import { HISTORY_PAGE_SIZE } from '../../../api/endpoints';
import { useHistoryArticles } from '../../../api/queries';
import type { HistoryQuery } from '../../../api/types';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatTotal } from '../../../lib/format';
import { ArticleGroup } from './ArticleGroup';
import { HistoryFilters, type HistoryFilterValues } from './HistoryFilters';

const DATE_FORMAT = 'YYYY-MM-DD';

const initialFilters: HistoryFilterValues = { top: false, hot: false, range: null, kw: '', kwType: 'title' };

function toQuery(mid: number, page: number, filters: HistoryFilterValues): HistoryQuery {
  const [start, end] = filters.range ?? [null, null];
  return {
    mId: mid,
    page,
    num: HISTORY_PAGE_SIZE,
    kw: filters.kw,
    kw_type: filters.kwType,
    is_hot: filters.hot ? 1 : 0,
    top: filters.top ? 1 : 0,
    start_time: start?.format(DATE_FORMAT),
    end_time: end?.format(DATE_FORMAT),
  };
}

export function HistoryTab({ mid }: { mid: number }) {
  const [filters, setFilters] = useState<HistoryFilterValues>(initialFilters);
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isError, error, refetch } = useHistoryArticles(
    toQuery(mid, page, filters),
  );

  const changeFilters = (next: HistoryFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  const groups = data?.article_list ?? [];

  return (
    <div className="history-tab">
      <Typography.Paragraph type="secondary" className="history-hint">
        高级、豪华、超级会员可查看近6、12、18个月的文章
      </Typography.Paragraph>
      <HistoryFilters value={filters} onChange={changeFilters} />
      {isError && <RetryAlert message={error.message} onRetry={() => refetch()} />}
      {isPending ? (
        <div className="page-loading" data-testid="history-loading">
          <Spin size="large" />
        </div>
      ) : (
        <Spin spinning={isFetching}>
          {groups.length === 0 ? (
            <Empty description="暂无数据" />
          ) : (
            groups.map((group) => <ArticleGroup key={group.postTime} group={group} />)
          )}
        </Spin>
      )}
      {(data?.total ?? 0) > 0 && (
        <Pagination
          className="history-pager"
          align="end"
          current={page}
          pageSize={HISTORY_PAGE_SIZE}
          total={data?.total ?? 0}
          showSizeChanger={false}
          showTotal={(total) => `共 ${formatTotal(total)} 篇文章`}
          onChange={setPage}
        />
      )}
    </div>
  );
}
