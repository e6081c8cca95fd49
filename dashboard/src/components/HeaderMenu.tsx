// Header navigation: home, account search and the two article lists.
import { Menu } from 'antd';
import { Link, useLocation } from 'react-router-dom';

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
    <Menu
      data-testid="header-menu"
      className="header-menu"
      theme="dark"
      mode="horizontal"
      selectedKeys={selected}
      items={ITEMS.map((item) => ({ key: item.key, label: <Link to={item.to}>{item.label}</Link> }))}
    />
  );
}
