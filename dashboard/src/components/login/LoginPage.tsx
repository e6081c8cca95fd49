// /login, /zhongjian, /register, /loginMiddleware (spec §2): open the login dialog over a short page and
// return to where the user came from (?redirect=…, else the last page visited) once it closes.
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { openLogin, previousPage } from '../../auth/dialog';
import { getSession, useSession } from '../../auth/session';

/** Only paths inside the dashboard: an absolute or protocol-relative redirect would leave the site. */
function safeRedirect(value: string | null): string | null {
  return value?.startsWith('/') && !value.startsWith('//') ? value : null;
}

export function LoginPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const view = pathname === '/register' ? 'register' : 'login';
  const target = safeRedirect(params.get('redirect')) ?? previousPage();

  // A member with a session has nothing to do here, whenever the session shows up: at the visit, or once the
  // dialog has logged them in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the session, not the target's identity
  useEffect(() => {
    if (session) navigate(target, { replace: true });
  }, [session !== null]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once per visit of the route
  useEffect(() => {
    if (getSession()) return;
    openLogin({ view, onClose: () => navigate(target, { replace: true }) });
  }, [pathname]);

  return (
    <Result
      data-testid="login-page"
      status="info"
      title={view === 'register' ? '注册账号' : '登录公众号数据平台'}
      subTitle="登录后可收藏公众号、查看刷量报告、订阅关键词、使用会员功能"
      extra={
        <Button
          type="primary"
          onClick={() => openLogin({ view, onClose: () => navigate(target, { replace: true }) })}
        >
          {view === 'register' ? '注册' : '登录'}
        </Button>
      }
    />
  );
}
