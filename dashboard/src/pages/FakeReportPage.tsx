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
  const post = (params.get('post') ?? '').trim();
  const { data, isPending, isError, error, refetch } = useFakeReport(post);

  // Opened without an article (from the menu or a bookmark): lead to where reports come from.
  if (post === '') {
    return (
      <Result
        data-testid="report-choose"
        status="info"
        title="请选择要查看的刷量分析报告"
        subTitle="每篇文章的报告来自分钟级监测：在监测记录中点击「详情」查看，或为一篇文章新建监测，监测结束后生成报告。"
        extra={[
          <Link key="mine" to="/appsearch/monitors">
            <Button type="primary">我的监测记录</Button>
          </Link>,
          <Link key="new" to="/appsearch/monitorNew">
            <Button>新建文章监测</Button>
          </Link>,
        ]}
      />
    );
  }

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
