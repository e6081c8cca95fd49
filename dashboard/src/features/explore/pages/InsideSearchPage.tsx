// 站内搜索 (/appsearch/insidesearch?kw=&tab=): one box searching accounts (key_search), articles of the last 30 days
// (article_search_/title), mini-programs (minipro_search) and owners (owner_search) at once; each tab shows its
// count and its results link to their own pages.
import { Card, Flex, Input, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAccountSearch } from '../../../api/queries';
import { LIST_PAGE_SIZE, useArticleSearch } from '../../../api/shell-queries';
import type { AccountSummary } from '../../../api/types';
import { ListArticleTable } from '../../../components/lists/ListArticleTable';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatTotal } from '../../../lib/format';
import { MiniproTable } from '../../minipro';
import { useMiniproSearch } from '../../ranks';
import { AccountLink } from '../components/AccountLink';
import { OWNER_KW_MAX, OwnerResults, subjectPath } from '../components/OwnerResults';
import { useOwnerSearch } from '../hooks/explore-queries';
import { textParam } from '../params';
import '../explore.css';

type TabKey = 'account' | 'article' | 'minipro' | 'owner';
const TABS: TabKey[] = ['account', 'article', 'minipro', 'owner'];
const ARTICLE_DAYS = 30;

function AccountResults({ kw, page, onPage }: { kw: string; page: number; onPage: (p: number) => void }) {
  const q = useAccountSearch(kw, page);
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  return (
    <Table<AccountSummary>
      rowKey="mid"
      dataSource={q.data?.accounts ?? []}
      loading={q.isFetching}
      onRow={() => ({ 'data-testid': 'inside-account-row' }) as never}
      locale={{ emptyText: '没有找到相关公众号' }}
      scroll={{ x: 900 }}
      pagination={{
        current: page,
        pageSize: 20,
        total: q.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (t) => `共 ${formatTotal(t)} 个公众号`,
        onChange: onPage,
      }}
      columns={[
        {
          title: '公众号',
          key: 'account',
          width: 240,
          render: (_, a) => (
            <AccountLink mid={a.mid} name={a.name || a.mp_name} wxid={a.wxid} avatar={a.avatar} />
          ),
        },
        {
          title: '主体',
          key: 'owner',
          width: 200,
          render: (_, a) => (a.owner ? <Link to={subjectPath(a.owner)}>{a.owner}</Link> : '-'),
        },
        { title: '行业', dataIndex: 'media', width: 90, render: (v: string) => (v ? <Tag>{v}</Tag> : '-') },
        { title: '地区', dataIndex: 'area', width: 80, render: (v: string) => v || '-' },
        {
          title: '已收录文章',
          dataIndex: 'mp_fetch_sum',
          width: 100,
          align: 'right',
          render: (v: number) => formatTotal(v),
        },
        { title: '最近发文', dataIndex: 'pubtime', width: 170, render: (v: string) => v || '-' },
      ]}
    />
  );
}

function ArticleResults({ kw, page, onPage }: { kw: string; page: number; onPage: (p: number) => void }) {
  const q = useArticleSearch({
    kw,
    days: ARTICLE_DAYS,
    original: 0,
    sort: 'read',
    page,
    num: LIST_PAGE_SIZE,
  });
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  return (
    <ListArticleTable
      variant="hot"
      articles={q.data?.article_list ?? []}
      total={q.data?.total ?? 0}
      page={page}
      loading={q.isFetching}
      onPageChange={onPage}
    />
  );
}

function MiniproResults({ kw, page, onPage }: { kw: string; page: number; onPage: (p: number) => void }) {
  const q = useMiniproSearch(kw, 'exposure', page);
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  return (
    <MiniproTable
      rows={q.data?.applet_data ?? []}
      total={q.data?.total ?? 0}
      page={page}
      loading={q.isFetching}
      onPageChange={onPage}
      recent
      empty="没有找到相关小程序"
    />
  );
}

/** The four searches run together so every tab shows its count before it is opened. */
function Results({ kw, tab, onTab }: { kw: string; tab: TabKey; onTab: (t: TabKey) => void }) {
  const [pages, setPages] = useState<Record<TabKey, number>>({
    account: 1,
    article: 1,
    minipro: 1,
    owner: 1,
  });
  const setPage = (t: TabKey) => (p: number) => setPages((s) => ({ ...s, [t]: p }));
  const accounts = useAccountSearch(kw, 1);
  const articles = useArticleSearch({
    kw,
    days: ARTICLE_DAYS,
    original: 0,
    sort: 'read',
    page: 1,
    num: LIST_PAGE_SIZE,
  });
  const minipros = useMiniproSearch(kw, 'exposure', 1);
  const owners = useOwnerSearch(kw, 1);
  const count = (n: number | undefined) => (n === undefined ? '…' : formatTotal(n));
  return (
    <Tabs
      data-testid="inside-tabs"
      activeKey={tab}
      onChange={(k) => onTab(k as TabKey)}
      items={[
        {
          key: 'account',
          label: <span data-testid="inside-count-account">公众号（{count(accounts.data?.total)}）</span>,
          children: <AccountResults kw={kw} page={pages.account} onPage={setPage('account')} />,
        },
        {
          key: 'article',
          label: <span data-testid="inside-count-article">文章（{count(articles.data?.total)}）</span>,
          children: <ArticleResults kw={kw} page={pages.article} onPage={setPage('article')} />,
        },
        {
          key: 'minipro',
          label: <span data-testid="inside-count-minipro">小程序（{count(minipros.data?.total)}）</span>,
          children: <MiniproResults kw={kw} page={pages.minipro} onPage={setPage('minipro')} />,
        },
        {
          key: 'owner',
          label: <span data-testid="inside-count-owner">主体（{count(owners.data?.total)}）</span>,
          children: <OwnerResults kw={kw} page={pages.owner} onPage={setPage('owner')} />,
        },
      ]}
    />
  );
}

export function InsideSearchPage() {
  const [params, setParams] = useSearchParams();
  const kw = textParam(params, 'kw').slice(0, OWNER_KW_MAX);
  const tabParam = params.get('tab') as TabKey | null;
  const tab: TabKey = tabParam && TABS.includes(tabParam) ? tabParam : 'account';
  const [text, setText] = useState(kw);
  return (
    <Card title="站内搜索" data-testid="insidesearch-page">
      <Flex vertical gap={12}>
        <Input.Search
          data-testid="inside-search-input"
          aria-label="搜索关键词"
          placeholder="输入关键词，同时搜索公众号、文章、小程序与主体"
          enterButton="搜索"
          size="large"
          maxLength={OWNER_KW_MAX}
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setParams(v.trim() ? { kw: v.trim(), tab } : {})}
        />
        {kw === '' ? (
          <p className="explore-hint" data-testid="inside-hint">
            一次搜索全站：公众号（名称、微信号、主体、简介）、近 {ARTICLE_DAYS}{' '}
            天的文章标题、被文章嵌入的小程序与运营主体。
          </p>
        ) : (
          <Results key={kw} kw={kw} tab={tab} onTab={(t) => setParams({ kw, tab: t })} />
        )}
      </Flex>
    </Card>
  );
}
