// What a visitor sees on a member-only page, tab or panel: a clear login prompt that opens the shared login dialog,
// never a failed call.
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { openLogin } from '../../auth/dialog';
import { useSession } from '../../auth/session';

/** `what` completes "登录后即可…": 查看充值记录, 使用分钟级监测. */
export function LoginPrompt({ what = '查看' }: { what?: string }) {
  return (
    <Result
      data-testid="login-prompt"
      status="info"
      title="请先登录"
      subTitle={`登录后即可${what}`}
      extra={
        <Button type="primary" onClick={() => openLogin()} data-testid="login-prompt-open">
          登录 / 注册
        </Button>
      }
    />
  );
}

/** Renders `children` for a logged-in session, otherwise the login prompt naming the feature (登录后即可使用…). */
export function MemberOnly({ what, children }: { what: string; children: ReactNode }) {
  const session = useSession();
  return session ? children : <LoginPrompt what={`使用${what}`} />;
}
