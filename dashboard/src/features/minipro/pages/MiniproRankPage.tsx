// 小程序榜 (/appsearch/programTop): rank/v1 minipro_rank by period, exposure of the top ten as bars.
import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { HBarChart } from '../../../components/charts/HBarChart';
import { TabError } from '../../../components/gates/LevelLimit';
import { PeriodRange, PeriodSwitch } from '../../../components/PeriodSwitch';
import { formatTotal } from '../../../lib/format';
import type { RankPeriod } from '../../../lib/period';
import { FREE_RANK_DEPTH, useMiniproRank } from '../../ranks';
import { MiniproTable } from '../components/MiniproTable';
import '../../../components/styles/ranks.css';

export function MiniproRankPage() {
  const [period, setPeriod] = useState<RankPeriod>('day');
  const [page, setPage] = useState(1);
  const q = useMiniproRank(period, page);
  const top = page === 1 ? (q.data?.applet_data ?? []).slice(0, 10) : [];
  return (
    <Card title="小程序榜" data-testid="minipro-rank-page">
      <Typography.Paragraph type="secondary" data-testid="rank-rule">
        曝光 = 本周期嵌入该小程序的公众号文章的阅读合计，同数按文章数排名。访客与免费会员可查看前{' '}
        {FREE_RANK_DEPTH} 名。
      </Typography.Paragraph>
      <Flex wrap gap={12} align="center" className="block-gap">
        <PeriodSwitch
          value={period}
          onChange={(p) => {
            setPeriod(p);
            setPage(1);
          }}
        />
        <PeriodRange start={q.data?.period_start} end={q.data?.period_end} />
      </Flex>
      {q.isError ? (
        <TabError error={q.error} onRetry={() => q.refetch()} limitTitle={q.error.message} />
      ) : (
        <>
          {top.length > 0 && (
            <Card size="small" className="block-gap" title={`前 ${top.length} 名 · 曝光`}>
              <HBarChart
                testId="rank-chart"
                ariaLabel={`小程序榜前 ${top.length} 名的曝光`}
                color="#13c2c2"
                format={formatTotal}
                data={top.map((m) => ({ key: m.appid, label: m.title || m.appid, value: m.exposure_num }))}
              />
            </Card>
          )}
          <MiniproTable
            ranked
            rows={q.data?.applet_data ?? []}
            total={q.data?.total ?? 0}
            page={page}
            loading={q.isPending || q.isFetching}
            onPageChange={setPage}
            empty="本周期暂无文章嵌入小程序，请切换周期查看"
          />
        </>
      )}
    </Card>
  );
}
