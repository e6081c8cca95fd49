// Member-only pages: visitors see the login prompt (the shared login dialog), never an error.
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { openLogin } from '../../auth/dialog';
import { useSession } from '../../auth/session';

export function LoginPrompt({ what }: { what: string }) {
  return (
    <Result
      data-testid="login-needed"
      status="info"
      title="请先登录"
      subTitle={`登录后即可使用${what}`}
      extra={
        <Button type="primary" onClick={() => openLogin()} data-testid="login-open">
          登录 / 注册
        </Button>
      }
    />
  );
}

/** Renders `children` for a logged-in session, otherwise the login prompt naming the feature. */
export function MemberOnly({ what, children }: { what: string; children: ReactNode }) {
  const session = useSession();
  return session ? children : <LoginPrompt what={what} />;
}
