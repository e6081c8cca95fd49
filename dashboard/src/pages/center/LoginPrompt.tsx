// What a visitor sees on a member-only page or tab: a clear login prompt that opens the shared login dialog.
import { Button, Result } from 'antd';
import { openLogin } from '../../auth/dialog';

export function LoginPrompt({ what = '查看' }: { what?: string }) {
  return (
    <Result
      data-testid="login-prompt"
      status="info"
      title="请先登录"
      subTitle={`登录后即可${what}`}
      extra={
        <Button type="primary" onClick={() => openLogin()} data-testid="login-prompt-button">
          登录 / 注册
        </Button>
      }
    />
  );
}
