// Membership-limit panels (spec §2): the server's 4002/40002 answer shows the upgrade prompt; upgrading opens the
// member centre's upgrade tab in a new tab.
import { Button, Result } from 'antd';
import { isLevelLimit, isLoginNeeded } from '../../api/errors';
import { RetryAlert } from '../RetryAlert';
import { LoginPrompt } from './LoginPrompt';

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
  if (isLoginNeeded(error)) return <LoginPrompt />;
  return <RetryAlert message={error.message} onRetry={onRetry} />;
}
