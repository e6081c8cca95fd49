// 刷量报告 (/appsearch/monitorView, /appsearch/monitorViewNew ?post=<mid>_<aid>): verdict, reasons, chart, hourly table.
import { Button, Card, Result, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError, NOT_LOGGED_IN_CODE } from '../api/client';
import { useFakeReport } from '../api/queries';
import { RetryAlert } from '../components/RetryAlert';
import { ReportProfile } from './report/ReportProfile';
import { ReportTable } from './report/ReportTable';
import { ReportVerdict } from './report/ReportVerdict';
import { TrendChart } from './report/TrendChart';

const isNotLoggedIn = (error: Error) => error instanceof ApiError && error.code === NOT_LOGGED_IN_CODE;
/** Answers about the request itself (bad or unknown post): shown as they are, retrying will not help. */
const isAnswer = (error: Error) => error instanceof ApiError && (error.code === 400 || error.code === 404);

export function FakeReportPage() {
  const [params] = useSearchParams();
  // A missing post is sent as empty so the API's own message names the problem.
  const post = (params.get('post') ?? '').trim();
  const { data, isPending, isError, error, refetch } = useFakeReport(post);

  if (isPending) {
    return (
      <div className="page-loading">
        <Spin size="large" />
      </div>
    );
  }

  if (isError) {
    if (isNotLoggedIn(error)) {
      return (
        <Result
          data-testid="report-login"
          status="403"
          title="请先登录"
          subTitle="刷量分析报告仅对会员开放，登录后即可查看"
          extra={
            <Link to="/login">
              <Button type="primary">登录</Button>
            </Link>
          }
        />
      );
    }
    if (isAnswer(error)) {
      return <Result data-testid="report-invalid" status="warning" title={error.message} />;
    }
    return <RetryAlert message={error.message} onRetry={() => refetch()} />;
  }

  return (
    <div data-testid="report-page">
      <ReportProfile profile={data.profile} />
      <ReportVerdict report={data} />
      <Card title="阅读与互动趋势" className="block-gap">
        {data.charts.time.length > 0 ? (
          <TrendChart
            time={data.charts.time}
            series={[
              { key: 'read', label: '阅读', color: '#1677ff', values: data.charts.read, axis: 'left' },
              { key: 'praise', label: '点赞', color: '#fa541c', values: data.charts.praise, axis: 'right' },
              { key: 'looking', label: '在看', color: '#52c41a', values: data.charts.looking, axis: 'right' },
            ]}
          />
        ) : (
          <Result status="info" title="暂无监测数据" />
        )}
      </Card>
      <Card title="每小时数据">
        <ReportTable rows={data.table} />
      </Card>
    </div>
  );
}
