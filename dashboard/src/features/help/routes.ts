// Routes of this part of the dashboard; routes.tsx merges them into the one route table.
// Help centre, guide, statements, notices, about, account pages (register, bindings, deletion, bank transfer)
// and the admin pages (not in the spec; admins only).
import { lazy } from 'react';
import type { AppRoute } from '../../routes';

const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const HelpCenterPage = page(() => import('./pages/HelpCenterPage'), 'HelpCenterPage');
const UserGuidePage = page(() => import('./pages/UserGuidePage'), 'UserGuidePage');
const AgreementPage = page(() => import('./pages/AgreementPage'), 'AgreementPage');
const PrivacyPage = page(() => import('./pages/PrivacyPage'), 'PrivacyPage');
const NoticePage = page(() => import('./pages/NoticePage'), 'NoticePage');
const NoticeEditorPage = page(() => import('./pages/NoticeEditorPage'), 'NoticeEditorPage');
const AboutPage = page(() => import('./pages/AboutPage'), 'AboutPage');
const WxRegisterPage = page(() => import('./pages/WxRegisterPage'), 'WxRegisterPage');
const BindingPage = page(() => import('./pages/BindingPage'), 'BindingPage');
const DeletionPage = page(() => import('./pages/DeletionPage'), 'DeletionPage');
const TransferPage = page(() => import('./pages/TransferPage'), 'TransferPage');
const AdminHomePage = page(() => import('./pages/admin/AdminHomePage'), 'AdminHomePage');
const CredentialsPage = page(() => import('./pages/admin/CredentialsPage'), 'CredentialsPage');
const HealthPage = page(() => import('./pages/admin/HealthPage'), 'HealthPage');
const SourcesPage = page(() => import('./pages/admin/SourcesPage'), 'SourcesPage');
const InvoicesAdminPage = page(() => import('./pages/admin/InvoicesAdminPage'), 'InvoicesAdminPage');
const TransfersAdminPage = page(() => import('./pages/admin/TransfersAdminPage'), 'TransfersAdminPage');

const SITE = ' - 公众号数据平台';

const bindingMeta = {
  component: BindingPage,
  title: `账号绑定${SITE}`,
  keywords: '账号绑定,绑定微信,绑定QQ,解绑,修改密码',
  description: '查看并管理账号的登录方式：手机号、微信与 QQ 的绑定和解绑。',
};

const noticeEditorMeta = {
  component: NoticeEditorPage,
  title: `公告编辑${SITE}`,
  keywords: '公告编辑,网站公告管理,发布公告',
  description: '管理员新建、编辑、置顶、发布或下线网站公告。',
};

export const helpRoutes: AppRoute[] = [
  {
    path: '/newhelpcenter',
    component: HelpCenterPage,
    title: `帮助中心${SITE}`,
    keywords: '帮助中心,常见问题,会员价格,历史文章,API 计费,发票',
    description:
      '公众号数据平台的常见问题：登录与账号、会员等级与价格、数据更新、监测与回采、API、支付与发票，以及网站地图。',
  },
  {
    path: '/userguide',
    component: UserGuidePage,
    title: `新手指南${SITE}`,
    keywords: '新手指南,使用教程,公众号数据怎么查,入门',
    description:
      '八步了解公众号数据平台：注册登录、搜索、公众号详情、榜单与爆文、关注订阅、监测、回采与会员。',
  },
  {
    path: '/shengming',
    component: AgreementPage,
    title: `用户协议与免责声明${SITE}`,
    keywords: '用户协议,免责声明,服务条款',
    description: '公众号数据平台的用户协议与免责声明：服务内容、账号、付费、使用规范与数据的局限。',
  },
  {
    path: '/shengming1',
    component: PrivacyPage,
    title: `个人信息保护政策${SITE}`,
    keywords: '个人信息保护政策,隐私声明,隐私政策,Cookie',
    description: '公众号数据平台收集哪些个人信息、如何使用与保存，以及查阅、更正、撤回授权与注销账号的权利。',
  },
  {
    path: '/newnotice',
    component: NoticePage,
    title: `网站公告${SITE}`,
    keywords: '网站公告,平台公告,更新通知',
    description: '公众号数据平台的公告：功能更新、规则与协议变更、服务通知。',
  },
  { path: '/bianji', ...noticeEditorMeta },
  {
    path: '/aboutus',
    component: AboutPage,
    title: `关于我们${SITE}`,
    keywords: '关于我们,公众号数据平台,开源,自托管,联系我们',
    description:
      '公众号数据平台是开放、可自托管的公众号数据分析平台：数据如何采集与处理，本站的数据来源与规模。',
  },
  {
    path: '/wxregest',
    component: WxRegisterPage,
    title: `微信扫码注册${SITE}`,
    keywords: '微信扫码注册,微信登录,绑定手机号,注册',
    description: '使用微信扫码注册公众号数据平台，首次扫码设置手机号和登录密码。',
  },
  { path: '/binding', ...bindingMeta },
  { path: '/appsearch/binding', ...bindingMeta },
  {
    path: '/deletion',
    component: DeletionPage,
    title: `注销账号${SITE}`,
    keywords: '注销账号,删除账号,个人信息删除',
    description: '注销公众号数据平台账号：注销的后果、需要先处理的事项，以及用密码或验证码确认。',
  },
  {
    path: '/transfer',
    component: TransferPage,
    title: `对公转账${SITE}`,
    keywords: '对公转账,银行转账,企业付款,公司转账',
    description: '企业通过银行对公转账支付会员或 API 订单：收款账户、提交付款单位与流水号、查看确认进度。',
  },
  {
    path: '/admin',
    component: AdminHomePage,
    title: `管理后台${SITE}`,
    keywords: '管理后台,管理员',
    description: '管理员入口：采集健康、上游凭据、对公转账、发票审核、网站公告与定制需求。',
  },
  {
    path: '/admin/credentials',
    component: CredentialsPage,
    title: `上游凭据${SITE}`,
    keywords: '上游凭据,采集凭据,凭据轮换',
    description: '管理员管理采集用的上游凭据：状态、冷却、请求与失败次数，新增、轮换与停用。',
  },
  {
    path: '/admin/health',
    component: HealthPage,
    title: `采集与总线健康${SITE}`,
    keywords: '采集健康,总线延迟,采集器,监测任务',
    description: '管理员查看平台运行状况：角色与存储就绪、总线延迟、采集器心跳与轮次、凭据与监测任务。',
  },
  {
    path: '/admin/sources',
    component: SourcesPage,
    title: `数据来源与额度${SITE}`,
    keywords: '数据来源,来源链,采集额度,微信读书,付费接口,新鲜度',
    description:
      '管理员查看与设置采集的数据来源：各能力的来源链、凭据池与今日额度、出口 IP 额度、付费接口花费、按层级的新鲜度，扫码添加微信读书账号。',
  },
  {
    path: '/admin/invoices',
    component: InvoicesAdminPage,
    title: `发票审核${SITE}`,
    keywords: '发票审核,开票申请,管理员',
    description: '管理员查看全部开票申请，标记已开票或驳回。',
  },
  { path: '/admin/notices', ...noticeEditorMeta },
  {
    path: '/admin/transfers',
    component: TransfersAdminPage,
    title: `对公转账确认${SITE}`,
    keywords: '对公转账确认,银行到账,订单确认',
    description: '管理员核对银行到账后确认对公转账（订单随即变为已支付）或驳回。',
  },
];
