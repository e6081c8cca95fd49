// The home page's account list: the first page of key_search as light tiles (no table, so the home page stays
// small), with a link to the full account search.
import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { useAccountSearch } from '../../../api/queries';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { RetryAlert } from '../../../components/RetryAlert';
import { LightCard } from '../../../components/shell/LightCard';
import { accountDetailPath, accountName, markDetailNavigation } from '../../../lib/account';
import { formatTotal } from '../../../lib/format';
import '../../../components/shell/shell.css';

export function HomeAccounts() {
  const { data, isPending, isError, error, refetch } = useAccountSearch('', 1);
  return (
    <LightCard
      title="公众号列表"
      extra={
        <Link to="/appsearch/index" data-testid="home-accounts-more">
          {data ? `全部 ${formatTotal(data.total)} 个公众号 ›` : '全部公众号 ›'}
        </Link>
      }
    >
      {isError && <RetryAlert message={error.message} onRetry={() => refetch()} />}
      {isPending ? (
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      ) : (
        <ul className="home-accounts">
          {(data?.accounts ?? []).map((account) => {
            const name = accountName(account);
            return (
              <li key={account.mid} className="home-account" data-testid="account-row">
                <AccountAvatar avatar={account.avatar} name={name} size={40} />
                <div className="home-account-main">
                  <Link
                    data-testid="account-name"
                    to={accountDetailPath(account.mid)}
                    onClick={markDetailNavigation}
                    className="home-account-name"
                    title={name}
                  >
                    {name || '-'}
                  </Link>
                  <div className="home-account-meta">
                    {[account.media, account.area].filter(Boolean).join(' · ') || '-'}
                  </div>
                  <div className="home-account-meta">最近发文 {account.pubtime?.slice(0, 10) || '-'}</div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </LightCard>
  );
}
