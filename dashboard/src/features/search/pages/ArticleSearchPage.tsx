// Article search (/appsearch/articleSearch): title keyword over a time window, with the lists' filters (industry,
// read range, original only), sorts and a pager (article_search_/title). The whole search lives in the URL.
import { Alert, Card, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  type ArticleSearchDays,
  type ArticleSearchQuery,
  LIST_PAGE_SIZE,
  useArticleSearch,
} from '../../../api/shell-queries';
import type { ListSort } from '../../../api/types';
import { ListArticleTable } from '../../../components/lists/ListArticleTable';
import { ListFiltersBar, type ListFilterValues } from '../../../components/lists/ListFiltersBar';
import { FreeDepthHint, ListErrorAlert } from '../../../components/lists/ListNotices';
import '../../../components/shell/shell.css';

const DAYS: { value: ArticleSearchDays; label: string }[] = [
  { value: 1, label: '近 1 天' },
  { value: 7, label: '近 7 天' },
  { value: 30, label: '近 30 天' },
  { value: 90, label: '近 90 天' },
  { value: 180, label: '近半年' },
  { value: 365, label: '近一年' },
];
const DEFAULT_DAYS: ArticleSearchDays = 30;
const SORTS: ListSort[] = ['read', 'zan', 'looking', 'pubtime'];

interface ArticleSearchState extends ListFilterValues {
  kw: string;
  days: ArticleSearchDays;
  page: number;
}

const count = (v: string | null): number | null => {
  if (v === null || v === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : null;
};

function readState(params: URLSearchParams): ArticleSearchState {
  const days = Number(params.get('days'));
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  return {
    kw: (params.get('kw') ?? '').trim(),
    days: DAYS.find((d) => d.value === days)?.value ?? DEFAULT_DAYS,
    media: params.get('media') ?? '',
    minRead: count(params.get('min_read')),
    maxRead: count(params.get('max_read')),
    original: params.get('original') === '1',
    sort: (SORTS as string[]).includes(sort) ? (sort as ListSort) : 'read',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function writeState(s: ArticleSearchState): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.kw) out.kw = s.kw;
  if (s.days !== DEFAULT_DAYS) out.days = String(s.days);
  if (s.media) out.media = s.media;
  if (s.minRead !== null) out.min_read = String(s.minRead);
  if (s.maxRead !== null) out.max_read = String(s.maxRead);
  if (s.original) out.original = '1';
  if (s.sort !== 'read') out.sort = s.sort;
  if (s.page > 1) out.page = String(s.page);
  return out;
}

function toQuery(s: ArticleSearchState): ArticleSearchQuery | null {
  if (!s.kw) return null;
  return {
    kw: s.kw,
    days: s.days,
    media: s.media || undefined,
    min_read: s.minRead ?? undefined,
    max_read: s.maxRead ?? undefined,
    original: s.original ? 1 : 0,
    sort: s.sort,
    page: s.page,
    num: LIST_PAGE_SIZE,
  };
}

export function ArticleSearchPage() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const [value, setValue] = useState(state.kw);
  const query = toQuery(state);
  const { data, isPending, isFetching, isError, error, refetch } = useArticleSearch(query);

  useEffect(() => setValue(state.kw), [state.kw]);

  // A new keyword or filter starts again at page 1; the pager changes only the page.
  // Read from the address bar, not this render's copy: the router renders navigations in a transition, so two
  // quick changes (a filter, then a sort) would otherwise lose the first.
  const update = (patch: Partial<ArticleSearchState>) =>
    setParams(writeState({ ...readState(new URLSearchParams(window.location.search)), page: 1, ...patch }));

  return (
    <>
      <Input.Search
        data-testid="article-search-input"
        className="block-gap"
        size="large"
        placeholder="输入文章标题关键词，回车搜索"
        allowClear
        enterButton="搜索文章"
        maxLength={50}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onSearch={(next) => update({ kw: next.trim() })}
      />
      <Card
        title={state.kw ? `标题含“${state.kw}”的文章` : '文章搜索'}
        data-testid="article-search-page"
        extra={
          <Link
            to={{
              pathname: '/appsearch/index',
              search: state.kw ? `?kw=${encodeURIComponent(state.kw)}` : '',
            }}
            data-testid="to-account-search"
          >
            搜公众号 ›
          </Link>
        }
      >
        <ListFiltersBar
          value={state}
          onChange={(next) =>
            update({
              media: next.media,
              minRead: next.minRead,
              maxRead: next.maxRead,
              original: next.original,
              sort: next.sort,
            })
          }
          sorts={SORTS}
          leading={
            <Radio.Group
              data-testid="article-search-days"
              optionType="button"
              buttonStyle="solid"
              value={state.days}
              onChange={(e) => update({ days: e.target.value })}
              options={DAYS}
            />
          }
        />
        <FreeDepthHint />
        {!query ? (
          <Alert
            type="info"
            showIcon
            data-testid="article-search-prompt"
            title="请输入文章标题关键词开始搜索"
            description="在所选时间范围内按标题查找公众号文章，可再按行业、阅读数与原创筛选。"
          />
        ) : (
          <>
            {isError && <ListErrorAlert error={error} onRetry={() => refetch()} />}
            <ListArticleTable
              variant="hot"
              articles={data?.article_list ?? []}
              total={data?.total ?? 0}
              page={state.page}
              loading={isPending || isFetching}
              onPageChange={(page) => update({ page })}
            />
          </>
        )}
      </Card>
    </>
  );
}
