// 公众号对比 (/appsearch/offcontrast): pick 2–5 accounts, compare their figures over 7 or 30 days and their daily series
// (monitor/v1 official_account_contrast; paid members). ?mids= preselects accounts (e.g. from a ranking).
import { Avatar, Card, Empty, Flex, Radio, Select, Table, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { imageProxyUrl, searchAccounts } from '../../../api/endpoints';
import type { AccountSummary } from '../../../api/types';
import { TrendChart } from '../../../components/charts/TrendChart';
import { TabError } from '../../../components/gates/LevelLimit';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { WindowDaysSwitch } from '../../../components/WindowDaysSwitch';
import { accountName } from '../../../lib/account';
import { formatRatio, formatTotal } from '../../../lib/format';
import {
  type AccountFigures,
  type BrandDays,
  CONTRAST_MAX,
  CONTRAST_MIN,
  useAccountContrast,
} from '../hooks/rank-queries';
import '../../../components/styles/ranks.css';

const COLORS = ['#1677ff', '#fa541c', '#52c41a', '#722ed1', '#faad14'];

type Metric = 'reads' | 'likes' | 'looking' | 'articles';
const METRICS: { value: Metric; label: string }[] = [
  { value: 'reads', label: '阅读' },
  { value: 'likes', label: '点赞' },
  { value: 'looking', label: '在看' },
  { value: 'articles', label: '发文' },
];

/** Rows of the side-by-side table: one per figure. */
const FIGURES: { key: keyof AccountFigures; label: string; ratio?: boolean }[] = [
  { key: 'articles', label: '发文篇数' },
  { key: 'posts', label: '群发次数' },
  { key: 'reads', label: '总阅读' },
  { key: 'avg_reads', label: '篇均阅读' },
  { key: 'head_avg_reads', label: '头条均阅读' },
  { key: 'max_reads', label: '最高阅读' },
  { key: 'likes', label: '总点赞' },
  { key: 'avg_likes', label: '篇均点赞' },
  { key: 'looking', label: '总在看' },
  { key: 'fans', label: '估算活跃粉丝' },
  { key: 'wci', label: 'WCI（近 30 天）', ratio: true },
];

interface Option {
  value: number;
  label: string;
  avatar: string;
}

/** Account search for the picker: key_search as the user types, 300 ms after the last key. */
function useAccountOptions() {
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (kw: string) => {
    clearTimeout(timer.current);
    if (!kw.trim()) return;
    timer.current = setTimeout(async () => {
      setLoading(true);
      try {
        const r = await searchAccounts(kw.trim(), 1);
        setOptions(
          r.accounts.map((a: AccountSummary) => ({ value: a.mid, label: accountName(a), avatar: a.avatar })),
        );
      } catch {
        setOptions([]);
      } finally {
        setLoading(false);
      }
    }, 300);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return { options, loading, search };
}

function ContrastBody() {
  const [params, setParams] = useSearchParams();
  const mids = useMemo(
    () =>
      [...new Set((params.get('mids') ?? '').split(',').map(Number))]
        .filter((n) => Number.isSafeInteger(n) && n > 0)
        .slice(0, CONTRAST_MAX),
    [params],
  );
  const [days, setDays] = useState<BrandDays>(7);
  const [metric, setMetric] = useState<Metric>('reads');
  const [known, setKnown] = useState<Map<number, Option>>(new Map());
  const picker = useAccountOptions();
  const ready = mids.length >= CONTRAST_MIN;
  const q = useAccountContrast(mids, days, ready);
  const accounts = q.data?.accounts ?? [];

  // Names of chosen accounts stay in the picker after the search options change.
  const chosenOptions = mids.map(
    (mid) =>
      known.get(mid) ?? {
        value: mid,
        label: accounts.find((a) => a.mid === mid)?.name ?? String(mid),
        avatar: accounts.find((a) => a.mid === mid)?.avatar ?? '',
      },
  );
  const options = [...chosenOptions, ...picker.options.filter((o) => !mids.includes(o.value))];

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center">
        <Select<number[]>
          mode="multiple"
          data-testid="contrast-picker"
          aria-label="选择要对比的公众号"
          style={{ minWidth: 420, flex: 1 }}
          placeholder={`输入公众号名称搜索，选择 ${CONTRAST_MIN}–${CONTRAST_MAX} 个公众号`}
          value={mids}
          showSearch={{ filterOption: false, onSearch: picker.search }}
          loading={picker.loading}
          maxCount={CONTRAST_MAX}
          notFoundContent={picker.loading ? '搜索中…' : '输入名称搜索公众号'}
          options={options.map((o) => ({
            value: o.value,
            label: (
              <span className="minipro-title">
                <Avatar size={20} src={o.avatar ? imageProxyUrl(o.avatar) : undefined}>
                  {o.label.charAt(0)}
                </Avatar>
                {o.label}
              </span>
            ),
          }))}
          onChange={(next) => {
            const all = new Map(known);
            for (const o of options) if (next.includes(o.value)) all.set(o.value, o);
            setKnown(all);
            setParams(next.length ? { mids: next.join(',') } : {}, { replace: true });
          }}
        />
        <WindowDaysSwitch testId="contrast-days" value={days} onChange={(d) => setDays(d)} solid={false} />
      </Flex>
      {!ready ? (
        <Empty
          data-testid="contrast-hint"
          description={`请选择 ${CONTRAST_MIN}–${CONTRAST_MAX} 个公众号进行对比（已选 ${mids.length} 个）`}
        />
      ) : q.isError ? (
        <TabError error={q.error} onRetry={() => q.refetch()} limitTitle={q.error.message} />
      ) : (
        <>
          <Typography.Text type="secondary" data-testid="contrast-range">
            {q.data ? `统计区间 ${q.data.start_day} 至 ${q.data.end_day}（北京时间）` : '加载中…'}
          </Typography.Text>
          <Table
            data-testid="contrast-table"
            rowKey="key"
            size="small"
            loading={q.isFetching}
            pagination={false}
            scroll={{ x: 200 + accounts.length * 160 }}
            dataSource={FIGURES.map((f) => ({ key: f.key, label: f.label, ratio: f.ratio }))}
            onRow={() => ({ 'data-testid': 'contrast-row' }) as never}
            columns={[
              { title: '指标', dataIndex: 'label', width: 140, fixed: 'left' },
              ...accounts.map((a, i) => ({
                title: (
                  <span className="minipro-title" data-testid="contrast-account">
                    <span className="trend-legend-swatch" style={{ background: COLORS[i] }} />
                    {a.name}
                  </span>
                ),
                key: String(a.mid),
                align: 'right' as const,
                render: (_: unknown, row: { key: keyof AccountFigures; ratio?: boolean }) => {
                  const v = Number(a[row.key]);
                  const best = Math.max(...accounts.map((b) => Number(b[row.key])));
                  const text = row.ratio ? formatRatio(v) : formatTotal(v);
                  return v === best && v > 0 ? <strong className="rank-up">{text}</strong> : text;
                },
              })),
            ]}
          />
          <Card
            size="small"
            title="每日趋势"
            extra={
              <Radio.Group
                data-testid="contrast-metric"
                size="small"
                value={metric}
                options={METRICS}
                onChange={(e) => setMetric(e.target.value as Metric)}
              />
            }
          >
            {q.data && (
              <TrendChart
                time={q.data.charts.x}
                series={q.data.charts.series.map((s, i) => ({
                  key: String(s.mid),
                  label: s.name,
                  color: COLORS[i] ?? '#8c8c8c',
                  values: s[metric],
                  axis: 'left',
                }))}
              />
            )}
          </Card>
        </>
      )}
    </Flex>
  );
}

export function ContrastPage() {
  return (
    <Card title="公众号对比" data-testid="contrast-page">
      <MemberOnly what="公众号对比">
        <ContrastBody />
      </MemberOnly>
    </Card>
  );
}
