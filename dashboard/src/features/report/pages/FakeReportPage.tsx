// 刷量报告 (/appsearch/monitorView, /appsearch/monitorViewNew ?post=<mid>_<aid>): verdict, reasons, chart, hourly table.
import { Button, Card, Result, Space, Spin } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { parsePost } from '../../../../../contract/shapes/article-reports';
import { ApiError, NOT_LOGGED_IN_CODE } from '../../../api/client';
import { useFakeReport } from '../../../api/queries';
import { RetryAlert } from '../../../components/RetryAlert';
import { ReportChart } from '../components/ReportChart';
import { ReportProfile } from '../components/ReportProfile';
import { ReportTable } from '../components/ReportTable';
import { ReportVerdict } from '../components/ReportVerdict';

const isNotLoggedIn = (error: Error) => error instanceof ApiError && error.code === NOT_LOGGED_IN_CODE;
/** Answers about the request itself (bad or unknown post): shown as they are, retrying will not help. */
const isAnswer = (error: Error) => error instanceof ApiError && (error.code === 400 || error.code === 404);

/**
 * Back to where the reader came from: the previous page when they came from within the platform (the account
 * page, a list, the monitors), and always the account's page and the monitor list.
 */
function ReportBackLinks({ post }: { post: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const mid = parsePost(post)?.mid;
  return (
    <Space className="block-gap" wrap data-testid="report-back">
      {location.key !== 'default' && (
        <Button onClick={() => navigate(-1)} data-testid="report-back-prev">
          ← 返回上一页
        </Button>
      )}
      {mid !== undefined && (
        <Link to={`/appsearch/detail?mid=${mid}&active=0`} data-testid="report-back-account">
          公众号详情
        </Link>
      )}
      <Link to="/appsearch/monitors" data-testid="report-back-monitors">
        我的监测记录
      </Link>
    </Space>
  );
}

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
      <ReportBackLinks post={post} />
      <ReportProfile profile={data.profile} post={post} />
      <ReportVerdict report={data} />
      <Card title="阅读与互动趋势" className="block-gap">
        <ReportChart report={data} />
      </Card>
      <Card title="每小时数据">
        <ReportTable rows={data.table} />
      </Card>
    </div>
  );
}
