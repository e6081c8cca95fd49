// Account search (/appsearch/index): keyword, industry, area and fans-range filters, sorts and a pager, all kept in
// the URL so a search can be shared and survives a reload. Without a filter or sort it is the plain keyword search
// (key_search, ranked by relevance: docs/api.md); filters and sorts go through senior_search/name. Both show the
// figures one can sort by, in 万 from 10000 on.
import { Card, Input, Radio, Select, Table, type TableProps, Tag, Tooltip } from 'antd';
import { type HTMLAttributes, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AccountProfile } from '../../../../../contract/shapes/accounts';
import { ApiError, NOT_LOGGED_IN_CODE } from '../../../api/client';
import { useListFilterOptions } from '../../../api/queries';
import {
  ACCOUNT_PAGE_SIZE,
  type AccountSearchRequest,
  type SeniorAccount,
  type SeniorSort,
  useShellAccountSearch,
} from '../../../api/shell-queries';
import type { AccountSummary } from '../../../api/types';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { RetryAlert } from '../../../components/RetryAlert';
import { WanFigure } from '../../../components/WanFigure';
import { accountDetailPath, accountName, accountOwner, markDetailNavigation } from '../../../lib/account';
import { formatTotal } from '../../../lib/format';
import { FANS_EXPLAINED, INDEX_EXPLAINED, INDEX_NAME, WCI_EXPLAINED } from '../../../lib/index-terms';
import '../../../components/shell/shell.css';

const AccountDetailModal = lazy(() =>
  import('../../account').then((m) => ({ default: m.AccountDetailModal })),
);
const InclusionDialog = lazy(() =>
  import('../../../components/shell/InclusionDialog').then((m) => ({ default: m.InclusionDialog })),
);

/** Estimated active fans ranges (docs/analytics.md: median headline reads ÷ 5%). */
export const FANS_RANGES = [
  { key: '', label: '不限' },
  { key: 'lt1w', label: '1万以下', max: 9_999 },
  { key: '1w-5w', label: '1万-5万', min: 10_000, max: 50_000 },
  { key: '5w-10w', label: '5万-10万', min: 50_000, max: 100_000 },
  { key: '10w-50w', label: '10万-50万', min: 100_000, max: 500_000 },
  { key: 'gt50w', label: '50万以上', min: 500_000 },
] as const;

type SortKey = 'relevance' | SeniorSort;

const SORTS: { key: SortKey; label: string }[] = [
  { key: 'relevance', label: '综合' },
  { key: 'fans', label: '估算活跃粉丝' },
  { key: 'index', label: INDEX_NAME },
  { key: 'wci', label: 'WCI' },
  { key: 'articles', label: '近7天发文' },
  { key: 'head_read', label: '头条平均阅读' },
];

const isSort = (s: string): s is SortKey => SORTS.some((x) => x.key === s);

interface SearchState {
  kw: string;
  media: string;
  area: string;
  fans: string;
  sort: SortKey;
  page: number;
}

function readState(params: URLSearchParams): SearchState {
  const sort = params.get('sort') ?? '';
  const fans = params.get('fans') ?? '';
  const page = Number(params.get('page'));
  return {
    kw: (params.get('kw') ?? '').trim(),
    media: params.get('media') ?? '',
    area: params.get('area') ?? '',
    fans: FANS_RANGES.some((r) => r.key === fans) ? fans : '',
    sort: isSort(sort) ? sort : 'relevance',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function writeState(s: SearchState): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.kw) out.kw = s.kw;
  if (s.media) out.media = s.media;
  if (s.area) out.area = s.area;
  if (s.fans) out.fans = s.fans;
  if (s.sort !== 'relevance') out.sort = s.sort;
  if (s.page > 1) out.page = String(s.page);
  return out;
}

/** The call the state asks for: plain keyword search unless a filter or a figure sort is chosen. */
export function searchRequest(s: SearchState): AccountSearchRequest {
  if (!s.media && !s.area && !s.fans && s.sort === 'relevance')
    return { mode: 'keyword', kw: s.kw, page: s.page };
  const range = FANS_RANGES.find((r) => r.key === s.fans);
  return {
    mode: 'senior',
    query: {
      name: s.kw,
      media: s.media || undefined,
      area: s.area || undefined,
      fans_min: range && 'min' in range ? range.min : undefined,
      fans_max: range && 'max' in range ? range.max : undefined,
      orderby: s.sort,
      page: s.page,
      num: ACCOUNT_PAGE_SIZE,
    },
  };
}

const orDash = (value: string | undefined) => value || '-';

/** Opens the detail popup; a click with a modifier key (new tab or window) follows the link to the page instead. */
type OpenDetail = (mid: number) => void;

