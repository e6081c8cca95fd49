// Routes of this part of the dashboard; routes.tsx merges them into the one route table.
// Link tools (spec §2 /sogoHerf, /sogopro, /langchinge, /longHerf) and article tools (/getHtml, /articleContent,
// /wxarticle, /read, /readPro, /articlepro, /comment, /getheard, /details, /singleDay). docs/tool-pages.md.
import { lazy } from 'react';
import type { AppRoute } from '../../routes';

const SogouLinkPage = lazy(() => import('./pages/SogouLinkPage').then((m) => ({ default: m.SogouLinkPage })));
const SogouBatchPage = lazy(() =>
  import('./pages/SogouBatchPage').then((m) => ({ default: m.SogouBatchPage })),
);
const ShortLinkPage = lazy(() => import('./pages/ShortLinkPage').then((m) => ({ default: m.ShortLinkPage })));
const LongLinkPage = lazy(() => import('./pages/LongLinkPage').then((m) => ({ default: m.LongLinkPage })));
const GetHtmlPage = lazy(() => import('./pages/GetHtmlPage').then((m) => ({ default: m.GetHtmlPage })));
const ArticleContentPage = lazy(() =>
  import('./pages/ArticleContentPage').then((m) => ({ default: m.ArticleContentPage })),
);
const WxArticlePage = lazy(() => import('./pages/WxArticlePage').then((m) => ({ default: m.WxArticlePage })));
const ReadPage = lazy(() => import('./pages/ReadPage').then((m) => ({ default: m.ReadPage })));
const ReadBatchPage = lazy(() => import('./pages/ReadBatchPage').then((m) => ({ default: m.ReadBatchPage })));
const ArticleAnalysisPage = lazy(() =>
  import('./pages/ArticleAnalysisPage').then((m) => ({ default: m.ArticleAnalysisPage })),
);
const CommentPage = lazy(() => import('./pages/CommentPage').then((m) => ({ default: m.CommentPage })));
const AccountImagesPage = lazy(() =>
  import('./pages/AccountImagesPage').then((m) => ({ default: m.AccountImagesPage })),
);
const ArticleDetailsPage = lazy(() =>
  import('./pages/ArticleDetailsPage').then((m) => ({ default: m.ArticleDetailsPage })),
);
const SingleDayPage = lazy(() => import('./pages/SingleDayPage').then((m) => ({ default: m.SingleDayPage })));

const SITE = ' - 公众号数据平台';

export const toolsRoutes: AppRoute[] = [
  {
    path: '/appsearch/sogoHerf',
    component: SogouLinkPage,
    title: `搜狗临时链接转永久链接${SITE}`,
    keywords: '搜狗临时链接,临时链接转永久链接,公众号永久链接,微信文章链接转换',
    description: '把搜狗微信搜索的临时文章链接或微信短链接转换为长期有效的公众号文章永久链接。',
  },
  {
    path: '/appsearch/sogopro',
    component: SogouBatchPage,
    title: `批量临时链接转永久链接${SITE}`,
    keywords: '批量链接转换,搜狗临时链接批量转换,公众号永久链接,链接导出',
    description: '一次转换最多 20 个搜狗临时链接或微信短链接，结果可复制并导出为 CSV。',
  },
  {
    path: '/appsearch/langchinge',
    component: ShortLinkPage,
    title: `长链接转短链接${SITE}`,
    keywords: '长链接转短链接,公众号短链接,文章短链,短链接生成',
    description: '为公众号文章链接生成短链接，管理我的短链接并查看每个短链接的访问次数。',
  },
  {
    path: '/appsearch/longHerf',
    component: LongLinkPage,
    title: `短链接还原${SITE}`,
    keywords: '短链接还原,短链转长链,微信短链接,公众号永久链接',
    description: '把微信文章短链接或本站短链接还原为它指向的长链接与文章信息。',
  },
  {
    path: '/appsearch/getHtml',
    component: GetHtmlPage,
    title: `获取文章正文${SITE}`,
    keywords: '公众号文章正文,文章内容提取,公众号文章下载,阅读原文链接',
    description:
      '粘贴公众号文章链接，获取文章标题、公众号、发布时间、正文文本、阅读原文与文中小程序，可复制或下载正文。',
  },
  {
    path: '/appsearch/articleContent',
    component: ArticleContentPage,
    title: `文章正文${SITE}`,
    keywords: '公众号文章正文,文章内容,文章搜索,公众号文章全文',
    description: '查看一篇已收录公众号文章的正文、阅读原文链接与文中小程序，或按标题搜索文章。',
  },
  {
    path: '/appsearch/wxarticle',
    component: WxArticlePage,
    title: `公众号文章数据查询${SITE}`,
    keywords: '公众号文章数据,文章阅读数查询,阅读增长趋势,相对阅读质量,刷量报告',
    description:
      '粘贴文章链接，查询阅读、点赞、在看、留言、相对阅读质量与阅读增长趋势，并可下单监测或查看刷量报告。',
  },
  {
    path: '/appsearch/read',
    component: ReadPage,
    title: `阅读数查询${SITE}`,
    keywords: '公众号阅读数查询,文章阅读量,点赞数,在看数,留言数',
    description: '查询一篇公众号文章最新的阅读、点赞、在看、转发与留言数。',
  },
  {
    path: '/appsearch/readPro',
    component: ReadBatchPage,
    title: `批量阅读数查询${SITE}`,
    keywords: '批量阅读数查询,公众号文章阅读量,批量查询点赞在看,阅读数导出',
    description: '一次查询最多 20 篇公众号文章的阅读、点赞、在看与留言，结果可导出为 CSV。',
  },
  {
    path: '/appsearch/articlepro',
    component: ArticleAnalysisPage,
    title: `文章分析${SITE}`,
    keywords: '公众号文章分析,阅读增长速度,原创声明,相似文章,相对阅读质量',
    description:
      '分析一篇公众号文章：相对该号平均的阅读表现、达到 1千/1万/10万 阅读的用时、原创声明与相似文章。',
  },
  {
    path: '/appsearch/comment',
    component: CommentPage,
    title: `留言数据${SITE}`,
    keywords: '公众号留言数,文章评论数,留言排行,热评文章,公众号互动',
    description:
      '近 1 天、7 天、30 天留言最多的公众号文章，可按公众号筛选，按留言数、留言率、阅读数或发布时间排序。',
  },
  {
    path: '/appsearch/getheard',
    component: AccountImagesPage,
    title: `获取公众号头像与二维码${SITE}`,
    keywords: '公众号头像下载,公众号二维码,公众号关注二维码,头像获取',
    description: '搜索公众号，查看并下载它的高清头像与关注二维码（PNG / SVG）。',
  },
  {
    path: '/appsearch/details',
    component: ArticleDetailsPage,
    title: `文章详情${SITE}`,
    keywords: '公众号文章详情,文章数据,阅读点赞在看,阅读增长趋势',
    description: '一篇公众号文章的数据卡片：阅读、点赞、在看、留言、相对阅读质量、阅读增长趋势与相关链接。',
  },
  {
    path: '/appsearch/singleDay',
    component: SingleDayPage,
    title: `单日数据${SITE}`,
    keywords: '公众号单日数据,当天发文,每日阅读,头条阅读,公众号日报',
    description: '选择公众号与日期，查看当天发布的全部文章的位置、阅读、点赞、在看与当天合计。',
  },
];
