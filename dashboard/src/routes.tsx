// Route table: every page loads lazily and carries its own head metadata.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath } from 'react-router-dom';
import { accuracyRoutes } from './features/accuracy/routes';
import { apipagesRoutes } from './features/apiservice/routes';
import { exploreRoutes } from './features/explore/routes';
import { helpRoutes } from './features/help/routes';
import { servicesRoutes } from './features/services/routes';
import { toolsRoutes } from './features/tools/routes';

export interface AppRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  title: string;
  keywords: string;
  description: string;
}

const HomePage = lazy(() => import('./features/home/pages/HomePage').then((m) => ({ default: m.HomePage })));
const AccountSearchPage = lazy(() =>
  import('./features/search/pages/AccountSearchPage').then((m) => ({ default: m.AccountSearchPage })),
);
const ArticleSearchPage = lazy(() =>
  import('./features/search/pages/ArticleSearchPage').then((m) => ({ default: m.ArticleSearchPage })),
);
const AccountDetailPage = lazy(() =>
  import('./features/account/pages/AccountDetailPage').then((m) => ({ default: m.AccountDetailPage })),
);

const HotTextPage = lazy(() =>
  import('./features/search/pages/HotTextPage').then((m) => ({ default: m.HotTextPage })),
);
const BurstPage = lazy(() =>
  import('./features/search/pages/BurstPage').then((m) => ({ default: m.BurstPage })),
);
const ApiDocsPage = lazy(() =>
  import('./features/apiservice/pages/ApiDocsPage').then((m) => ({ default: m.ApiDocsPage })),
);
const LoginPage = lazy(() => import('./components/login/LoginPage').then((m) => ({ default: m.LoginPage })));
const FakeReportPage = lazy(() =>
  import('./features/report/pages/FakeReportPage').then((m) => ({ default: m.FakeReportPage })),
);

