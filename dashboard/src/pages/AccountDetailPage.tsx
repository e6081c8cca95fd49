// Account detail: header card plus the history-articles tab (?mid=&active=0).
import { Button, Card, Result, Spin, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useAccountDetail } from '../api/queries';
import { RetryAlert } from '../components/RetryAlert';
import { AccountHeaderCard } from './detail/AccountHeaderCard';
import { HistoryTab } from './detail/HistoryTab';

function parseMid(raw: string | null): number | null {
  if (!raw) return null;
  const mid = Number(raw);
  return Number.isSafeInteger(mid) && mid > 0 ? mid : null;
}

export function AccountDetailPage() {
  const [params] = useSearchParams();
  const mid = parseMid(params.get('mid'));
  const { data, isPending, isError, error, refetch } = useAccountDetail(mid);

  if (mid === null) {
    return (
      <Result
        status="warning"
        title="缺少公众号参数"
        extra={
          <Link to="/appsearch/index">
            <Button type="primary">去搜索公众号</Button>
          </Link>
        }
      />
    );
  }

  if (isError) {
    return <RetryAlert message={error.message} onRetry={() => refetch()} />;
  }

  if (isPending) {
    return (
      <div className="page-loading">
        <Spin size="large" />
      </div>
    );
  }

  return (
    <>
      <AccountHeaderCard account={data.account} />
      <Card>
        <Tabs activeKey="0" items={[{ key: '0', label: '历史文章', children: <HistoryTab mid={mid} /> }]} />
      </Card>
    </>
  );
}
