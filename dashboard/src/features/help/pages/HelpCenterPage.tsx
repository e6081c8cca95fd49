// 帮助中心 (/newhelpcenter): questions by category with answers true for this platform, a search box that filters
// them, and a site map. Levels, prices, quotas and list thresholds come from the API (vip_info, api_pricing,
// list_rules), so the answers follow the deployment instead of repeating numbers that could drift.
import { Card, Col, Collapse, Empty, Input, Row, Skeleton, Table, Tag } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { VipInfo } from '../../../../../contract/shapes/orders';
import { FUNCTION_MAP } from '../../../components/shell/function-map';
import { type ApiPricing, useApiPricing, useVipInfo } from '../../center';
import { type ListRules, useListRules } from '../hooks/queries';
import '../help.css';

interface Facts {
  vip: VipInfo | undefined;
  pricing: ApiPricing | undefined;
  rules: ListRules | undefined;
}

interface Question {
  q: string;
  /** Words a user might search for besides the question itself. */
  tags: string;
  a: (f: Facts) => ReactNode;
}

const loading = <Skeleton active paragraph={{ rows: 2 }} title={false} />;

function LevelTable({ vip }: { vip: VipInfo }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="vip_id"
      dataSource={vip.levels}
      data-testid="help-levels"
      columns={[
        { title: '等级', dataIndex: 'name' },
        { title: '历史文章', dataIndex: 'history_months', render: (m: number) => `近 ${m} 个月` },
        { title: '收藏公众号', dataIndex: 'favorite_accounts' },
        { title: '每月监测次数', dataIndex: 'monitor_per_month' },
        { title: '每月回采次数', dataIndex: 'backfill_per_month' },
        { title: '主体信息', dataIndex: 'owner_info', render: (v: number) => (v ? '可查看' : '—') },
        { title: '页面更新', dataIndex: 'page_update', render: (v: number) => (v ? '可用' : '—') },
      ]}
    />
  );
}

