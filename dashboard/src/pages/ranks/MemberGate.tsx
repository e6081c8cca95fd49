// Member-only pages: visitors get a login prompt that opens the shared login dialog, never a failed call.
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { openLogin } from '../../auth/dialog';
import { useSession } from '../../auth/session';

export function LoginPrompt({ what }: { what: string }) {
  return (
    <Result
      data-testid="login-prompt"
      status="info"
      title="请先登录"
      subTitle={`登录后即可使用${what}`}
      extra={
        <Button type="primary" data-testid="login-prompt-open" onClick={() => openLogin()}>
          登录 / 注册
        </Button>
      }
    />
  );
}

/** Children only with a session; the login prompt otherwise. */
export function MemberGate({ what, children }: { what: string; children: ReactNode }) {
  const session = useSession();
  return session ? children : <LoginPrompt what={what} />;
}
