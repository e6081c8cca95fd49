// Header navigation: home, account search, the two article lists, the function map and the member entry.
import { Menu } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { FunctionMap } from './shell/FunctionMap';

const ITEMS = [
  { key: 'home', to: '/', label: '首页', paths: ['/', '/indexs'] },
  { key: 'search', to: '/appsearch/index', label: '公众号搜索', paths: ['/appsearch/index'] },
  {
    key: 'hot',
    to: '/appsearch/hottext',
    label: '今日热文',
    paths: ['/appsearch/hottext', '/appsearch/greenHotText'],
  },
  {
    key: 'burst',
    to: '/appsearch/burst',
    label: '低粉爆文',
    paths: ['/appsearch/burst', '/appsearch/burstGreen'],
  },
];

export function HeaderMenu() {
  const { pathname } = useLocation();
  const selected = ITEMS.filter((item) => item.paths.includes(pathname)).map((item) => item.key);
  return (
    <>
      <Menu
        data-testid="header-menu"
        className="header-menu"
        theme="dark"
        mode="horizontal"
        selectedKeys={selected}
        items={ITEMS.map((item) => ({ key: item.key, label: <Link to={item.to}>{item.label}</Link> }))}
      />
      <FunctionMap />
      {/* Membership upgrade is the member centre's tab 2 (spec §2 /appsearch/center). */}
      <Link to="/appsearch/center?tabSt=2" className="header-member-entry" data-testid="header-member-entry">
        开通会员
      </Link>
    </>
  );
}