function nameColumn<T extends AccountProfile>(
  openDetail: OpenDetail,
): NonNullable<TableProps<T>['columns']>[number] {
  return {
    title: '公众号',
    key: 'name',
    width: 240,
    render: (_, account) => {
      const name = accountName(account);
      return (
        <span className="account-cell">
          <AccountAvatar avatar={account.avatar} name={name} size={36} />
          <span>
            <Link
              data-testid="account-name"
              to={accountDetailPath(account.mid)}
              onClick={(e) => {
                markDetailNavigation();
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                openDetail(account.mid);
              }}
              className="account-cell-name"
            >
              {name || '-'}
            </Link>
            <br />
            <span className="inclusion-item-wxid">{account.wxid || account.wx || '-'}</span>
          </span>
        </span>
      );
    },
  };
}

/** Short columns (industry, figures) keep heading and value on one line. */
const NOWRAP = 'search-nowrap';

/** A figure in 万 where it is 10000 or more, its exact value in a tooltip. */
const figure = (value: number | null | undefined) => <WanFigure value={value} />;

/** The headings of the figures both result tables show, each with what it is. */
const FIGURE_TITLES = {
  fans: (
    <Tooltip title={FANS_EXPLAINED}>
      <span className="has-tooltip">估算活跃粉丝</span>
    </Tooltip>
  ),
  index: (
    <Tooltip title={INDEX_EXPLAINED}>
      <span className="has-tooltip" data-testid="index-term">
        {INDEX_NAME}
      </span>
    </Tooltip>
  ),
  wci: (
    <Tooltip title={WCI_EXPLAINED}>
      <span className="has-tooltip">WCI</span>
    </Tooltip>
  ),
  headRead: '头条平均阅读',
};

/** The four figures one can sort by, as columns (in both tables: keyword results carry them too). */
function figureColumns<
  T extends { fans: number | null; index: number | null; wci: number | null; avg_top_read: number | null },
>(): NonNullable<TableProps<T>['columns']> {
  return [
    { title: FIGURE_TITLES.fans, dataIndex: 'fans', align: 'right', render: figure, className: NOWRAP },
    {
      title: FIGURE_TITLES.headRead,
      dataIndex: 'avg_top_read',
      align: 'right',
      render: figure,
      className: NOWRAP,
    },
    { title: FIGURE_TITLES.wci, dataIndex: 'wci', align: 'right', render: figure, className: NOWRAP },
    { title: FIGURE_TITLES.index, dataIndex: 'index', align: 'right', render: figure, className: NOWRAP },
  ];
}

const keywordColumns = (openDetail: OpenDetail): TableProps<AccountSummary>['columns'] => [
  nameColumn<AccountSummary>(openDetail),
  { title: '行业', dataIndex: 'media', className: NOWRAP, render: orDash },
  { title: '主体', key: 'owner', render: (_, a) => orDash(accountOwner(a)) },
  {
    title: '标签',
    dataIndex: 'tag',
    render: (tags: string[] | undefined) =>
      tags?.length ? tags.map((tag) => <Tag key={tag}>{tag}</Tag>) : '-',
  },
  ...figureColumns<AccountSummary>(),
  { title: '最近发文', dataIndex: 'pubtime', render: orDash },
];

const seniorColumns = (openDetail: OpenDetail): TableProps<SeniorAccount>['columns'] => [
  nameColumn<SeniorAccount>(openDetail),
  { title: '行业', dataIndex: 'media', className: NOWRAP, render: orDash },
  { title: '地区', dataIndex: 'area', render: orDash },
  ...figureColumns<SeniorAccount>(),
  { title: '近7天发文', dataIndex: 'articles', align: 'right', render: (v: number) => formatTotal(v) },
  { title: '最近发文', dataIndex: 'pubtime', render: orDash },
];

const rowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'account-row' }) as HTMLAttributes<HTMLElement>;

function errorText(error: Error): string {
  if (error instanceof ApiError && error.code === NOT_LOGGED_IN_CODE)
    return `${error.message}：请登录后查看更多结果`;
  return error.message;
}

