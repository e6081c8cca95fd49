// Route table: every page loads lazily and carries its own head metadata.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath } from 'react-router-dom';

export interface AppRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  title: string;
  keywords: string;
  description: string;
}

const HomePage = lazy(() => import('./pages/HomePage').then((m) => ({ default: m.HomePage })));
const AccountSearchPage = lazy(() =>
  import('./pages/AccountSearchPage').then((m) => ({ default: m.AccountSearchPage })),
);
const AccountDetailPage = lazy(() =>
  import('./pages/AccountDetailPage').then((m) => ({ default: m.AccountDetailPage })),
);

const homeMeta = {
  component: HomePage,
  title: '公众号数据平台 - 公众号数据查询与分析',
  keywords: '公众号数据,公众号排行,公众号分析,公众号文章,阅读数',
  description: '公众号数据平台提供公众号搜索、历史文章、阅读点赞等数据查询与分析服务。',
};

const searchMeta = {
  component: AccountSearchPage,
  title: '公众号搜索 - 公众号数据平台',
  keywords: '公众号搜索,公众号查询,微信号查询,公众号主体',
  description: '按名称、微信号或主体搜索公众号，查看行业、地区、标签与发文情况。',
};

const detailMeta = {
  component: AccountDetailPage,
  title: '公众号详情 - 公众号数据平台',
  keywords: '公众号详情,历史文章,阅读数,点赞数,在看数',
  description: '查看公众号的基本信息与历史文章，包括阅读、点赞、在看与收藏数据。',
};

export const HOME_ROUTE: AppRoute = { path: '/', ...homeMeta };

export const appRoutes: AppRoute[] = [
  HOME_ROUTE,
  { path: '/indexs', ...homeMeta },
  { path: '/appsearch/index', ...searchMeta },
  { path: '/appsearch/detail', ...detailMeta },
  { path: '/detail', ...detailMeta },
];

/** Route for a pathname; unknown paths fall back to the home route. */
export function findRoute(pathname: string): AppRoute {
  return appRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? HOME_ROUTE;
}
