// The header's login area: a login button for visitors; the member's name and level with the member
// entry and logout once logged in. Hosts the shared login dialog, loaded on first open.
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, message as antMessage, Button, Dropdown } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { logout } from '../../auth/api';
import { closeLogin, openLogin, rememberPage, useLoginDialog } from '../../auth/dialog';
import { useUserInfo, useUserProfile } from '../../auth/queries';
import { clearSession, useSession } from '../../auth/session';
import './header.css';

const LoginDialog = lazy(() => import('./LoginDialog'));
const QqBindDialog = lazy(() => import('./QqBindDialog'));

export function LoginArea() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [message, messageHolder] = antMessage.useMessage();
  const session = useSession();
  const profile = useUserProfile();
  const dialog = useLoginDialog();
  // The member's bindings are read only once the menu is opened.
  const [menuOpened, setMenuOpened] = useState(false);
  const info = useUserInfo(menuOpened);
  const [binding, setBinding] = useState<'closed' | 'open' | 'done'>('closed');
  const onBindClose = useCallback(
    (bound: boolean) => {
      setBinding('done');
      if (bound) void queryClient.invalidateQueries({ queryKey: ['user-info'] });
    },
    [queryClient],
  );

  useEffect(() => {
    rememberPage(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  // Login, logout and a 'user not logged in' answer change the token: everything shown is refetched
  // under the new identity (the dialog's "page reload" of spec §4, without losing the page's state).
  const token = session?.accessToken ?? '';
  const lastToken = useRef(token);
  useEffect(() => {
    if (lastToken.current === token) return;
    lastToken.current = token;
    void queryClient.invalidateQueries();
  }, [token, queryClient]);

  const onClose = useCallback((loggedIn: boolean) => closeLogin(loggedIn), []);

  const onLogout = async () => {
    try {
      await logout();
    } catch {
      // The server session may already be gone; the local one is cleared either way (spec §4).
    }
    clearSession();
    message.success('退出成功');
  };

  const p = profile.data;
  const name = p?.name || session?.name || '会员';
  const avatar = p?.avatar || session?.avatar || '';

  return (
    <div className="header-login" data-testid="header-login">
      {messageHolder}
      {session ? (
        <Dropdown
          trigger={['click', 'hover']}
          onOpenChange={(open) => open && setMenuOpened(true)}
          menu={{
            items: [
              { key: 'center', label: '会员中心', onClick: () => navigate('/appsearch/center?tabSt=1') },
              { key: 'upgrade', label: '升级会员', onClick: () => navigate('/appsearch/center?tabSt=2') },
              ...(info.data?.qq_bound === 0
                ? [{ key: 'bind-qq', label: '绑定 QQ', onClick: () => setBinding('open') }]
                : []),
              { key: 'binding', label: '账号绑定', onClick: () => navigate('/binding') },
              ...(info.data?.is_admin === 1
                ? [{ key: 'admin', label: '管理后台', onClick: () => navigate('/admin') }]
                : []),
              { type: 'divider' },
              { key: 'logout', label: '退出登录', onClick: onLogout },
            ],
          }}
        >
          <button type="button" className="header-member" data-testid="header-member">
            <Avatar size="small" src={avatar || undefined} className="header-member-avatar">
              {name.slice(0, 1)}
            </Avatar>
            <span className="header-member-name" data-testid="header-member-name">
              {name}
            </span>
            {p && (
              <span className="header-member-level" data-testid="header-member-level">
                {p.vip_name}
              </span>
            )}
          </button>
        </Dropdown>
      ) : (
        <Button type="primary" ghost onClick={() => openLogin()} data-testid="header-login-button">
          登录 / 注册
        </Button>
      )}
      {binding !== 'closed' && (
        <Suspense fallback={null}>
          <QqBindDialog open={binding === 'open'} message={message} onClose={onBindClose} />
        </Suspense>
      )}
      {dialog.seq > 0 && (
        <Suspense fallback={null}>
          <LoginDialog
            key={dialog.seq}
            open={dialog.open}
            initialView={dialog.view}
            message={message}
            onClose={onClose}
          />
        </Suspense>
      )}
    </div>
  );
}
