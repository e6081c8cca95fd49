// Account detail page (?mid=&active=0..4). The tab lives in the URL so a link or a reload opens it again.
import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountDetailView } from '../components/AccountDetailView';

function parseMid(raw: string | null): number | null {
  if (!raw) return null;
  const mid = Number(raw);
  return Number.isSafeInteger(mid) && mid > 0 ? mid : null;
}

export function AccountDetailPage() {
  const [params, setParams] = useSearchParams();
  const mid = parseMid(params.get('mid'));

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

  const select = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('active', key);
    setParams(next, { replace: true });
  };
  return <AccountDetailView mid={mid} active={params.get('active') ?? '0'} onActiveChange={select} />;
}
