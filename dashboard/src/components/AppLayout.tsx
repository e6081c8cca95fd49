// Page shell: header (brand, menu, search, login area), demo-data banner, routed content, footer.
import { Layout, Spin } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { DemoDataBanner } from './DemoDataBanner';
import { HeaderMenu } from './HeaderMenu';
import { HeaderSearch } from './HeaderSearch';
import { LoginArea } from './login/LoginArea';
import { AppFooter } from './shell/AppFooter';

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin size="large" />
    </div>
  );
}

export function AppLayout() {
  const { pathname } = useLocation();
  // The search page has its own large search box.
  const showHeaderSearch = pathname !== '/appsearch/index';

  return (
    <Layout className="app-layout">
      <Layout.Header className="app-header">
        <Link to="/" className="app-brand">
          公众号数据平台
        </Link>
        <HeaderMenu />
        {showHeaderSearch && <HeaderSearch />}
        <LoginArea />
      </Layout.Header>
      <DemoDataBanner />
      <Layout.Content className="app-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Layout.Footer className="app-footer">
        <AppFooter />
      </Layout.Footer>
    </Layout>
  );
}