export function AccountSearchPage() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const [value, setValue] = useState(state.kw);
  // The popup stays mounted once loaded, so its result popup outlives the input popup.
  const [inclusion, setInclusion] = useState({ open: false, loaded: false });
  // The account shown in the detail popup; the popup's code loads on the first open.
  const [detailMid, setDetailMid] = useState<number | null>(null);
  const [detailLoaded, setDetailLoaded] = useState(false);
  const openDetail = (mid: number) => {
    setDetailLoaded(true);
    setDetailMid(mid);
  };
  const options = useListFilterOptions();
  const request = searchRequest(state);
  const { data, isPending, isFetching, isError, error, refetch } = useShellAccountSearch(request);

  useEffect(() => setValue(state.kw), [state.kw]);

  // Any change of the search starts again at page 1; the pager changes only the page.
  // Read from the address bar, not this render's copy: the router renders navigations in a transition, so two
  // quick changes (a filter, then a sort) would otherwise lose the first.
  const update = (patch: Partial<SearchState>) =>
    setParams(writeState({ ...readState(new URLSearchParams(window.location.search)), page: 1, ...patch }));

  const pagination: TableProps<AccountSummary>['pagination'] = {
    current: state.page,
    pageSize: ACCOUNT_PAGE_SIZE,
    total: data?.total ?? 0,
    showSizeChanger: false,
    showTotal: (total) => `共 ${formatTotal(total)} 个公众号`,
    onChange: (page) => update({ page }),
  };
  const loading = isPending || isFetching;
  const empty = (
    <div data-testid="account-search-empty">
      暂无数据
      {state.kw && (
        <>
          ，没有找到想要的公众号？
          <button
            type="button"
            className="function-map-action"
            onClick={() => setInclusion({ open: true, loaded: true })}
          >
            提交收录
          </button>
        </>
      )}
    </div>
  );

  return (
    <>
      <Input.Search
        data-testid="account-search-input"
        className="block-gap"
        size="large"
        placeholder="输入公众号名称、微信号或主体，回车搜索"
        allowClear
        enterButton="搜索"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onSearch={(next) => update({ kw: next.trim() })}
      />
      <Card
        title={state.kw ? `“${state.kw}”的搜索结果` : '全部公众号'}
        extra={
          <Link
            to={{
              pathname: '/appsearch/articleSearch',
              search: state.kw ? `?kw=${encodeURIComponent(state.kw)}` : '',
            }}
            data-testid="to-article-search"
          >
            搜文章 ›
          </Link>
        }
      >
        <div className="search-filters" data-testid="account-filters">
          <div className="search-filter-row">
            <span className="search-filter-label">行业 / 地区</span>
            <Select<string>
              aria-label="行业"
              data-testid="filter-media"
              style={{ width: 160 }}
              value={state.media}
              loading={options.isPending}
              onChange={(media) => update({ media })}
              options={[
                { value: '', label: '全部行业' },
                ...(options.data?.media ?? []).map((m) => ({ value: m, label: m })),
              ]}
            />
            <Select<string>
              aria-label="地区"
              data-testid="filter-area"
              style={{ width: 160 }}
              value={state.area}
              loading={options.isPending}
              onChange={(area) => update({ area })}
              options={[
                { value: '', label: '全部地区' },
                ...(options.data?.area ?? []).map((a) => ({ value: a, label: a })),
              ]}
            />
          </div>
          <div className="search-filter-row">
            <span className="search-filter-label">活跃粉丝</span>
            <Radio.Group
              data-testid="filter-fans"
              optionType="button"
              buttonStyle="solid"
              size="small"
              value={state.fans}
              onChange={(e) => update({ fans: e.target.value })}
              options={FANS_RANGES.map((r) => ({ value: r.key, label: r.label }))}
            />
          </div>
          <div className="search-filter-row">
            <span className="search-filter-label">排序</span>
            <Radio.Group
              data-testid="account-sort"
              optionType="button"
              buttonStyle="solid"
              size="small"
              value={state.sort}
              onChange={(e) => update({ sort: e.target.value })}
              options={SORTS.map((s) => ({ value: s.key, label: s.label }))}
            />
          </div>
        </div>
        {isError && <RetryAlert message={errorText(error)} onRetry={() => refetch()} />}
        {data?.mode === 'senior' ? (
          <Table<SeniorAccount>
            rowKey="mid"
            columns={seniorColumns(openDetail)}
            dataSource={data.accounts}
            loading={loading}
            onRow={rowProps}
            locale={{ emptyText: empty }}
            scroll={{ x: 1000 }}
            pagination={pagination as TableProps<SeniorAccount>['pagination']}
          />
        ) : (
          <Table<AccountSummary>
            rowKey="mid"
            columns={keywordColumns(openDetail)}
            dataSource={data?.accounts ?? []}
            loading={loading}
            onRow={rowProps}
            locale={{ emptyText: empty }}
            scroll={{ x: 1100 }}
            pagination={pagination}
          />
        )}
      </Card>
      {inclusion.loaded && (
        <Suspense fallback={null}>
          <InclusionDialog
            key={state.kw}
            open={inclusion.open}
            initial={state.kw}
            onClose={() => setInclusion({ open: false, loaded: true })}
          />
        </Suspense>
      )}
      {detailLoaded && (
        <Suspense fallback={null}>
          <AccountDetailModal mid={detailMid} onClose={() => setDetailMid(null)} />
        </Suspense>
      )}
    </>
  );
}