const CATEGORIES: { key: string; title: string; questions: Question[] }[] = [
  {
    key: 'account',
    title: '账号与登录',
    questions: [
      {
        q: '如何注册和登录？',
        tags: '注册 登录 扫码 手机号 密码 QQ',
        a: () => (
          <>
            点击页头的「登录 / 注册」：可以微信扫码登录，也可以用手机号和密码（或短信验证码）登录，还可以用 QQ
            扫码。 首次扫码的用户需要设置手机号和登录密码，之后两种方式都能登录。也可以打开
            <Link to="/wxregest">微信扫码注册</Link>页面完成同样的步骤。
          </>
        ),
      },
      {
        q: '忘记密码怎么办？',
        tags: '找回密码 重置 验证码',
        a: () =>
          '在登录框的「密码登录」中点击「忘记密码」，输入手机号和短信验证码通过验证后设置新密码。重置成功后，该账号在所有设备上的登录都会失效，需要重新登录。',
      },
      {
        q: '如何绑定或解绑微信、QQ？',
        tags: '绑定 解绑 微信 QQ 第三方',
        a: () => (
          <>
            打开<Link to="/binding">账号绑定</Link>页面，可以看到手机号、微信、QQ
            的绑定情况，扫码即可绑定；解绑后仍可用手机号和密码登录。
          </>
        ),
      },
      {
        q: '如何注销账号？注销后数据还在吗？',
        tags: '注销 删除账号 个人信息',
        a: () => (
          <>
            在<Link to="/deletion">注销账号</Link>
            页面输入登录密码（或短信验证码）和确认文字即可注销。注销会删除个人资料、收藏与分组、关键词、 API
            密钥、发票抬头与地址并结束所有登录，剩余的 API
            次数与会员权益作废且不可恢复；订单与已开发票作为交易记录依法保留，但不再关联到任何个人信息。
            有待确认的对公转账、支付中的订单或进行中的监测、回采任务时需要先处理完成。
          </>
        ),
      },
    ],
  },
  {
    key: 'vip',
    title: '会员与价格',
    questions: [
      {
        q: '会员等级有哪些？有什么区别？',
        tags: '会员 等级 权益 高级 豪华 超级 历史 收藏 监测 回采',
        a: ({ vip }) =>
          vip ? (
            <>
              <p>
                注册即为{vip.levels.find((l) => l.vip_id === 1)?.name}，购买后升级为付费等级。各等级权益：
              </p>
              <LevelTable vip={vip} />
            </>
          ) : (
            loading
          ),
      },
      {
        q: '会员多少钱？如何购买？',
        tags: '价格 多少钱 购买 开通 季度 年度',
        a: ({ vip }) =>
          vip ? (
            <>
              <ul className="help-list" data-testid="help-vip-prices">
                {vip.packages
                  .filter((p) => p.kind === 'vip')
                  .map((p) => (
                    <li key={p.package_id}>
                      {p.name}：¥{p.price}
                    </li>
                  ))}
              </ul>
              在<Link to="/appsearch/center?tabSt=2">会员中心 - 会员升级</Link>
              选择套餐，使用支付宝支付；企业也可以下单后
              <Link to="/transfer">对公转账</Link>。
            </>
          ) : (
            loading
          ),
      },
      {
        q: '续费和升级怎么计算有效期？',
        tags: '续费 升级 有效期 到期 过期',
        a: () =>
          '购买与当前相同的等级且尚未到期时，从原到期时间顺延；购买更高等级或已过期时，从支付时起算。已是更高等级时不能购买更低的等级。付费等级到期后按普通会员计算，收藏等数据保留。',
      },
    ],
  },
  {
    key: 'data',
    title: '数据与更新',
    questions: [
      {
        q: '数据从哪里来？多久更新一次？',
        tags: '数据来源 更新 频率 采集 实时',
        a: () => (
          <>
            平台的采集器按轮次抓取已收录公众号的新文章，并刷新近 3
            天内文章的阅读、点赞、在看（每轮间隔由部署配置决定，默认 5 分钟）； 流处理把数据写入 ClickHouse
            后页面即可查到。公众号详情页的「页面更新」可以让采集器立即抓取该号。
            演示环境中的数据来自内置的微信模拟器，页面顶部会标注「演示数据」。详见
            <Link to="/aboutus">关于我们</Link>。
          </>
        ),
      },
      {
        q: '能看多久以前的历史文章？',
        tags: '历史文章 月份 深度 6 12 18',
        a: ({ vip }) =>
          vip ? (
            <>
              按会员等级：
              {vip.levels.map((l) => `${l.name}近 ${l.history_months} 个月`).join('，')}
              。需要更早的数据可以下单<Link to="/appsearch/stoping">历史文章回采</Link>。
            </>
          ) : (
            loading
          ),
      },
      {
        q: '低粉爆文和今日热文是怎么选出来的？',
        tags: '低粉爆文 今日热文 口径 规则 标准',
        a: ({ rules }) =>
          rules ? (
            <ul className="help-list" data-testid="help-list-rules">
              <li>{rules.burst.text}。</li>
              <li>{rules.hot.text}。</li>
            </ul>
          ) : (
            loading
          ),
      },
      {
        q: '公众号没有收录怎么办？',
        tags: '收录 找不到 搜索不到 提交',
        a: () =>
          '在页头「功能地图」中点击「公众号收录」，输入公众号名称或一篇文章的链接提交；收录后采集器会抓取它的文章，数据稍后可查。搜索无结果时也可以直接从结果页提交收录。',
      },
    ],
  },
  {
    key: 'monitor',
    title: '监测与回采',
    questions: [
      {
        q: '分钟级监测是什么？怎么收费？',
        tags: '分钟级监测 刷量 报告 频率 次数',
        a: ({ vip }) => (
          <>
            对一篇文章（或某公众号的下一篇文章）按 1、2、5、10 分钟的频率连续监测 1–3
            天的阅读、点赞、在看，结束后生成刷量分析报告。 每次下单消耗本月监测次数，
            {vip
              ? `各等级每月次数：${vip.levels.map((l) => `${l.name} ${l.monitor_per_month} 次`).join('，')}。`
              : ''}
            在<Link to="/appsearch/monitorNew">新建监测</Link>下单，在
            <Link to="/appsearch/monitors">我的监测</Link>查看进度与报告。
          </>
        ),
      },
      {
        q: '历史文章回采是什么？',
        tags: '回采 历史 导出 Excel 下载',
        a: ({ vip }) => (
          <>
            为一个公众号回采最近至多 180 天的历史文章与阅读数据，完成后可在线查看并导出 Excel 或 CSV。
            {vip
              ? `每月回采次数：${vip.levels.map((l) => `${l.name} ${l.backfill_per_month} 次`).join('，')}。`
              : ''}
            入口：<Link to="/appsearch/stoping">历史文章回采</Link>。
          </>
        ),
      },
    ],
  },
  {
    key: 'api',
    title: 'API 接口',
    questions: [
      {
        q: 'API 怎么收费？有免费试用吗？',
        tags: 'API 价格 计费 试用 免费 次数',
        a: ({ pricing }) =>
          pricing ? (
            <>
              <p>{pricing.trial_quota_note}</p>
              <ul className="help-list" data-testid="help-api-prices">
                {pricing.packages.map((p) => (
                  <li key={p.package_id}>
                    {p.name}：¥{p.price}
                  </li>
                ))}
              </ul>
              按次计费，没有查到数据或处理失败时自动退还本次扣费。各接口的计费见
              <Link to="/appsearch/interface?actnav=0">API 价格</Link>。
            </>
          ) : (
            loading
          ),
      },
      {
        q: '如何获取 API 密钥并调用？',
        tags: '密钥 key 调用 示例 文档',
        a: () => (
          <>
            登录后在<Link to="/appsearch/interface?actnav=4">调用示例</Link>
            中创建密钥（只显示一次，请妥善保存）， 请求时放在 <code>X-Api-Key</code>{' '}
            请求头中。接口说明与在线调试见<Link to="/appsearch/APIAssemble">API 接口文档</Link>。
          </>
        ),
      },
    ],
  },
  {
    key: 'order',
    title: '订单、支付与发票',
    questions: [
      {
        q: '支持哪些支付方式？',
        tags: '支付 支付宝 转账 对公 企业',
        a: () => (
          <>
            在线支付使用支付宝；企业客户可以先下单，再通过<Link to="/transfer">对公转账</Link>
            付款并提交银行流水号，
            管理员核对到账后订单即变为已支付（若本站未开通对公转账，该页面会提示使用在线支付）。
          </>
        ),
      },
      {
        q: '如何开发票？',
        tags: '发票 开票 抬头 税号',
        a: () => (
          <>
            已支付的订单可以在<Link to="/appsearch/getinvoice">申请发票</Link>
            页面选择发票抬头和收件地址提交申请， 开票进度在「开票记录」中查看。企业抬头需要填写纳税人识别号。
          </>
        ),
      },
      {
        q: '在哪里查看订单？',
        tags: '订单 记录 支付结果',
        a: () => (
          <>
            <Link to="/appsearch/center?tabSt=4">会员中心 - 我的订单</Link>
            列出全部订单，待支付的可以继续支付；API 充值记录见
            <Link to="/succ">充值记录</Link>。
          </>
        ),
      },
    ],
  },
];

