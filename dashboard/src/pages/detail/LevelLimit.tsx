// Membership-limit panels (spec §2): the server's 4002/40002 answer shows the upgrade prompt; upgrading opens the
// member centre's upgrade tab in a new tab.
import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { isLevelLimit, isLoginNeeded } from '../../api/detail-queries';
import { RetryAlert } from '../../components/RetryAlert';

/** Member centre, tab 2 = membership upgrade (spec §2 /center?tabSt=2). */
export const UPGRADE_URL = '/main/appsearch/center?tabSt=2';

export const openUpgrade = () => window.open(UPGRADE_URL, '_blank', 'noopener');

export function LevelLimitPanel({ title = '会员等级不足，去升级' }: { title?: string }) {
  return (
    <Result
      data-testid="level-limit"
      status="403"
      title={title}
      subTitle="升级会员后即可查看"
      extra={
        <Button type="primary" onClick={openUpgrade} data-testid="level-upgrade">
          去升级
        </Button>
      }
    />
  );
}

export function LoginPanel() {
  return (
    <Result
      data-testid="login-needed"
      status="info"
      title="请先登录"
      subTitle="登录后即可查看"
      extra={
        <Link to="/login">
          <Button type="primary">登录</Button>
        </Link>
      }
    />
  );
}

/** A tab's failed query: the limit panel, the login prompt, or the message with a retry. */
export function TabError({
  error,
  onRetry,
  limitTitle,
}: {
  error: Error;
  onRetry: () => void;
  limitTitle?: string;
}) {
  if (isLevelLimit(error)) return <LevelLimitPanel title={limitTitle} />;
  if (isLoginNeeded(error)) return <LoginPanel />;
  return <RetryAlert message={error.message} onRetry={onRetry} />;
}
