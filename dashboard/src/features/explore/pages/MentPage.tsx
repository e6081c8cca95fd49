// 舆情 (/appsearch/ment): public-opinion overview of the member's subscribed keywords — totals, a per-day chart of
// matching articles (main/v1 overview_public for all keywords, where an article matching several counts once;
// main/v1 public_sentimen for one keyword), each keyword's totals and the latest matching articles
// (search/v1 user_keyword_search). Keywords are managed on /appsearch/subscribe; visitors get the login prompt.

import { Button, Card, Empty, Flex, Radio, Segmented, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BarChart } from '../../../components/charts/BarChart';
import { TabError } from '../../../components/gates/LevelLimit';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { ArticleTitleLink } from '../../../components/links/article-links';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatCount, formatTotal } from '../../../lib/format';
import { type KeywordArticle, RANK_PAGE_SIZE, useKeywordArticles, useUserKeywords } from '../../ranks';
import {
  type DayCounts,
  type KeywordCounts,
  useKeywordSeries,
  useOpinionOverview,
} from '../hooks/explore-queries';

import '../explore.css';

const ALL = '';
type Days = 7 | 30;

function Totals({ t, loading }: { t: KeywordCounts | undefined; loading: boolean }) {
  return (
    <Flex wrap gap={32} data-testid="ment-totals">
      <Statistic title="提及文章" value={formatTotal(t?.articles)} loading={loading} />
      <Statistic title="标题提及" value={formatTotal(t?.title_hits)} loading={loading} />
      <Statistic title="涉及公众号" value={formatTotal(t?.accounts)} loading={loading} />
      <Statistic title="文章总阅读" value={formatTotal(t?.reads)} loading={loading} />
    </Flex>
  );
}

function DayChart({ days }: { days: DayCounts[] }) {
  return (
    <BarChart
      testId="ment-chart"
      ariaLabel="每日提及文章数"
      data={days.map((d) => ({ key: d.date, label: d.date.slice(5), value: d.articles }))}
    />
  );
}

function Articles({ keyword, days }: { keyword: string; days: Days }) {
  const [page, setPage] = useState(1);
  const q = useKeywordArticles({ keyword, days, page }, true);
  if (q.isError) return <TabError error={q.error} onRetry={() => q.refetch()} />;
  return (
    <Table<KeywordArticle>
      rowKey={(a) => `${a.mid}_${a.aid}`}
      dataSource={q.data?.list ?? []}
      loading={q.isFetching}
      onRow={() => ({ 'data-testid': 'ment-article' }) as never}
      locale={{ emptyText: '所选时间内暂无提及关键词的文章' }}
      scroll={{ x: 900 }}
      pagination={{
        current: page,
        pageSize: RANK_PAGE_SIZE,
        total: q.data?.total ?? 0,
        showSizeChanger: false,
        showTotal: (t) => `共 ${formatTotal(t)} 篇`,
        onChange: setPage,
      }}
      columns={[
        {
          title: '文章',
          key: 'title',
          render: (_, a) => (
            <Flex vertical gap={2}>
              <ArticleTitleLink post={`${a.mid}_${a.aid}`}>{a.title}</ArticleTitleLink>
              <span>
                {a.keywords.map((k) => (
                  <Tag key={k} color="orange">
                    {k}
                  </Tag>
                ))}
              </span>
            </Flex>
          ),
        },
        {
          title: '公众号',
          key: 'account',
          width: 150,
          render: (_, a) => (
            <Link to={accountDetailPath(a.mid)} onClick={markDetailNavigation}>
              {a.mp_name}
            </Link>
          ),
        },
        { title: '发布时间', dataIndex: 'pubtime', width: 170 },
        {
          title: '阅读',
          dataIndex: 'read',
          width: 90,
          align: 'right',
          render: (v: number) => formatCount(v),
        },
        { title: '点赞', dataIndex: 'zan', width: 80, align: 'right', render: (v: number) => formatCount(v) },
      ]}
    />
  );
}

function MentBody() {
  const keywords = useUserKeywords(true);
  const [keyword, setKeyword] = useState(ALL);
  const [days, setDays] = useState<Days>(7);
  const hasKeywords = (keywords.data?.length ?? 0) > 0;
  const overview = useOpinionOverview(days, hasKeywords);
  const one = useKeywordSeries(keyword, days, hasKeywords);
  if (keywords.isError) return <TabError error={keywords.error} onRetry={() => keywords.refetch()} />;
  if (keywords.isPending) return <Card loading bordered={false} />;
  if (!hasKeywords)
    return (
      <Empty data-testid="ment-empty" description="还没有订阅关键词，添加关键词后即可查看舆情">
        <Link to="/appsearch/subscribe">
          <Button type="primary">去添加关键词</Button>
        </Link>
      </Empty>
    );
  const shown = keyword === ALL ? overview : one;
  if (shown.isError) return <TabError error={shown.error} onRetry={() => shown.refetch()} />;
  const series = keyword === ALL ? overview.data?.trend : one.data?.list[0]?.series;
  const totals = keyword === ALL ? overview.data?.total : one.data?.list[0]?.total;
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Segmented
          data-testid="ment-keyword"
          value={keyword}
          onChange={(v) => setKeyword(String(v))}
          options={[
            { value: ALL, label: '全部关键词' },
            ...(keywords.data ?? []).map((k) => ({ value: k.keyword, label: k.keyword })),
          ]}
        />
        <Flex gap={12} align="center">
          <Radio.Group
            data-testid="ment-days"
            optionType="button"
            buttonStyle="solid"
            value={days}
            onChange={(e) => setDays(e.target.value as Days)}
            options={[
              { value: 7, label: '近 7 天' },
              { value: 30, label: '近 30 天' },
            ]}
          />
          <Link to="/appsearch/subscribe">管理关键词</Link>
        </Flex>
      </Flex>
      <Totals t={totals} loading={shown.isPending} />
      <Card size="small" title="每日提及文章数" loading={shown.isPending}>
        {series && <DayChart days={series} />}
      </Card>
      {keyword === ALL && (
        <Table
          size="small"
          rowKey="keyword"
          dataSource={overview.data?.keywords ?? []}
          pagination={false}
          onRow={() => ({ 'data-testid': 'ment-keyword-row' }) as never}
          columns={[
            { title: '关键词', dataIndex: 'keyword' },
            {
              title: '提及文章',
              dataIndex: 'articles',
              align: 'right',
              render: (v: number) => formatTotal(v),
            },
            {
              title: '标题提及',
              dataIndex: 'title_hits',
              align: 'right',
              render: (v: number) => formatTotal(v),
            },
            {
              title: '涉及公众号',
              dataIndex: 'accounts',
              align: 'right',
              render: (v: number) => formatTotal(v),
            },
            {
              title: '文章总阅读',
              dataIndex: 'reads',
              align: 'right',
              render: (v: number) => formatTotal(v),
            },
          ]}
        />
      )}
      <Card size="small" title="最新提及文章">
        <Articles key={`${keyword}/${days}`} keyword={keyword} days={days} />
      </Card>
    </Flex>
  );
}

export function MentPage() {
  return (
    <Card title="舆情" data-testid="ment-page">
      <MemberOnly what="查看关键词舆情">
        <MentBody />
      </MemberOnly>
    </Card>
  );
}
