// Basic analysis tab (spec §2): active fans, articles in 7 days, recent average reads by position, the read

// overview table by position with its chart, and the scan-to-follow QR code.
import { Card, Col, Row, Spin, Statistic, Table, type TableProps, Tooltip } from 'antd';
import type { HTMLAttributes } from 'react';
import { accountQrcodeUrl } from '../../../api/endpoints';
import { BarChart } from '../../../components/charts/BarChart';
import { TabError } from '../../../components/gates/LevelLimit';
import { formatTotal, positionLabel } from '../../../lib/format';
import { FANS_EXPLAINED } from '../../../lib/index-terms';
import { type ReadOverviewRow, useDetailStatistic } from '../hooks/detail-queries';
import { TrendCard } from './TrendCard';

const count = (v: number) => formatTotal(v);

const columns: TableProps<ReadOverviewRow>['columns'] = [
  { title: '位置', dataIndex: 'position', render: (p: number) => positionLabel(p) },
  { title: '发文数', dataIndex: 'article_num', align: 'right', render: count },
  { title: '平均阅读', dataIndex: 'avg_read', align: 'right', render: count },
  { title: '最高阅读', dataIndex: 'read_max', align: 'right', render: count },
  { title: '平均点赞', dataIndex: 'avg_praise', align: 'right', render: count },
  { title: '最高点赞', dataIndex: 'praise_max', align: 'right', render: count },
];

const rowProps = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'overview-row' }) as HTMLAttributes<HTMLElement>;

export function AnalysisTab({ mid }: { mid: number }) {
  const { data, isPending, isError, error, refetch } = useDetailStatistic(mid);
  if (isError) return <TabError error={error} onRetry={() => refetch()} />;
  if (isPending)
    return (
      <div className="page-loading">
        <Spin size="large" />
      </div>
    );
  const info = data.analysis_info;
  return (
    <div data-testid="analysis-tab">
      <Row gutter={[16, 16]} className="block-gap">
        <Col xs={24} lg={18}>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={8}>
              <Card size="small">
                <Statistic
                  title={
                    <Tooltip title={FANS_EXPLAINED}>
                      <span className="has-tooltip">估算活跃粉丝</span>
                    </Tooltip>
                  }
                  value={formatTotal(info.fans)}
                />
              </Card>
            </Col>
            <Col xs={12} md={8}>
              <Card size="small">
                <Statistic title="近7天发文" value={formatTotal(info.articles)} suffix="篇" />
              </Card>
            </Col>
            <Col xs={12} md={8}>
              <Card size="small">
                <Statistic title="近3次推送头条平均阅读" value={formatTotal(info.avg_top_read)} />
              </Card>
            </Col>
            <Col xs={12} md={8}>
              <Card size="small">
                <Statistic title="近3次推送次条平均阅读" value={formatTotal(info.avg_second_read)} />
              </Card>
            </Col>
            <Col xs={12} md={8}>
              <Card size="small">
                <Statistic title="近3次推送第三至N条平均阅读" value={formatTotal(info.avg_other_read)} />
              </Card>
            </Col>
          </Row>
        </Col>
        <Col xs={24} lg={6}>
          <Card size="small" className="detail-follow-qr">
            <img src={accountQrcodeUrl(mid)} alt="扫码关注" width={120} height={120} />
            <div>扫码关注</div>
          </Card>
        </Col>
      </Row>
      <TrendCard mid={mid} />
      <Card size="small" title="阅读概况（近30天，按位置）" className="block-gap">
        <Table<ReadOverviewRow>
          rowKey="position"
          size="small"
          columns={columns}
          dataSource={data.read_overview}
          onRow={rowProps}
          pagination={false}
          locale={{ emptyText: '暂无数据' }}
        />
        {data.read_overview.length > 0 && (
          <BarChart
            testId="overview-chart"
            ariaLabel="各位置平均阅读"
            data={data.read_overview.map((r) => ({
              key: String(r.position),
              label: positionLabel(r.position),
              value: r.avg_read,
            }))}
          />
        )}
      </Card>
    </div>
  );
}
