// Custom data services (spec §2 "Custom services") and public-opinion handling (spec §2 /processing).
import type { ServiceContent } from './content-types';

export const customPages: ServiceContent[] = [
  {
    service: 'processing',
    path: '/processing',
    group: '舆情服务',
    heading: '舆情处置服务',
    lead: '从发现到平息：关键词监测发现苗头，按影响分级响应，给出回应建议并跟踪到热度回落，全程有数据记录。',
    tags: ['关键词监测', '分级响应', '回应建议', '复盘报告'],
    live: { block: 'figures', title: '监测覆盖的数据（实时）' },
    features: [
      {
        title: '监测什么',
        desc: '已收录公众号的文章标题与正文、视频号作品描述中的品牌词、产品词与高管姓名；其他平台可加购。',
      },
      { title: '怎么发现', desc: '订阅关键词后，命中文章在关键词实时监控中出现，附阅读与点赞，按时间排序。' },
      { title: '研判', desc: '统计命中文章数、总阅读、发布号的影响力与转载路径，判定事件级别。' },
      { title: '回应建议', desc: '按级别给出是否回应、回应口径、渠道与时机的建议。' },
      { title: '跟踪', desc: '事件期间每日汇报新增内容与阅读增长，直至热度回落。' },
      { title: '复盘', desc: '事件结束后出具复盘报告：时间线、传播数据与处置效果。' },
    ],
    delivery: [
      { label: '一般（蓝色）', value: '零星提及、阅读低：纳入日报观察，不主动回应' },
      { label: '较大（黄色）', value: '多篇文章或单篇阅读较高：24 小时内出具研判与回应建议' },
      { label: '重大（橙色）', value: '行业号或媒体号跟进、阅读快速增长：4 小时内研判，协助起草声明' },
      { label: '特别重大（红色）', value: '大范围传播或涉及安全、监管：立即启动，专人值守并按小时汇报' },
      { label: '计价', value: '按监测关键词数、覆盖平台与服务期报价；单次事件处置可单独下单' },
    ],
    steps: [
      { title: '设置监测', desc: '确定品牌词、产品词与排除词' },
      { title: '发现与预警', desc: '命中内容实时出现在监控中' },
      { title: '分级研判', desc: '按影响评定级别' },
      { title: '回应处置', desc: '按级别执行回应与正面传播' },
      { title: '跟踪复盘', desc: '热度回落后出具复盘报告' },
    ],
    faq: [
      {
        q: '我自己能先用起来吗？',
        a: '可以。登录后在关键词实时监控或关键词订阅中添加品牌词，即可查看命中的公众号文章。',
      },
      { q: '提供删帖吗？', a: '不提供。对侵权或不实内容，协助您整理证据并通过平台官方渠道投诉。' },
      {
        q: '能监测微博、抖音吗？',
        a: '这些平台不在自动采集范围内，可按需加购采集（见微博、抖音数据采集）。',
      },
    ],
    links: [
      {
        label: '公众号关键词实时监控',
        to: '/OfficialAccountKeywordMonitor',
        desc: '订阅关键词，实时查看命中文章',
      },
      { label: '关键词订阅', to: '/appsearch/subscribe', desc: '标题或正文包含关键词的文章' },
      { label: '视频号关键词监控', to: '/VideoAccountKeywordMonitor', desc: '视频号作品的关键词命中' },
      { label: '舆情公关', to: '/advertisingOpinion', desc: '危机公关与正面传播' },
    ],
    formIntro: '请写明品牌 / 事件、需要监测的关键词与期望的响应时效，数据顾问会尽快与您联系。',
  },
  {
    service: 'customization',
    path: '/customization',
    group: '定制服务',
    heading: '数据定制',
    lead: '平台页面满足不了的数据需求：指定公众号清单的全量历史、更长时间范围、额外字段、行业数据集与分析报告。',
    tags: ['全量历史', '指定清单', '行业数据集', '分析报告'],
    live: { block: 'figures', title: '平台已采集的数据（实时）' },
    features: [
      { title: '指定清单采集', desc: '按您给的公众号清单补录并采集文章与阅读数据，含历史回采。' },
      { title: '更长时间范围', desc: '超出会员可查看深度（6 / 12 / 18 个月）的历史数据导出。' },
      { title: '行业数据集', desc: '某行业全部已收录公众号的文章与数据，按月更新。' },
      { title: '正文与评论', desc: '文章正文、精选留言等字段的结构化导出。' },
      { title: '分析报告', desc: '行业趋势、竞品对标、投放复盘等专题报告。' },
      { title: '跨平台', desc: '组合微博、抖音、小红书等平台的定制采集。' },
    ],
    fields: [
      { name: '公众号', desc: '名称、微信号、主体、行业、地区、估算活跃粉丝、WCI' },
      { name: '文章', desc: '标题、链接、位置、发布时间、原创标记、摘要、正文' },
      { name: '数据', desc: '阅读、点赞、在看、转发、留言数，按采集时间的历次快照' },
      { name: '分析指标', desc: '头条平均阅读、刷量判定与估算刷量阅读' },
    ],
    delivery: [
      { label: '交付格式', value: 'Excel、CSV、JSON，或数据库 / 接口对接' },
      { label: '交付周期', value: '先交付样例，确认后按数据量排期，报价单中写明交付时间' },
      { label: '计价方式', value: '按需报价：依据公众号数量、时间范围、字段与更新频率' },
    ],
    steps: [
      { title: '提交需求', desc: '数据范围、字段与用途' },
      { title: '评估报价', desc: '确认可行性、报价与排期' },
      { title: '样例确认', desc: '核对字段与口径' },
      { title: '交付与维护', desc: '交付并按需持续更新' },
    ],
    faq: [
      {
        q: '和全量数据下载有什么不同？',
        a: '全量下载是会员在线导出单个公众号、会员深度内的数据；数据定制面向多个号、更长时间与额外字段。',
      },
      { q: '没收录的公众号能采吗？', a: '可以，提交清单后先收录再采集，历史文章通过回采补齐。' },
    ],
    links: [
      { label: '全量数据下载', to: '/quanliang', desc: '在线导出单个公众号数据' },
      { label: '历史文章回采', to: '/appsearch/stoping', desc: '回采近 6 个月历史文章' },
      { label: '客户案例', to: '/customerCase', desc: '典型场景与示例方案' },
    ],
  },
  {
    service: 'customization-other',
    path: '/customization-other',
    group: '定制服务',
    heading: '其他定制',
    lead: '数据之外的定制：私有化部署、系统对接、专属看板与培训，按您的流程把公众号数据用起来。',
    tags: ['私有化部署', '系统对接', '专属看板', '培训'],
    features: [
      { title: '私有化部署', desc: '平台可在您的服务器或 Kubernetes 集群上部署，数据不出内网。' },
      { title: '系统对接', desc: '对接您的 CRM、BI 或投放系统，按约定格式同步数据。' },
      { title: '专属看板', desc: '按您的指标口径定制看板，如品牌矩阵周报、竞品对标。' },
      { title: '账号与权限', desc: '团队多账号、分组共享与操作记录。' },
      { title: '培训', desc: '面向运营、投放与公关团队的平台使用与数据解读培训。' },
    ],
    delivery: [
      { label: '交付方式', value: '按项目交付，含需求文档、实施与验收' },
      { label: '计价方式', value: '按需报价：依据工作量与部署规模' },
    ],
    steps: [
      { title: '需求调研', desc: '现有系统与目标' },
      { title: '方案设计', desc: '方案、排期与报价' },
      { title: '实施', desc: '开发、部署与联调' },
      { title: '验收与维护', desc: '验收后提供维护支持' },
    ],
    faq: [
      {
        q: '私有化部署需要什么环境？',
        a: '单机可运行（内置 ClickHouse 与 PostgreSQL），规模大时使用 Kafka、ClickHouse 集群与 PostgreSQL 服务器。',
      },
      { q: '能只买培训吗？', a: '可以，按场次报价。' },
    ],
    links: [
      { label: '数据定制', to: '/customization', desc: '数据采集与导出定制' },
      { label: '自动化数据服务', to: '/automatic', desc: '定时导出与推送' },
      { label: 'API 接口文档', to: '/appsearch/APIAssemble', desc: '开放接口' },
    ],
  },
];
