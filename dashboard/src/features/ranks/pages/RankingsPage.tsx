// 公众号榜单 (/appsearch/otherRankings, /AccountTypeRank, /trueNumber, /trueNumberOld, /fakeNumberOld): one page of
// rank/v1 rankings with a tab per ranking; the route picks the first tab, ?type= keeps the chosen one. Each ranking
// opens on the last finished period (yesterday's daily list, as users of other ranking sites expect); the running
// one is a click away and marked 进行中. The industry and area rankings open on the largest industry and area.
import { App as AntApp, Button, Card, Empty, Flex, Radio, Select, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { HBarChart } from '../../../components/charts/HBarChart';
import { TabError } from '../../../components/gates/LevelLimit';
import { FavoritePicker } from '../../../components/groups/FavoritePicker';
import { PeriodRange, PeriodSwitch } from '../../../components/PeriodSwitch';
import { formatRatio, formatWan } from '../../../lib/format';
import type { RankPeriod } from '../../../lib/period';
import { FAKE_ACCURACY_PATH } from '../../accuracy';
import { OriginalContent } from '../components/OriginalContent';
import { chartValue, RankTable } from '../components/RankTable';
import { type AccountRankType, FREE_RANK_DEPTH, useAccountRank, useRankFilters } from '../hooks/rank-queries';
import '../../../components/styles/ranks.css';

interface RankTab {
  type: AccountRankType;
  label: string;
  rule: string;
}

export const RANK_TABS: RankTab[] = [
  { type: 'common', label: '综合榜', rule: '按本周期 WCI 排名，本周期有发文的公众号上榜。' },
  {
    type: 'real',
    label: '真实榜',
    rule: '阅读类数值乘以真实阅读占比（(阅读 − 估算刷量阅读) ÷ 阅读）后计算 WCI 排名，刷量越多排名越靠后。',
  },
  { type: 'media', label: '行业榜', rule: '综合榜在所选行业内的名次，名次变化按行业内上一周期名次计算。' },
  {
    type: 'area_rank',
    label: '地区榜',
    rule: '综合榜在所选地区内的名次，名次变化按地区内上一周期名次计算。',
  },
  {
    type: 'original',
    label: '原创榜',
    rule: '按本周期原创文章数排名，同数按原创阅读；有原创文章的公众号上榜。',
  },
  {
    type: 'fake',
    label: '刷量榜',
    rule: '按刷量检测判定为刷量的文章的估算刷量阅读排名，同数按刷量篇数；有刷量文章的公众号上榜。',
  },
  {
    type: 'new_fake',
    label: '新增刷量榜',
    rule: '本周期有刷量文章、上一周期没有的公众号，按估算刷量阅读排名。',
  },
];

/** The tab each route opens on. */
const ROUTE_TYPES: Record<string, AccountRankType> = {
  '/appsearch/otherRankings': 'common',
  '/appsearch/AccountTypeRank': 'media',
  '/appsearch/trueNumber': 'real',
  '/appsearch/trueNumberOld': 'fake',
  '/appsearch/fakeNumberOld': 'new_fake',
};

const isRankType = (v: string | null): v is AccountRankType => RANK_TABS.some((t) => t.type === v);

/** The finished and the running period of each kind, as the switch names them. */
const PERIOD_CHOICES: Record<RankPeriod, { finished: string; running: string }> = {
  day: { finished: '昨日', running: '今日' },
  week: { finished: '上周', running: '本周' },
  month: { finished: '上月', running: '本月' },
};

function RankBoard({ tab }: { tab: RankTab }) {
  const { type } = tab;
  const [period, setPeriod] = useState<RankPeriod>('day');
  const [running, setRunning] = useState(false);
  const [previous, setPrevious] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const filters = useRankFilters();
  const [media, setMedia] = useState('');
  const [area, setArea] = useState('');
  // The industry and area rankings need a choice: start on the one with the most accounts.
  const needs = type === 'media' ? 'media' : type === 'area_rank' ? 'area' : null;
  useEffect(() => {
    if (needs === 'media' && !media && filters.data?.largest_media) setMedia(filters.data.largest_media);
    if (needs === 'area' && !area && filters.data?.largest_area) setArea(filters.data.largest_area);
  }, [needs, media, area, filters.data]);
  // The finished period's date comes from the server (its clock decides what "yesterday" is).
  const date = running ? '' : (filters.data?.finished[period] ?? null);
  const ready = date !== null && (needs === null || (needs === 'media' ? media !== '' : area !== ''));
  const q = useAccountRank(
    {
      type,
      period,
      date: date ?? '',
      previous,
      media: needs === 'media' ? media : '',
      area: needs === 'area' ? area : '',
      page,
    },
    ready,
  );
  const reset = () => {
    setPage(1);
    setSelected([]);
  };
  const data = q.data;
  const value = chartValue(type);
  const top = page === 1 ? (data?.list ?? []).slice(0, 10) : [];

  return (
    <div data-testid={`rank-board-${type}`}>
      <Typography.Paragraph type="secondary" className="rank-rule" data-testid="rank-rule">
        {tab.rule}访客与免费会员可查看前 {FREE_RANK_DEPTH} 名。
        {(type === 'fake' || type === 'new_fake') && (
          <Link to={FAKE_ACCURACY_PATH} data-testid="rank-fake-accuracy">
            {' '}
            检测方法与准确率
          </Link>
        )}
      </Typography.Paragraph>
      <Flex wrap gap={12} align="center" className="block-gap">
        <PeriodSwitch
          value={period}
          onChange={(p) => {
            setPeriod(p);
            reset();
          }}
        />
        <Radio.Group
          data-testid="rank-running"
          value={running ? 'running' : 'finished'}
          onChange={(e) => {
            setRunning(e.target.value === 'running');
            reset();
          }}
          options={[
            { value: 'finished', label: PERIOD_CHOICES[period].finished },
            {
              value: 'running',
              label: (
                <>
                  {PERIOD_CHOICES[period].running}
                  <Tag color="processing" className="rank-running-tag">
                    进行中
                  </Tag>
                </>
              ),
            },
          ]}
        />
        {needs === 'media' && (
          <Select
            data-testid="rank-media"
            aria-label="行业"
            style={{ width: 140 }}
            value={media || undefined}
            placeholder="选择行业"
            loading={filters.isPending}
            options={(filters.data?.media ?? []).map((m) => ({ value: m, label: m }))}
            onChange={(v: string) => {
              setMedia(v);
              reset();
            }}
          />
        )}
        {needs === 'area' && (
          <Select
            data-testid="rank-area"
            aria-label="地区"
            style={{ width: 140 }}
            value={area || undefined}
            placeholder="选择地区"
            loading={filters.isPending}
            options={(filters.data?.area ?? []).map((m) => ({ value: m, label: m }))}
            onChange={(v: string) => {
              setArea(v);
              reset();
            }}
          />
        )}
        {type === 'new_fake' && (
          <Radio.Group
            data-testid="rank-previous"
            value={previous ? 'previous' : 'current'}
            onChange={(e) => {
              setPrevious(e.target.value === 'previous');
              reset();
            }}
            options={[
              { value: 'current', label: '本期' },
              { value: 'previous', label: '上一期' },
            ]}
          />
        )}
        <PeriodRange start={data?.period_start} end={data?.period_end} complete={data?.complete} />
        <span className="grow" />
        <FavoritePicker mids={selected}>
          <Button data-testid="rank-favorite-batch" disabled={selected.length === 0}>
            批量收藏{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
        </FavoritePicker>
      </Flex>
      {filters.isError ? (
        <TabError error={filters.error} onRetry={() => filters.refetch()} />
      ) : q.isError ? (
        <TabError error={q.error} onRetry={() => q.refetch()} limitTitle={q.error.message} />
      ) : (
        <>
          {top.length > 0 && (
            <Card size="small" className="block-gap" title={`前 ${top.length} 名 · ${value.label}`}>
              <HBarChart
                testId="rank-chart"
                ariaLabel={`${tab.label}前 ${top.length} 名的${value.label}`}
                color={type === 'fake' || type === 'new_fake' ? '#fa541c' : '#1677ff'}
                format={value.int ? formatWan : formatRatio}
                data={top.map((r) => ({
                  key: String(r.mid),
                  label: r.name || r.mp_name,
                  value: value.of(r),
                }))}
              />
            </Card>
          )}
          {!q.isPending && data && data.total === 0 && page === 1 ? (
            <Empty data-testid="rank-empty" description="本周期暂无上榜公众号，请切换周期查看" />
          ) : (
            <RankTable
              type={type}
              rows={data?.list ?? []}
              total={data?.total ?? 0}
              page={page}
              loading={!ready || q.isPending || q.isFetching}
              onPageChange={(p) => {
                setPage(p);
                setSelected([]);
              }}
              selected={selected}
              onSelect={setSelected}
            />
          )}
        </>
      )}
      {type === 'original' && <OriginalContent />}
    </div>
  );
}

function RankingsPageBody() {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('type');
  const active = isRankType(asked) ? asked : (ROUTE_TYPES[pathname] ?? 'common');
  const tab = RANK_TABS.find((t) => t.type === active) ?? (RANK_TABS[0] as RankTab);
  return (
    <Card title="公众号榜单" data-testid="rank-page">
      <Tabs
        data-testid="rank-tabs"
        activeKey={active}
        onChange={(key) => setParams({ type: key }, { replace: true })}
        items={RANK_TABS.map((t) => ({ key: t.type, label: t.label }))}
      />
      {/* Keyed so each ranking starts on page 1 with its own filters. */}
      <RankBoard key={tab.type} tab={tab} />
    </Card>
  );
}

/** antd's App gives the page's toasts (App.useApp in the group pickers and editors) their context. */
export function RankingsPage() {
  return (
    <AntApp component={false}>
      <RankingsPageBody />
    </AntApp>
  );
}
