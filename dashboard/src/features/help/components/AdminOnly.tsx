// Admin pages: nothing admin-only is called until user_info says the member is an admin; visitors and members
// see why the page is closed to them (and visitors a way to log in).
import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { openLogin } from '../../../auth/dialog';
import { useAdminState } from '../hooks/queries';

export function AdminOnly({ denied = '仅管理员可访问', children }: { denied?: string; children: ReactNode }) {
  const state = useAdminState();
  if (state === 'admin') return children;
  if (state === 'loading') return <Skeleton active />;
  return (
    <Result
      status="403"
      title={denied}
      subTitle={
        state === 'visitor'
          ? '请使用管理员账号登录。'
          : '当前账号不是管理员。管理员由部署配置 ADMIN_PHONES 中的手机号指定。'
      }
      data-testid="admin-denied"
      extra={
        state === 'visitor' ? (
          <Button type="primary" onClick={() => openLogin()} data-testid="admin-login">
            登录
          </Button>
        ) : null
      }
    />
  );
}
