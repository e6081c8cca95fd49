// Routes of this part of the dashboard; routes.tsx merges them into the one route table.
import { lazy } from 'react';
import type { AppRoute } from '../../routes';

const detail = () => import('./pages/ApiDetailPage');
const demo = () => import('./pages/DemoPage');

const WordPage = lazy(() => import('./pages/WordPage').then((m) => ({ default: m.WordPage })));
const WordDetailPage = lazy(() => detail().then((m) => ({ default: m.WordDetailPage })));
const AccountSearchApiPage = lazy(() => detail().then((m) => ({ default: m.AccountSearchApiPage })));
const LinkShort2LongApiPage = lazy(() => detail().then((m) => ({ default: m.LinkShort2LongApiPage })));
const VideoSearchApiPage = lazy(() => detail().then((m) => ({ default: m.VideoSearchApiPage })));
const VideoAccountApiPage = lazy(() => detail().then((m) => ({ default: m.VideoAccountApiPage })));
const VideoPostsApiPage = lazy(() => detail().then((m) => ({ default: m.VideoPostsApiPage })));
const WordVipPage = lazy(() => import('./pages/WordVipPage').then((m) => ({ default: m.WordVipPage })));
const ApplicatioPage = lazy(() =>
  import('./pages/ApplicatioPage').then((m) => ({ default: m.ApplicatioPage })),
);
const KeyVerifyPage = lazy(() => import('./pages/KeyVerifyPage').then((m) => ({ default: m.KeyVerifyPage })));
const PythonDemoPage = lazy(() => demo().then((m) => ({ default: m.PythonDemoPage })));
const PhpDemoPage = lazy(() => demo().then((m) => ({ default: m.PhpDemoPage })));
const CDemoPage = lazy(() => demo().then((m) => ({ default: m.CDemoPage })));
const JavaDemoPage = lazy(() => demo().then((m) => ({ default: m.JavaDemoPage })));

const SITE = ' - 公众号数据平台';

export const apipagesRoutes: AppRoute[] = [
  {
    path: '/appsearch/word',
    component: WordPage,
    title: `API 接口列表${SITE}`,
    keywords: '公众号API,公众号数据接口,接口列表,接口价格,视频号API',
    description:
      '公众号数据平台开放接口一览：公众号、文章、监测、链接与视频号接口，按次计费，附接口详情与调用示例。',
  },
  {
    path: '/appsearch/wordDetail',
    component: WordDetailPage,
    title: `接口详情${SITE}`,
    keywords: '公众号API,接口详情,接口参数,返回字段,错误码,在线调试',
    description: '开放接口的请求方式、地址、参数、返回字段、错误码与价格，提供多种语言的调用示例和在线调试。',
  },
  {
    path: '/appsearch/ApiWXAccountSearch',
    component: AccountSearchApiPage,
    title: `公众号搜索 API${SITE}`,
    keywords: '公众号搜索API,公众号查询接口,微信号查询API,公众号数据接口',
    description:
      '公众号搜索接口：按名称、微信号、主体或简介关键词搜索公众号，附参数说明、调用示例与在线调试。',
  },
  {
    path: '/appsearch/ApiWXLinkShort2Long',
    component: LinkShort2LongApiPage,
    title: `短链接转长链接 API${SITE}`,
    keywords: '公众号短链接转长链接,短链接还原,永久链接API,文章链接接口',
    description: '短链接转长链接接口：把公众号文章短链接或本站短链接还原为永久链接，并返回文章标题与公众号。',
  },
  {
    path: '/appsearch/D1',
    component: VideoSearchApiPage,
    title: `视频号搜索 API${SITE}`,
    keywords: '视频号搜索API,视频号查询接口,视频号数据接口',
    description:
      '视频号搜索接口：按名称、主体、简介或关联公众号搜索已收录的视频号，返回近 30 天作品与播放概况。',
  },
  {
    path: '/appsearch/D2',
    component: VideoAccountApiPage,
    title: `视频号详情 API${SITE}`,
    keywords: '视频号详情API,视频号数据,视频号播放量,视频号互动率',
    description: '视频号详情接口：视频号资料与近 30 天的作品数、播放、点赞、评论、转发、收藏和互动率。',
  },
  {
    path: '/appsearch/D3',
    component: VideoPostsApiPage,
    title: `视频号作品列表 API${SITE}`,
    keywords: '视频号作品API,视频号作品列表,视频号播放量接口',
    description:
      '视频号作品列表接口：作品及其最新播放、点赞、评论、转发、收藏数，可按发布时间、播放或点赞排序。',
  },
  {
    path: '/wordVip',
    component: WordVipPage,
    title: `API 套餐${SITE}`,
    keywords: 'API套餐,公众号API价格,API充值,调用次数',
    description: '购买公众号数据 API 调用套餐，查看剩余调用次数与充值记录。',
  },
  {
    path: '/appsearch/applicatio',
    component: ApplicatioPage,
    title: `API 申请${SITE}`,
    keywords: 'API申请,API密钥,公众号API试用,开放接口申请',
    description: '申请公众号数据开放接口的密钥，查看试用次数与剩余调用次数。',
  },
  {
    path: '/appsearch/Keyverifycode',
    component: KeyVerifyPage,
    title: `密钥校验${SITE}`,
    keywords: 'API密钥校验,密钥是否有效,剩余调用次数,调用频率限制',
    description: '校验 API 密钥是否有效，查看其剩余调用次数与每分钟调用上限。',
  },
  {
    path: '/pythonDemo',
    component: PythonDemoPage,
    title: `Python 调用示例${SITE}`,
    keywords: '公众号API Python示例,Python调用接口,urllib示例',
    description:
      '用 Python 3 标准库调用公众号数据开放接口的完整示例：搜索公众号、获取历史文章、查询剩余次数。',
  },
  {
    path: '/phpDemo',
    component: PhpDemoPage,
    title: `PHP 调用示例${SITE}`,
    keywords: '公众号API PHP示例,PHP curl调用接口',
    description: '用 PHP 与 curl 调用公众号数据开放接口的完整示例：搜索公众号、获取历史文章、查询剩余次数。',
  },
  {
    path: '/cDemo',
    component: CDemoPage,
    title: `C 语言调用示例${SITE}`,
    keywords: '公众号API C语言示例,libcurl调用接口',
    description:
      '用 C 语言与 libcurl 调用公众号数据开放接口的完整示例：搜索公众号、获取历史文章、查询剩余次数。',
  },
  {
    path: '/javaDemo',
    component: JavaDemoPage,
    title: `Java 调用示例${SITE}`,
    keywords: '公众号API Java示例,java.net.http调用接口',
    description:
      '用 Java 11+ 自带的 HttpClient 调用公众号数据开放接口的完整示例：搜索公众号、获取历史文章、查询剩余次数。',
  },
];
