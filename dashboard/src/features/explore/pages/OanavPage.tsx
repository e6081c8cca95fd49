// 公众号导航 (/oanav?media=): accounts by industry — every industry of the rankings (rank/v1 filters) with its top
// accounts of today's industry ranking (rank/v1 media, by WCI); each links to its detail page.
import { Card, Empty, Flex, Menu, Radio, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatRatio, formatTotal } from '../../../lib/format';
import type { RankPeriod } from '../../../lib/period';
import { useAccountRank, useRankFilters } from '../../ranks';
import { AccountLink } from '../components/AccountLink';
import { textParam } from '../params';
import '../explore.css';

const PERIODS: { value: RankPeriod; label: string }[] = [
  { value: 'day', label: '日榜' },
  { value: 'week', label: '周榜' },
  { value: 'month', label: '月榜' },
];

function IndustryTop({ media, period }: { media: string; period: RankPeriod }) {
  const rank = useAccountRank({ type: 'media', period, previous: false, media, area: '', page: 1 });
  if (rank.isError) return <RetryAlert message={rank.error.message} onRetry={() => rank.refetch()} />;
  const list = rank.data?.list ?? [];
  return (
    <Card
      size="small"
      loading={rank.isPending}
      title={`${media} · 前 ${list.length} 名`}
      extra={<Link to="/appsearch/AccountTypeRank">完整行业榜</Link>}
    >
      {list.length === 0 ? (
        <Empty description="该行业本期暂无上榜公众号" />
      ) : (
        <div className="explore-cards" data-testid="oanav-list">
          {list.map((a) => (
            <Flex key={a.mid} vertical gap={4} data-testid="oanav-account-card">
              <Flex gap={8} align="center">
                <Tag color={a.rank <= 3 ? 'red' : 'default'}>{a.rank}</Tag>
                <AccountLink
                  mid={a.mid}
                  name={a.name}
                  wxid={a.wxid}
                  avatar={a.avatar}
                  testId="oanav-account"
                />
              </Flex>
              <span className="explore-card-stats">
                WCI<b>{formatRatio(a.score)}</b>指数<b>{formatRatio(a.index)}</b>粉丝
                <b>{formatTotal(a.fans)}</b>
                阅读<b>{formatTotal(a.reads)}</b>
              </span>
            </Flex>
          ))}
        </div>
      )}
    </Card>
  );
}

export function OanavPage() {
  const [params, setParams] = useSearchParams();
  const filters = useRankFilters();
  const industries = filters.data?.media ?? [];
  const chosen = textParam(params, 'media');
  const media = industries.includes(chosen) ? chosen : (industries[0] ?? '');
  const period = (PERIODS.find((p) => p.value === params.get('period'))?.value ?? 'day') as RankPeriod;
  const set = (m: string, p: RankPeriod) => setParams({ media: m, period: p });
  return (
    <Card
      title="公众号导航"
      data-testid="oanav-page"
      extra={
        <Radio.Group
          data-testid="oanav-period"
          optionType="button"
          size="small"
          value={period}
          options={PERIODS}
          onChange={(e) => set(media, e.target.value as RankPeriod)}
        />
      }
    >
      {filters.isError ? (
        <RetryAlert message={filters.error.message} onRetry={() => filters.refetch()} />
      ) : (
        <Flex gap={16} align="flex-start">
          <Card
            size="small"
            title={`行业（${industries.length}）`}
            className="explore-side"
            loading={filters.isPending}
          >
            <Menu
              data-testid="oanav-industries"
              selectedKeys={[media]}
              onClick={({ key }) => set(key, period)}
              items={industries.map((m) => ({ key: m, label: m }))}
            />
          </Card>
          <div className="explore-main">
            {media ? (
              <IndustryTop key={`${media}/${period}`} media={media} period={period} />
            ) : (
              !filters.isPending && <Empty description="暂无行业数据" />
            )}
          </div>
        </Flex>
      )}
    </Card>
  );
}
