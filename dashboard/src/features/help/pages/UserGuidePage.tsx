// 新手指南 (/userguide): the first steps on the platform, in order, each with links to the real pages. The first
// step shows as done once the visitor is logged in.
import { Button, Card, Space, Steps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { openLogin } from '../../../auth/dialog';
import { useSession } from '../../../auth/session';
import '../help.css';

interface Step {
  title: string;
  text: string;
  links: { label: string; to: string }[];
}

const STEPS: Step[] = [
  {
    title: '搜索公众号与文章',
    text: '按名称、微信号或主体搜索公众号，可按行业、地区、估算活跃粉丝筛选；按标题关键词搜索文章，可按阅读、点赞、在看排序。',
    links: [
      { label: '公众号搜索', to: '/appsearch/index' },
      { label: '文章搜索', to: '/appsearch/articleSearch' },
    ],
  },
  {
    title: '查看公众号详情',
    text: '在搜索结果中点击公众号，查看基本信息、历史文章与阅读数据、基础分析、主体信息、阅读原文链接和关联小程序；可收藏到分组、查看相似公众号。',
    links: [{ label: '去搜索一个公众号', to: '/appsearch/index' }],
  },
  {
    title: '看榜单与爆文',
    text: '综合榜、行业榜、真实榜与刷量榜按日、周、月排名；低粉爆文找小号的爆款选题，今日热文按阅读数实时排行。',
    links: [
      { label: '公众号榜单', to: '/appsearch/otherRankings' },
      { label: '低粉爆文', to: '/appsearch/burst' },
      { label: '今日热文', to: '/appsearch/hottext' },
    ],
  },
  {
    title: '关注与订阅',
    text: '把收藏的公众号按分组查看最新文章，订阅关键词查看提到它们的文章。',
    links: [
      { label: '公众号关注', to: '/appsearch/officialAccount' },
      { label: '关键词订阅', to: '/appsearch/subscribe' },
    ],
  },
  {
    title: '投放前监测与刷量报告',
    text: '对一篇文章或某公众号的下一篇文章做分钟级监测，结束后得到刷量分析报告。',
    links: [
      { label: '新建监测', to: '/appsearch/monitorNew' },
      { label: '我的监测', to: '/appsearch/monitors' },
    ],
  },
  {
    title: '回采历史文章并导出',
    text: '回采公众号最近至多 180 天的历史文章与阅读数据，导出 Excel 或 CSV。',
    links: [{ label: '历史文章回采', to: '/appsearch/stoping' }],
  },
  {
    title: '开通会员或使用 API',
    text: '会员可看更长的历史、更多收藏与每月监测、回采次数；API 按次计费，新用户赠送试用次数。',
    links: [
      { label: '会员升级', to: '/appsearch/center?tabSt=2' },
      { label: 'API 价格与充值', to: '/appsearch/interface?actnav=0' },
      { label: '帮助中心', to: '/newhelpcenter' },
    ],
  },
];

const linksOf = (s: Step): ReactNode => (
  <Space wrap size={[16, 4]}>
    {s.links.map((l) => (
      <Link key={l.to} to={l.to}>
        {l.label} →
      </Link>
    ))}
  </Space>
);

export function UserGuidePage() {
  const session = useSession();
  const items = [
    {
      title: '注册并登录',
      status: session ? ('finish' as const) : ('process' as const),
      content: (
        <div className="help-answer">
          {session ? (
            <span data-testid="guide-logged-in">
              已登录：{session.name || '会员'}。新用户已获赠 API 免费试用次数。
            </span>
          ) : (
            <>
              <p>微信扫码或手机号注册，注册即为普通会员并获赠 API 免费试用次数。</p>
              <Space>
                <Button type="primary" onClick={() => openLogin()} data-testid="guide-login">
                  登录 / 注册
                </Button>
                <Link to="/wxregest">微信扫码注册</Link>
              </Space>
            </>
          )}
        </div>
      ),
    },
    ...STEPS.map((s) => ({
      title: s.title,
      status: 'wait' as const,
      content: (
        <div className="help-answer">
          <p>{s.text}</p>
          {linksOf(s)}
        </div>
      ),
    })),
  ];
  return (
    <div className="help-page" data-testid="user-guide">
      <Card>
        <h1 className="help-title">新手指南</h1>
        <p className="help-muted">八步了解公众号数据平台的主要功能，点击链接即可前往对应页面。</p>
        <Steps orientation="vertical" items={items} />
      </Card>
    </div>
  );
}
