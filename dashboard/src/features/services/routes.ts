// Routes of this part of the dashboard; routes.tsx merges them into the one route table.
// Service pages share one template (ServicePage) that renders the content of the current path (content.ts).
import { lazy } from 'react';
import type { AppRoute } from '../../routes';

const ServicePage = lazy(() => import('./pages/ServicePage').then((m) => ({ default: m.ServicePage })));
const CasesPage = lazy(() => import('./pages/CasesPage').then((m) => ({ default: m.CasesPage })));
const AdminDemandsPage = lazy(() =>
  import('./pages/AdminDemandsPage').then((m) => ({ default: m.AdminDemandsPage })),
);

const service = (path: string, title: string, keywords: string, description: string): AppRoute => ({
  path,
  component: ServicePage,
  title: `${title} - 公众号数据平台`,
  keywords,
  description,
});

const casesMeta = {
  component: CasesPage,
  title: '客户案例 - 公众号数据平台',
  keywords: '客户案例,公众号投放案例,刷量筛查,舆情监测方案,数据服务场景',
  description: '按行业整理的典型场景与示例方案：投放前刷量筛查、垂类号选号、舆情监测、矩阵考核等。',
};

export const servicesRoutes: AppRoute[] = [
  // --- data collection per platform ---
  service(
    '/XiaoChengXu',
    '小程序数据采集',
    '小程序数据,小程序曝光,小程序投放,公众号小程序',
    '识别公众号文章中嵌入的小程序，统计曝光、投放公众号与同主体小程序。',
  ),
  service(
    '/WechatQRCode',
    '公众号二维码生成与采集',
    '公众号二维码,关注二维码,二维码生成,微信群二维码',
    '为已收录的公众号生成关注二维码并下载，微信群二维码按需采集。',
  ),
  service(
    '/WeiBo',
    '微博数据采集',
    '微博数据采集,微博爬虫,微博话题数据,微博评论采集',
    '按账号、话题或关键词定制采集微博公开数据，离线交付，按需报价。',
  ),
  service(
    '/ZhiHu',
    '知乎数据采集',
    '知乎数据采集,知乎回答,知乎问题数据,答主分析',
    '定制采集知乎问题、回答、文章与评论的公开数据，按需报价。',
  ),
  service(
    '/KuaiShou',
    '快手数据采集',
    '快手数据采集,快手达人,快手作品数据,直播商品',
    '定制采集快手达人、作品与直播商品的公开数据，按需报价。',
  ),
  service(
    '/JinRiTouTiao',
    '今日头条数据采集',
    '今日头条数据,头条号采集,微头条,资讯采集',
    '定制采集头条号文章、微头条与视频的公开数据，按需报价。',
  ),
  service(
    '/DouYin',
    '抖音数据采集',
    '抖音数据采集,抖音达人,抖音视频数据,抖音评论',
    '定制采集抖音达人、视频、话题与评论的公开数据，按需报价。',
  ),
  service(
    '/Other',
    '其他平台数据采集',
    '小红书数据,B站数据,百家号数据,网站数据采集',
    '小红书、哔哩哔哩、资讯平台与行业网站的公开数据定制采集。',
  ),
  // --- advertising and media services ---
  service(
    '/advertisingHome',
    '广告投放服务',
    '公众号广告投放,公众号投放,投放前分析,广告代理',
    '以公众号数据为依据的投放服务：数据选号、刷量筛查、分钟级监测与结案复盘。',
  ),
  service(
    '/advertisingOpinion',
    '舆情公关',
    '舆情公关,危机公关,品牌口碑,负面处理',
    '品牌负面事件的监测、研判、回应建议与正面信息传播。',
  ),
  service(
    '/advertisingSeo',
    '搜索优化',
    '搜索优化,SEO,微信搜一搜,品牌词优化',
    '微信搜一搜与搜索引擎中的品牌内容布局与效果跟踪。',
  ),
  service(
    '/undergraduate',
    '高校校园推广',
    '校园推广,高校公众号,校园营销,校招宣传',
    '高校公众号、社团与校园媒体的组合投放与效果监测。',
  ),
  service(
    '/grassCargo',
    '种草带货',
    '种草,带货,公众号带货,达人种草',
    '垂类公众号与多平台达人的种草内容与带货投放。',
  ),
  service(
    '/releaseNews',
    '新闻稿发布',
    '新闻稿发布,媒体发布,软文发布,发布回执',
    '新闻稿撰写、媒体组合发布与转载追踪。',
  ),
  service(
    '/News',
    '新闻源发布',
    '新闻源,资讯平台发布,搜索收录,品牌背书',
    '新闻源媒体与资讯平台发布及搜索收录查询。',
  ),
  service(
    '/appsearch/advertisingtraffic',
    '流量广告投放',
    '公众号选号,流量广告,真实阅读,刷量筛查',
    '按行业真实榜选号：扣除刷量后的 WCI、头条平均阅读，勾选对比或收藏。',
  ),
  service(
    '/MediaServices',
    '媒体服务',
    '媒体服务,账号诊断,刊例定价,竞品对标',
    '账号运营诊断、竞品对标与刊例定价建议。',
  ),
  service(
    '/tweet',
    '推文代写',
    '推文代写,公众号文章代写,选题策划,标题优化',
    '公众号推文的选题、撰写、排版与发布时间建议。',
  ),
  service(
    '/xlhz',
    '渠道合作',
    '渠道合作,代理合作,API分销,效果合作',
    '代理合作、数据接口分销与按效果结算的投放合作。',
  ),
  service(
    '/apptp',
    '小程序推广投放',
    '小程序推广,小程序投放,文章嵌入小程序,获客',
    '参考竞品小程序的投放渠道，在公众号文章中嵌入小程序获客。',
  ),
  service(
    '/appsli',
    '小程序数据服务',
    '小程序数据,小程序榜,小程序投放追踪,数据报告',
    '小程序在公众号中的曝光榜、投放明细与定期数据报告。',
  ),
  service(
    '/automatic',
    '自动化数据服务',
    '数据推送,定时导出,公众号API,数据对接',
    '公众号数据的定时导出、Webhook 推送与 API 定时拉取。',
  ),
  service(
    '/officialflow',
    '流量主收益估算',
    '流量主收益,公众号广告收益,流量主计算器,公众号变现',
    '用公众号最近文章的真实阅读估算流量主广告收益，假设可改，公式公开。',
  ),
  // --- public opinion and custom services ---
  service(
    '/processing',
    '舆情处置服务',
    '舆情处置,舆情监测,关键词监控,分级响应',
    '关键词监测、分级响应、回应建议与复盘的舆情处置服务。',
  ),
  service(
    '/customization',
    '数据定制',
    '数据定制,公众号数据导出,行业数据集,历史数据',
    '指定清单、更长时间范围与额外字段的公众号数据定制与分析报告。',
  ),
  service(
    '/customization-other',
    '其他定制',
    '私有化部署,系统对接,定制看板,培训',
    '私有化部署、系统对接、专属看板与培训。',
  ),
  // --- cases ---
  { path: '/customerCase', ...casesMeta },
  { path: '/customcase', ...casesMeta, title: '案例详情 - 公众号数据平台' },
  // --- admin ---
  {
    path: '/admin/demands',
    component: AdminDemandsPage,
    title: '需求管理 - 公众号数据平台',
    keywords: '需求管理,定制需求,管理后台',
    description: '管理员查看并跟进各服务页提交的定制需求。',
  },
];