const matches = (q: Question, term: string) =>
  term === '' || `${q.q} ${q.tags}`.toLowerCase().includes(term.toLowerCase());

function SiteMap() {
  const extra = [
    { label: '帮助中心', to: '/newhelpcenter' },
    { label: '新手指南', to: '/userguide' },
    { label: '网站公告', to: '/newnotice' },
    { label: '关于我们', to: '/aboutus' },
    { label: '用户协议与免责声明', to: '/shengming' },
    { label: '个人信息保护政策', to: '/shengming1' },
  ];
  const groups = [
    ...FUNCTION_MAP.map((g) => ({
      title: g.title,
      links: g.items.flatMap((i) => ('to' in i ? [{ label: i.label, to: i.to }] : [])),
    })),
    { title: '帮助与说明', links: extra },
  ];
  return (
    <Row gutter={[16, 16]} data-testid="help-sitemap">
      {groups.map((g) => (
        <Col key={g.title} xs={12} md={8} lg={6}>
          <div className="help-sitemap-title">{g.title}</div>
          {g.links.map((l) => (
            <Link key={l.to} to={l.to} className="help-sitemap-link">
              {l.label}
            </Link>
          ))}
        </Col>
      ))}
    </Row>
  );
}

export function HelpCenterPage() {
  const vip = useVipInfo();
  const pricing = useApiPricing();
  const rules = useListRules();
  const [term, setTerm] = useState('');
  const facts: Facts = { vip: vip.data, pricing: pricing.data, rules: rules.data };
  const found = useMemo(
    () =>
      CATEGORIES.map((c) => ({ ...c, questions: c.questions.filter((q) => matches(q, term.trim())) })).filter(
        (c) => c.questions.length > 0,
      ),
    [term],
  );
  return (
    <div className="help-page" data-testid="help-center">
      <Card className="block-gap">
        <h1 className="help-title">帮助中心</h1>
        <p className="help-muted">
          常见问题的解答。找不到答案时，可以通过<Link to="/customization">定制服务</Link>页面联系我们。
        </p>
        <Input.Search
          allowClear
          size="large"
          placeholder="搜索问题，如：会员价格、历史文章、发票"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          data-testid="help-search"
        />
      </Card>
      {found.length === 0 ? (
        <Card className="block-gap">
          <Empty description={`没有找到与“${term.trim()}”相关的问题`} data-testid="help-empty" />
        </Card>
      ) : (
        found.map((c) => (
          <Card
            key={c.key}
            title={
              <>
                {c.title} <Tag>{c.questions.length}</Tag>
              </>
            }
            className="block-gap"
            data-testid={`help-category-${c.key}`}
          >
            <Collapse
              defaultActiveKey={term.trim() ? c.questions.map((q) => q.q) : []}
              key={term.trim() ? `open-${term}` : 'closed'}
              items={c.questions.map((q) => ({
                key: q.q,
                label: <span data-testid="help-question">{q.q}</span>,
                children: <div className="help-answer">{q.a(facts)}</div>,
              }))}
            />
          </Card>
        ))
      )}
      <Card title="网站地图" className="block-gap">
        <SiteMap />
      </Card>
    </div>
  );
}
