// Routes of this part of the dashboard; routes.tsx merges them into the one route table.
// Account, favourite, search and public-opinion pages (issue #9): see docs/explore-pages.md.
import { lazy } from 'react';
import type { AppRoute } from '../../routes';

const SimilarPage = lazy(() => import('./pages/SimilarPage').then((m) => ({ default: m.SimilarPage })));
const WithSubjectPage = lazy(() =>
  import('./pages/WithSubjectPage').then((m) => ({ default: m.WithSubjectPage })),
);
const SubjectPage = lazy(() => import('./pages/SubjectPage').then((m) => ({ default: m.SubjectPage })));
const BodySearchPage = lazy(() =>
  import('./pages/BodySearchPage').then((m) => ({ default: m.BodySearchPage })),
);
const AccountListPage = lazy(() =>
  import('./pages/AccountListPage').then((m) => ({ default: m.AccountListPage })),
);
const CollectionPage = lazy(() =>
  import('./pages/CollectionPage').then((m) => ({ default: m.CollectionPage })),
);
const ArticleCollectionPage = lazy(() =>
  import('./pages/ArticleCollectionPage').then((m) => ({ default: m.ArticleCollectionPage })),
);
const InsideSearchPage = lazy(() =>
  import('./pages/InsideSearchPage').then((m) => ({ default: m.InsideSearchPage })),
);
const InnetPage = lazy(() => import('./pages/InnetPage').then((m) => ({ default: m.InnetPage })));
const OanavPage = lazy(() => import('./pages/OanavPage').then((m) => ({ default: m.OanavPage })));
const MentPage = lazy(() => import('./pages/MentPage').then((m) => ({ default: m.MentPage })));

export const exploreRoutes: AppRoute[] = [
  {
    path: '/appsearch/similar',
    component: SimilarPage,
    title: '相似公众号 - 公众号数据平台',
    keywords: '相似公众号,同类公众号,竞品公众号,公众号推荐,公众号匹配度',
    description: '查找与一个公众号行业、标签、地区相近的公众号，可按匹配度、粉丝、阅读、发文与指数排序。',
  },
  {
    path: '/appsearch/withSubject',
    component: WithSubjectPage,
    title: '同主体公众号 - 公众号数据平台',
    keywords: '同主体公众号,公众号主体查询,公众号矩阵,企业公众号,运营主体',
    description: '按公众号或主体名称查找同一运营主体旗下的全部公众号及其数量与数据。',
  },
  {
    path: '/appsearch/subject',
    component: SubjectPage,
    title: '主体详情 - 公众号数据平台',
    keywords: '公众号主体,主体详情,企业公众号矩阵,主体旗下公众号,主体阅读数据',
    description: '一个运营主体旗下的公众号、行业、地区，以及近 7 天或 30 天的发文、阅读与粉丝汇总。',
  },
  {
    path: '/appsearch/bodysearch',
    component: BodySearchPage,
    title: '主体搜索 - 公众号数据平台',
    keywords: '主体搜索,公众号主体,公司公众号查询,企业公众号搜索',
    description: '按名称搜索公众号的运营主体，查看主体旗下的公众号数量、行业、地区与收录文章。',
  },
  {
    path: '/appsearch/accountList',
    component: AccountListPage,
    title: '公众号分组 - 公众号数据平台',
    keywords: '公众号分组,收藏分组,公众号收藏,分组管理',
    description: '管理收藏公众号的分组：新建、重命名、置顶、删除分组，添加、移动与移除公众号。',
  },
  {
    path: '/appsearch/collection',
    component: CollectionPage,
    title: '我的收藏 - 公众号数据平台',
    keywords: '我的收藏,收藏的公众号,公众号数据,关注公众号',
    description: '收藏的全部公众号及其分组、估算活跃粉丝、指数与近 7 天发文阅读数据。',
  },
  {
    path: '/appsearch/articleCollection',
    component: ArticleCollectionPage,
    title: '收藏的文章 - 公众号数据平台',
    keywords: '文章收藏,收藏的文章,公众号文章收藏,收藏分组',
    description: '按收藏分组查看收藏的公众号文章，可在分组之间移动或取消收藏。',
  },
  {
    path: '/appsearch/insidesearch',
    component: InsideSearchPage,
    title: '站内搜索 - 公众号数据平台',
    keywords: '站内搜索,公众号搜索,文章搜索,小程序搜索,主体搜索',
    description: '一个搜索框同时搜索公众号、文章、小程序与运营主体，按类别查看结果与数量。',
  },
  {
    path: '/appsearch/innet',
    component: InnetPage,
    title: '收录查询 - 公众号数据平台',
    keywords: '公众号收录,收录查询,文章收录,提交收录',
    description: '查询公众号或文章是否已被平台收录，未收录的可直接提交收录，10 分钟内更新文章。',
  },
  {
    path: '/oanav',
    component: OanavPage,
    title: '公众号导航 - 公众号数据平台',
    keywords: '公众号导航,公众号大全,行业公众号,公众号分类,优质公众号',
    description: '按行业浏览公众号：每个行业榜单前列的公众号，附 WCI、指数、粉丝与阅读。',
  },
  {
    path: '/appsearch/ment',
    component: MentPage,
    title: '舆情 - 公众号数据平台',
    keywords: '公众号舆情,舆情监测,关键词舆情,品牌舆情,文章提及',
    description: '订阅关键词的舆情概览：每日提及文章数、涉及公众号与阅读，以及最新提及的文章。',
  },
];
