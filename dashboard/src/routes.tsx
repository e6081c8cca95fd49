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
const ArticleSearchPage = lazy(() =>
  import('./pages/ArticleSearchPage').then((m) => ({ default: m.ArticleSearchPage })),
);
const AccountDetailPage = lazy(() =>
  import('./pages/AccountDetailPage').then((m) => ({ default: m.AccountDetailPage })),
);

const HotTextPage = lazy(() => import('./pages/HotTextPage').then((m) => ({ default: m.HotTextPage })));
const BurstPage = lazy(() => import('./pages/BurstPage').then((m) => ({ default: m.BurstPage })));
const ApiDocsPage = lazy(() => import('./pages/ApiDocsPage').then((m) => ({ default: m.ApiDocsPage })));
const LoginPage = lazy(() => import('./components/login/LoginPage').then((m) => ({ default: m.LoginPage })));
const FakeReportPage = lazy(() =>
  import('./pages/FakeReportPage').then((m) => ({ default: m.FakeReportPage })),
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

const articleSearchMeta = {
  component: ArticleSearchPage,
  title: '文章搜索 - 公众号数据平台',
  keywords: '公众号文章搜索,文章标题搜索,爆文搜索,阅读数查询,公众号文章查询',
  description:
    '按标题关键词搜索公众号文章，可按发布时间、行业、阅读数与原创筛选，按阅读、点赞、在看或发布时间排序。',
};

const detailMeta = {
  component: AccountDetailPage,
  title: '公众号详情 - 公众号数据平台',
  keywords: '公众号详情,历史文章,阅读数,点赞数,在看数',
  description: '查看公众号的基本信息与历史文章，包括阅读、点赞、在看与收藏数据。',
};

const hotMeta = {
  component: HotTextPage,
  title: '今日热文 - 公众号数据平台',
  keywords: '今日热文,公众号热文,公众号文章排行,10万+文章,阅读数排行',
  description: '今天发布的公众号文章按阅读数排行，可按行业、阅读数区间与原创筛选，实时更新阅读、点赞与在看。',
};

const burstMeta = {
  component: BurstPage,
  title: '低粉爆文 - 公众号数据平台',
  keywords: '低粉爆文,公众号爆文,小号爆文,爆文选题,公众号涨粉',
  description: '估算活跃粉丝较少、阅读数远超自身中位数的公众号爆文，可按时间范围、行业与阅读数筛选。',
};

const apiDocsMeta = {
  component: ApiDocsPage,
  title: 'API 接口文档 - 公众号数据平台',
  keywords: '公众号API,公众号数据接口,阅读数接口,刷量检测接口,OpenAPI',
  description:
    '公众号数据开放接口的文档与在线调试：搜索、详情、历史文章、阅读点赞在看、分钟级监测与刷量检测，按次计费。',
};

const reportMeta = {
  component: FakeReportPage,
  title: '刷量分析报告 - 公众号数据平台',
  keywords: '公众号刷量检测,阅读刷量,投放前分析,文章监测,阅读点赞趋势',
  description: '公众号文章的刷量分析报告：检测结论、估算刷量阅读与占比、判定依据、阅读点赞趋势与每小时数据。',
};

const loginMeta = {
  component: LoginPage,
  title: '登录 - 公众号数据平台',
  keywords: '公众号数据平台登录,微信扫码登录,手机号登录,注册',
  description: '微信扫码或手机号密码登录公众号数据平台，新用户注册即送 API 免费试用次数。',
};

const registerMeta = {
  ...loginMeta,
  title: '注册 - 公众号数据平台',
};

// --- rankings, mini-programs, follows, brands (issue #9) ---
const RankingsPage = lazy(() =>
  import('./pages/ranks/RankingsPage').then((m) => ({ default: m.RankingsPage })),
);
const MiniproRankPage = lazy(() =>
  import('./pages/minipro/MiniproRankPage').then((m) => ({ default: m.MiniproRankPage })),
);
const MiniproSearchPage = lazy(() =>
  import('./pages/minipro/MiniproSearchPage').then((m) => ({ default: m.MiniproSearchPage })),
);
const MiniproDetailPage = lazy(() =>
  import('./pages/minipro/MiniproDetailPage').then((m) => ({ default: m.MiniproDetailPage })),
);
const FollowPage = lazy(() => import('./pages/follow/FollowPage').then((m) => ({ default: m.FollowPage })));
const SubscribePage = lazy(() =>
  import('./pages/follow/SubscribePage').then((m) => ({ default: m.SubscribePage })),
);
const ContrastPage = lazy(() =>
  import('./pages/ranks/ContrastPage').then((m) => ({ default: m.ContrastPage })),
);
const BrandListPage = lazy(() =>
  import('./pages/ranks/BrandListPage').then((m) => ({ default: m.BrandListPage })),
);
const BrandDetailPage = lazy(() =>
  import('./pages/ranks/BrandDetailPage').then((m) => ({ default: m.BrandDetailPage })),
);

const rankMeta = (title: string, keywords: string, description: string) => ({
  component: RankingsPage,
  title: `${title} - 公众号数据平台`,
  keywords,
  description,
});
const otherRankingsMeta = rankMeta(
  '公众号榜单',
  '公众号排行榜,公众号榜单,WCI排名,行业榜,地区榜,原创榜',
  '公众号综合榜、真实榜、行业榜、地区榜、原创榜与刷量榜，按日、周、月排名并显示名次变化。',
);
const accountTypeRankMeta = rankMeta(
  '公众号行业榜',
  '公众号行业排行,公众号分类榜,行业公众号排名,WCI',
  '按行业查看公众号日榜、周榜、月榜，综合 WCI 排名与名次变化。',
);
const trueNumberMeta = rankMeta(
  '公众号真实榜',
  '公众号真实阅读,去刷量排名,真实榜,公众号排行',
  '扣除估算刷量阅读后计算 WCI 的公众号真实榜，按日、周、月排名。',
);
const trueNumberOldMeta = rankMeta(
  '公众号刷量榜',
  '公众号刷量,刷阅读,刷量检测,刷量排行',
  '按估算刷量阅读排名的公众号刷量榜，显示刷量篇数、刷量占比与名次变化。',
);
const fakeNumberOldMeta = rankMeta(
  '新增刷量榜',
  '新增刷量,公众号刷量,刷量检测,刷量排行',
  '本期新出现刷量文章的公众号，可查看本期与上一期的新增刷量榜。',
);
const programTopMeta = {
  component: MiniproRankPage,
  title: '小程序榜 - 公众号数据平台',
  keywords: '小程序排行榜,小程序曝光,公众号小程序,小程序榜单',
  description: '按公众号文章嵌入带来的曝光排名的小程序日榜、周榜、月榜，显示涉及文章、公众号与名次变化。',
};
const miniproSearchMeta = {
  component: MiniproSearchPage,
  title: '小程序搜索 - 公众号数据平台',
  keywords: '小程序搜索,小程序查询,小程序appid,公众号小程序',
  description: '按名称、appid 或描述搜索被公众号文章嵌入的小程序，查看曝光、涉及文章与公众号。',
};
const miniproDetailMeta = {
  component: MiniproDetailPage,
  title: '小程序详情 - 公众号数据平台',
  keywords: '小程序详情,小程序曝光,小程序投放公众号,同主体小程序',
  description: '小程序的曝光数据、嵌入它的公众号文章与公众号，以及同主体的其他小程序。',
};
const followMeta = {
  component: FollowPage,
  title: '公众号关注 - 公众号数据平台',
  keywords: '公众号关注,关注公众号文章,公众号分组,公众号最新文章',
  description: '按收藏分组查看关注的公众号的最新文章，并在关注的公众号文章中搜索关键词。',
};
const subscribeMeta = {
  component: SubscribePage,
  title: '关键词订阅 - 公众号数据平台',
  keywords: '关键词订阅,公众号关键词监测,文章关键词,舆情订阅',
  description: '订阅关键词，查看标题或正文包含关键词的公众号文章，关键词高亮显示。',
};
const contrastMeta = {
  component: ContrastPage,
  title: '公众号对比 - 公众号数据平台',
  keywords: '公众号对比,公众号数据对比,竞品公众号,阅读趋势对比',
  description: '选择 2–5 个公众号，对比近 7 天或 30 天的发文、阅读、点赞与在看及每日趋势。',
};
const companyListMeta = {
  component: BrandListPage,
  title: '品牌榜 - 公众号数据平台',
  keywords: '品牌榜,公众号主体排行,企业公众号,品牌公众号矩阵',
  description: '按主体汇总旗下公众号的发文、阅读、点赞与粉丝，查看近 7 天或 30 天的品牌排名。',
};
const brandVolumeMeta = {
  component: BrandDetailPage,
  title: '品牌声量 - 公众号数据平台',
  keywords: '品牌声量,公众号矩阵,主体公众号,品牌阅读趋势',
  description: '一个主体旗下公众号的汇总数据、每日阅读趋势与各公众号表现。',
};

export const HOME_ROUTE: AppRoute = { path: '/', ...homeMeta };

export const appRoutes: AppRoute[] = [
  HOME_ROUTE,
  { path: '/indexs', ...homeMeta },
  { path: '/appsearch/index', ...searchMeta },
  { path: '/appsearch/articleSearch', ...articleSearchMeta },
  { path: '/appsearch/detail', ...detailMeta },
  { path: '/detail', ...detailMeta },
  { path: '/appsearch/hottext', ...hotMeta },
  { path: '/appsearch/greenHotText', ...hotMeta },
  { path: '/appsearch/burst', ...burstMeta },
  { path: '/appsearch/burstGreen', ...burstMeta },
  { path: '/appsearch/monitorView', ...reportMeta },
  { path: '/appsearch/monitorViewNew', ...reportMeta },
  { path: '/appsearch/APIAssemble', ...apiDocsMeta },
  { path: '/login', ...loginMeta },
  { path: '/zhongjian', ...loginMeta },
  { path: '/register', ...registerMeta },
  { path: '/loginMiddleware', ...loginMeta },
  // --- rankings, mini-programs, follows, brands (issue #9) ---
  { path: '/appsearch/otherRankings', ...otherRankingsMeta },
  { path: '/appsearch/AccountTypeRank', ...accountTypeRankMeta },
  { path: '/appsearch/trueNumber', ...trueNumberMeta },
  { path: '/appsearch/trueNumberOld', ...trueNumberOldMeta },
  { path: '/appsearch/fakeNumberOld', ...fakeNumberOldMeta },
  { path: '/appsearch/programTop', ...programTopMeta },
  { path: '/appsearch/searchild', ...miniproSearchMeta },
  { path: '/appsearch/appdetail', ...miniproDetailMeta },
  { path: '/appsearch/officialAccount', ...followMeta },
  { path: '/appsearch/subscribe', ...subscribeMeta },
  { path: '/appsearch/offcontrast', ...contrastMeta },
  { path: '/appsearch/companylist', ...companyListMeta },
  { path: '/appsearch/brandvolumelist', ...brandVolumeMeta },
];

/** Route for a pathname; unknown paths fall back to the home route. */
export function findRoute(pathname: string): AppRoute {
  return appRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? HOME_ROUTE;
}