const CenterPage = lazy(() =>
  import('./features/center/pages/CenterPage').then((m) => ({ default: m.CenterPage })),
);
const CurrentVipPage = lazy(() =>
  import('./features/center/pages/CurrentVipPage').then((m) => ({ default: m.CurrentVipPage })),
);
const PaySuccessPage = lazy(() =>
  import('./features/center/pages/PaySuccessPage').then((m) => ({ default: m.PaySuccessPage })),
);
const RechargeResultPage = lazy(() =>
  import('./features/center/pages/RechargeResultPage').then((m) => ({ default: m.RechargeResultPage })),
);
const InvoicePage = lazy(() =>
  import('./features/center/pages/InvoicePage').then((m) => ({ default: m.InvoicePage })),
);
const InterfacePage = lazy(() =>
  import('./features/apiservice/pages/InterfacePage').then((m) => ({ default: m.InterfacePage })),
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

const centerMeta = {
  component: CenterPage,
  title: '会员中心 - 公众号数据平台',
  keywords: '会员中心,开通会员,会员升级,我的订单,邀请有礼',
  description: '管理账号资料、开通或升级会员、查看订单、分钟级监测与历史回采订单和邀请记录。',
};

const currentVipMeta = {
  component: CurrentVipPage,
  title: '我的会员 - 公众号数据平台',
  keywords: '我的会员,会员等级,会员权益,会员续费',
  description: '查看当前会员等级、有效期与权益，续费或升级会员，查看会员订单。',
};

const paySuccessMeta = {
  component: PaySuccessPage,
  title: '订单支付详情 - 公众号数据平台',
  keywords: '订单支付,支付结果,会员订单,API 充值',
  description: '查看订单的支付结果、金额与支付时间，以及支付后的会员等级或 API 剩余次数。',
};

const rechargeMeta = {
  component: RechargeResultPage,
  title: '充值记录 - 公众号数据平台',
  keywords: 'API 充值,充值记录,API 余额',
  description: '查看 API 充值结果、剩余调用次数与全部充值记录。',
};

const invoiceMeta = {
  component: InvoicePage,
  title: '申请发票 - 公众号数据平台',
  keywords: '申请发票,开票记录,发票抬头,收件地址',
  description: '为已支付的会员与 API 订单申请发票，管理发票抬头与收件地址，查看开票进度。',
};

const interfaceMeta = {
  component: InterfacePage,
  title: '公众号数据 API - 价格、用量与充值 - 公众号数据平台',
  keywords: '公众号API,API价格,API充值,API消费记录,API调用示例',
  description: '公众号数据开放接口的价格、每日调用量、充值、消费记录导出与多语言调用示例。',
};

// --- monitoring, real-time monitors, back-collection and downloads (issue #9) ---
const MonitorNewPage = lazy(() =>
  import('./features/monitor/pages/MonitorNewPage').then((m) => ({ default: m.MonitorNewPage })),
);
const MonitorTasksPage = lazy(() =>
  import('./features/monitor/pages/MonitorTasksPage').then((m) => ({ default: m.MonitorTasksPage })),
);
const OfficialAccountMonitorPage = lazy(() =>
  import('./features/monitor/pages/OfficialAccountMonitorPage').then((m) => ({
    default: m.OfficialAccountMonitorPage,
  })),
);
const KeywordMonitorPage = lazy(() =>
  import('./features/monitor/pages/KeywordMonitorPage').then((m) => ({ default: m.KeywordMonitorPage })),
);
const VideoAccountMonitorPage = lazy(() =>
  import('./features/monitor/pages/VideoAccountMonitorPage').then((m) => ({
    default: m.VideoAccountMonitorPage,
  })),
);
const VideoKeywordMonitorPage = lazy(() =>
  import('./features/monitor/pages/VideoKeywordMonitorPage').then((m) => ({
    default: m.VideoKeywordMonitorPage,
  })),
);
const BackfillPage = lazy(() =>
  import('./features/backfill/pages/BackfillPage').then((m) => ({ default: m.BackfillPage })),
);
const BackfillDetailPage = lazy(() =>
  import('./features/backfill/pages/BackfillDetailPage').then((m) => ({ default: m.BackfillDetailPage })),
);
const HistoryDataPage = lazy(() =>
  import('./features/backfill/pages/HistoryDataPage').then((m) => ({ default: m.HistoryDataPage })),
);
const FullDownloadPage = lazy(() =>
  import('./features/backfill/pages/FullDownloadPage').then((m) => ({ default: m.FullDownloadPage })),
);

const monitorNewMeta = {
  component: MonitorNewPage,
  title: '新建分钟级监测 - 公众号数据平台',
  keywords: '公众号文章监测,分钟级监测,阅读数监测,刷量检测,投放监测',
  description: '按文章链接或公众号下一篇文章下单分钟级监测：选择位置、频率与周期，监测结束生成刷量分析报告。',
};

const monitorTasksMeta = {
  component: MonitorTasksPage,
  title: '我的监测 - 公众号数据平台',
  keywords: '监测任务,文章监测记录,刷量报告,公众号监测,投放前分析',
  description: '查看文章监测与下一篇监测任务的进度与结论，取消未开始的任务，打开每篇文章的刷量分析报告。',
};

const officialMonitorMeta = {
  component: OfficialAccountMonitorPage,
  title: '公众号实时监控 - 公众号数据平台',
  keywords: '公众号实时监控,阅读数实时,公众号最新文章,点赞在看实时数据',
  description: '实时查看公众号最新发布的文章，阅读、点赞与在看随采集实时更新。',
};

const keywordMonitorMeta = {
  component: KeywordMonitorPage,
  title: '公众号关键词实时监控 - 公众号数据平台',
  keywords: '关键词监控,舆情监控,公众号舆情,关键词订阅,文章提及',
  description: '订阅关键词，实时查看近 7 天提到这些关键词的公众号文章及其阅读、点赞数据。',
};

const videoMonitorMeta = {
  component: VideoAccountMonitorPage,
  title: '视频号实时监控 - 公众号数据平台',
  keywords: '视频号监控,视频号数据,视频号播放量,视频号点赞,视频号作品',
  description: '实时查看公众号关联视频号的最新作品与播放、点赞、评论、转发数据。',
};

const videoKeywordMonitorMeta = {
  component: VideoKeywordMonitorPage,
  title: '视频号关键词实时监控 - 公众号数据平台',
  keywords: '视频号关键词,视频号舆情,视频号监控,关键词订阅,视频号作品搜索',
  description: '订阅关键词，实时查看描述中提到这些关键词的视频号作品及其播放、点赞数据。',
};

const backfillMeta = {
  component: BackfillPage,
  title: '历史文章回采 - 公众号数据平台',
  keywords: '公众号历史文章,历史回采,历史文章导出,公众号文章采集,历史阅读数',
  description: '回采公众号最近 6 个月的历史文章与阅读、点赞、在看数据，查看进度并导出 Excel。',
};

const backfillDetailMeta = {
  component: BackfillDetailPage,
  title: '回采详情 - 公众号数据平台',
  keywords: '回采详情,历史文章列表,历史文章导出,公众号文章正文',
  description: '查看一次历史回采采集到的文章、按月统计与正文，并导出为 Excel 或 CSV。',
};

const historyDataMeta = {
  component: HistoryDataPage,
  title: '历史文章数据 - 公众号数据平台',
  keywords: '公众号历史文章,历史数据下载,阅读数导出,公众号数据导出',
  description: '按时间段查看公众号已采集的历史文章与阅读、点赞、在看数据，并下载为 Excel 或 CSV。',
};

const fullDownloadMeta = {
  component: FullDownloadPage,
  title: '全量数据下载 - 公众号数据平台',
  keywords: '公众号数据下载,全量数据,统计数据下载,公众号历史数据导出',
  description: '公众号统计数据下载：导出字段、格式、可用会员等级与套餐，并在线下载公众号历史文章数据。',
};

// --- rankings, mini-programs, follows, brands (issue #9) ---
const RankingsPage = lazy(() =>
  import('./features/ranks/pages/RankingsPage').then((m) => ({ default: m.RankingsPage })),
);
const MiniproRankPage = lazy(() =>
  import('./features/minipro/pages/MiniproRankPage').then((m) => ({ default: m.MiniproRankPage })),
);
const MiniproSearchPage = lazy(() =>
  import('./features/minipro/pages/MiniproSearchPage').then((m) => ({ default: m.MiniproSearchPage })),
);
const MiniproDetailPage = lazy(() =>
  import('./features/minipro/pages/MiniproDetailPage').then((m) => ({ default: m.MiniproDetailPage })),
);
const FollowPage = lazy(() =>
  import('./features/follow/pages/FollowPage').then((m) => ({ default: m.FollowPage })),
);
const SubscribePage = lazy(() =>
  import('./features/follow/pages/SubscribePage').then((m) => ({ default: m.SubscribePage })),
);
const ContrastPage = lazy(() =>
  import('./features/ranks/pages/ContrastPage').then((m) => ({ default: m.ContrastPage })),
);
const BrandListPage = lazy(() =>
  import('./features/ranks/pages/BrandListPage').then((m) => ({ default: m.BrandListPage })),
);
const BrandDetailPage = lazy(() =>
  import('./features/ranks/pages/BrandDetailPage').then((m) => ({ default: m.BrandDetailPage })),
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
  { path: '/appsearch/center', ...centerMeta },
  { path: '/appsearch/interface', ...interfaceMeta },
  { path: '/appsearch/getinvoice', ...invoiceMeta },
  { path: '/currentVip', ...currentVipMeta },
  { path: '/paySuccess', ...paySuccessMeta },
  { path: '/succ', ...rechargeMeta },
  { path: '/login', ...loginMeta },
  { path: '/zhongjian', ...loginMeta },
  { path: '/register', ...registerMeta },
  { path: '/loginMiddleware', ...loginMeta },
  // --- monitoring, real-time monitors, back-collection and downloads (issue #9) ---
  { path: '/appsearch/monitorNew', ...monitorNewMeta },
  { path: '/appsearch/monitors', ...monitorTasksMeta },
  { path: '/appsearch/monitor', ...monitorTasksMeta },
  { path: '/OfficialAccountMonitor', ...officialMonitorMeta },
  { path: '/OfficialAccountKeywordMonitor', ...keywordMonitorMeta },
  { path: '/VideoAccountMonitor', ...videoMonitorMeta },
  { path: '/VideoAccountKeywordMonitor', ...videoKeywordMonitorMeta },
  { path: '/appsearch/stoping', ...backfillMeta },
  { path: '/stopingDetail', ...backfillDetailMeta },
  { path: '/appsearch/history', ...historyDataMeta },
  { path: '/historyTwo', ...historyDataMeta },
  { path: '/historyThree', ...historyDataMeta },
  { path: '/quanliang', ...fullDownloadMeta },
  { path: '/quanliang1', ...fullDownloadMeta },
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
  ...servicesRoutes,
  ...helpRoutes,
  ...apipagesRoutes,
  ...accuracyRoutes,
  ...toolsRoutes,
  ...exploreRoutes,
];

/** Route for a pathname; unknown paths fall back to the home route. */
export function findRoute(pathname: string): AppRoute {
  return appRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? HOME_ROUTE;
}
