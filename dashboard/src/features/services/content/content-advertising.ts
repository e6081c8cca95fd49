// Advertising and media services (spec §2 "Advertising" and the other service routes). Each page says what the
// service does and which platform data backs it; the traffic, mini-program and 流量主 pages carry working tools.
import type { ServiceContent } from './content-types';

const GROUP = '广告投放';

/** The steps every placement service follows: brief, plan from data, placement, review with monitoring. */
const placementSteps: ServiceContent['steps'] = [
  { title: '需求沟通', desc: '目标人群、预算、时间与考核指标' },
  { title: '数据选号 / 选媒', desc: '用平台的榜单、真实阅读与刷量检测筛选资源' },
  { title: '方案与报价', desc: '给出资源清单、排期与报价，确认后签约' },
  { title: '执行与监测', desc: '发布后分钟级监测阅读、点赞，识别异常' },
  { title: '结案复盘', desc: '交付数据报告与结案报告' },
];

const monitoringFaq = {
  q: '怎么确认投放的数据是真实的？',
  a: '公众号投放可对每篇文章下单分钟级监测，监测结束生成刷量分析报告（阅读曲线、估算刷量阅读与占比）；报告随结案一起交付。',
};

export const advertisingPages: ServiceContent[] = [
  {
    service: 'advertisingHome',
    path: '/advertisingHome',
    group: GROUP,
    heading: '广告投放服务',
    lead: '以公众号数据为依据的投放服务：选号、投放前刷量筛查、发布后监测与结案复盘，覆盖公众号、小程序、新闻源、校园与种草渠道。',
    tags: ['数据选号', '投放前分析', '分钟级监测', '结案报告'],
    live: { block: 'figures', title: '选号所依据的数据（实时）' },
    features: [
      { title: '流量广告投放', desc: '按行业真实榜与头条平均阅读挑选公众号，避开刷量号。' },
      { title: '舆情公关', desc: '品牌危机的监测、研判、回应与正面信息传播。' },
      { title: '搜索优化', desc: '微信搜一搜与搜索引擎结果中的品牌内容布局。' },
      { title: '高校校园推广', desc: '高校公众号、学生社团与校园媒体的组合投放。' },
      { title: '种草带货', desc: '垂类公众号与多平台达人的种草内容与带货投放。' },
      { title: '新闻稿与新闻源', desc: '新闻稿撰写、媒体发布与资讯平台收录。' },
    ],
    delivery: [
      { label: '计费', value: '媒体资源按刊例价与实际排期报价；数据服务（选号报告、监测报告）可单独购买' },
      { label: '结算', value: '签约后按约定比例预付，结案报告确认后结清' },
    ],
    steps: placementSteps,
    faq: [
      monitoringFaq,
      {
        q: '预算不多能投吗？',
        a: '可以。小预算优先推荐低粉高阅读的垂类号（见低粉爆文），按篇均阅读计算单次阅读成本。',
      },
      {
        q: '可以只要选号方案、自己去投吗？',
        a: '可以。我们交付选号清单与每个号的数据报告，您自行联系投放。',
      },
    ],
    links: [
      { label: '流量广告投放', to: '/appsearch/advertisingtraffic', desc: '按真实榜选号' },
      { label: '刷量榜', to: '/appsearch/trueNumberOld', desc: '投放前避开刷量号' },
      { label: '新建分钟级监测', to: '/appsearch/monitorNew', desc: '投放文章的分钟级监测' },
      { label: '舆情公关', to: '/advertisingOpinion', desc: '危机公关与口碑管理' },
      { label: '种草带货', to: '/grassCargo', desc: '种草内容与带货投放' },
      { label: '客户案例', to: '/customerCase', desc: '典型场景与示例方案' },
    ],
  },
  {
    service: 'advertisingOpinion',
    path: '/advertisingOpinion',
    group: GROUP,
    heading: '舆情公关',
    lead: '品牌遇到负面讨论时，先看清事实与传播范围，再决定回应方式：监测、研判、回应建议与正面信息传播一体化。',
    tags: ['危机公关', '口碑管理', '正面传播', '7×24 监测'],
    features: [
      { title: '传播研判', desc: '统计负面内容在公众号的篇数、阅读与转载路径，判断是否需要回应。' },
      { title: '回应建议', desc: '按事件级别给出回应口径、渠道与时机建议，协助撰写声明。' },
      { title: '正面传播', desc: '通过权威媒体与行业公众号发布事实澄清与品牌正面信息。' },
      { title: '持续监测', desc: '事件期间每日汇报新增内容与情绪变化，直至热度回落。' },
    ],
    steps: [
      { title: '事件登记', desc: '提交事件、涉及品牌与关键词' },
      { title: '监测研判', desc: '统计传播范围并评定事件级别' },
      { title: '制定方案', desc: '回应口径、渠道与排期' },
      { title: '执行与复盘', desc: '发布、跟踪，结束后出具复盘报告' },
    ],
    faq: [
      {
        q: '能删除负面文章吗？',
        a: '我们不提供删帖服务。对确属侵权或不实的内容，协助您整理证据并通过平台官方投诉渠道处理。',
      },
      { q: '监测哪些内容？', a: '本平台自动采集的公众号与视频号内容；微博、抖音等其他平台可按需加购采集。' },
      { q: '响应多快？', a: '提交需求后数据顾问会尽快联系；已签约客户的事件按约定时限响应。' },
    ],
    links: [
      { label: '舆情处置', to: '/processing', desc: '处置流程与响应级别' },
      { label: '关键词实时监控', to: '/OfficialAccountKeywordMonitor', desc: '提到品牌的公众号文章' },
      { label: '关键词订阅', to: '/appsearch/subscribe', desc: '订阅品牌词，查看相关文章' },
    ],
  },
  {
    service: 'advertisingSeo',
    path: '/advertisingSeo',
    group: GROUP,
    heading: '搜索优化（SEO）',
    lead: '用户在微信搜一搜、百度与知乎搜索品牌词时，能看到准确、正面的内容：关键词研究、内容布局与效果跟踪。',
    tags: ['微信搜一搜', '品牌词', '内容布局', '排名跟踪'],
    features: [
      { title: '关键词研究', desc: '梳理品牌词、品类词与竞品词，结合公众号文章标题中的高频词确定目标词。' },
      { title: '公众号内容布局', desc: '优化公众号名称、简介与文章标题，使目标词在搜一搜中更易被检索到。' },
      { title: '全网内容布局', desc: '在知乎、百科、资讯平台发布结构化的品牌信息。' },
      { title: '效果跟踪', desc: '定期记录目标词的搜索结果前列内容，出具变化报告。' },
    ],
    steps: [
      { title: '现状诊断', desc: '目标词当前的搜索结果与问题' },
      { title: '制定方案', desc: '目标词、内容清单与渠道' },
      { title: '内容发布', desc: '按排期撰写与发布' },
      { title: '跟踪复盘', desc: '按月出具排名与流量变化报告' },
    ],
    faq: [
      {
        q: '能保证排名第一吗？',
        a: '不能，也不应相信任何保证排名的承诺。我们按方案交付内容并如实报告排名变化。',
      },
      { q: '多久能看到效果？', a: '取决于关键词竞争度，通常需要持续数周的内容积累，方案中会给出阶段目标。' },
    ],
    links: [
      { label: '文章搜索', to: '/appsearch/articleSearch', desc: '看品牌词下有哪些公众号文章' },
      { label: '公众号搜索', to: '/appsearch/index', desc: '按名称、主体搜索公众号' },
      { label: '知乎采集', to: '/ZhiHu', desc: '知乎问答数据' },
    ],
  },
  {
    service: 'undergraduate',
    path: '/undergraduate',
    group: GROUP,
    heading: '高校校园推广',
    lead: '面向大学生的品牌推广：高校公众号、学生会与社团、校园媒体组合投放，覆盖开学季、毕业季与招聘季。',
    tags: ['高校公众号', '社团合作', '开学季', '校招宣传'],
    features: [
      { title: '高校号选号', desc: '按地区与学校筛选高校类公众号，参考其头条平均阅读与发文频率。' },
      { title: '社团与活动', desc: '与学生会、社团合作线下活动与物料派发。' },
      { title: '校招宣传', desc: '校招信息在就业类、高校类公众号的集中发布。' },
      { title: '效果监测', desc: '投放文章的阅读监测与刷量检测，结案提供数据报告。' },
    ],
    steps: placementSteps,
    faq: [
      monitoringFaq,
      { q: '能覆盖哪些学校？', a: '以已收录的高校类公众号为基础，方案中列出每所学校可用的公众号及其数据。' },
    ],
    links: [
      { label: '地区榜', to: '/appsearch/otherRankings?type=area_rank', desc: '按地区查看公众号排名' },
      { label: '公众号搜索', to: '/appsearch/index', desc: '搜索高校、学校名称' },
      { label: '流量广告投放', to: '/appsearch/advertisingtraffic', desc: '按真实榜选号' },
    ],
  },
  {
    service: 'grassCargo',
    path: '/grassCargo',
    group: GROUP,
    heading: '种草带货',
    lead: '在垂类公众号与多平台达人中找到与产品匹配的人群，以真实体验内容种草，并用数据评估转化。',
    tags: ['垂类公众号', '达人种草', '小程序带货', '转化复盘'],
    features: [
      { title: '找对的号', desc: '按行业与低粉爆文找到读者活跃、内容匹配的垂类号。' },
      { title: '内容共创', desc: '按产品卖点与账号风格共创种草文案，保证真实体验表达。' },
      { title: '小程序带货', desc: '文章内嵌入商城小程序，按小程序曝光与下单数据复盘。' },
      { title: '多平台组合', desc: '可组合小红书、抖音、快手达人（数据按需采集）。' },
    ],
    steps: placementSteps,
    faq: [
      monitoringFaq,
      {
        q: '怎么判断号的带货能力？',
        a: '参考头条平均阅读、点赞与在看率，以及该号历史文章中嵌入小程序的情况（公众号详情的关联小程序）。',
      },
    ],
    links: [
      { label: '低粉爆文', to: '/appsearch/burst', desc: '阅读远超自身水平的垂类号' },
      { label: '小程序推广投放', to: '/apptp', desc: '文章内嵌小程序的投放' },
      { label: '抖音采集', to: '/DouYin', desc: '达人与视频数据' },
    ],
  },
  {
    service: 'releaseNews',
    path: '/releaseNews',
    group: GROUP,
    heading: '新闻稿发布',
    lead: '新品发布、融资、活动与声明的新闻稿撰写与发布：财经、科技、行业与地方媒体，发布后提供链接与转载报告。',
    tags: ['新闻稿撰写', '媒体发布', '发布回执', '转载追踪'],
    features: [
      { title: '撰写与审校', desc: '按新闻体例撰写，发布前经您确认。' },
      { title: '媒体组合', desc: '按行业与预算组合门户、行业媒体与地方媒体。' },
      { title: '公众号同步', desc: '可同步到行业公众号，发布后监测阅读。' },
      { title: '发布报告', desc: '交付每家媒体的发布链接与截图，统计公众号转载。' },
    ],
    steps: [
      { title: '提供素材', desc: '事件要点、图片与发布时间' },
      { title: '撰写确认', desc: '新闻稿撰写与修改' },
      { title: '选择媒体', desc: '确认媒体清单与报价' },
      { title: '发布回执', desc: '交付链接、截图与转载统计' },
    ],
    faq: [
      { q: '发布后能修改吗？', a: '多数媒体发布后不支持修改，请在确认稿件时仔细核对。' },
      {
        q: '能统计有多少公众号转载了吗？',
        a: '可以。用文章搜索按标题关键词检索已收录公众号中的转载文章及其阅读。',
      },
    ],
    links: [
      { label: '新闻源发布', to: '/News', desc: '资讯平台与新闻源收录' },
      { label: '文章搜索', to: '/appsearch/articleSearch', desc: '按标题查找转载' },
      { label: '推文代写', to: '/tweet', desc: '公众号推文撰写' },
    ],
  },
  {
    service: 'News',
    path: '/News',
    group: GROUP,
    heading: '新闻源发布',
    lead: '让品牌资讯被搜索引擎与资讯客户端收录：新闻源媒体、资讯平台账号发布与收录查询。',
    tags: ['新闻源', '资讯平台', '搜索收录', '品牌背书'],
    features: [
      { title: '新闻源媒体', desc: '选择被主流搜索引擎作为新闻源收录的媒体发布。' },
      { title: '资讯平台', desc: '百家号、网易号、搜狐号等资讯平台账号发布。' },
      { title: '收录查询', desc: '发布后核查搜索引擎收录情况并交付截图。' },
      { title: '与新闻稿联动', desc: '与新闻稿发布组合，形成一次发布、多处收录。' },
    ],
    steps: [
      { title: '确认稿件', desc: '提供或委托撰写稿件' },
      { title: '选择渠道', desc: '新闻源与资讯平台清单' },
      { title: '发布', desc: '按排期发布' },
      { title: '收录报告', desc: '链接与收录截图' },
    ],
    faq: [
      {
        q: '一定会被搜索引擎收录吗？',
        a: '收录由搜索引擎决定，我们只选择收录记录稳定的渠道，并如实报告收录结果。',
      },
    ],
    links: [
      { label: '新闻稿发布', to: '/releaseNews', desc: '新闻稿撰写与媒体发布' },
      { label: '今日头条采集', to: '/JinRiTouTiao', desc: '头条号资讯数据' },
      { label: '搜索优化', to: '/advertisingSeo', desc: '品牌词搜索结果布局' },
    ],
  },
  {
    service: 'advertisingtraffic',
    path: '/appsearch/advertisingtraffic',
    group: GROUP,
    heading: '流量广告投放',
    lead: '按数据选号投放公众号广告：先看真实阅读再谈价格，投放前用刷量榜与刷量报告排除风险号，投放后分钟级监测。',
    tags: ['真实榜选号', '头条平均阅读', '刷量筛查', '单次阅读成本'],
    live: { block: 'traffic', title: '按数据选号：行业真实榜' },
    features: [
      {
        title: '真实阅读优先',
        desc: '真实榜的 WCI 已扣除估算刷量阅读，头条平均阅读反映每次投放的预期曝光。',
      },
      { title: '刷量筛查', desc: '在刷量榜与新增刷量榜中核对候选号，近期有刷量文章的号不进入方案。' },
      { title: '性价比测算', desc: '单次阅读成本 = 报价 ÷ 头条平均阅读，按此排序候选号。' },
      { title: '低粉爆文号', desc: '低粉爆文中阅读远超自身中位数的号，常是小预算的高性价比选择。' },
      { title: '对比与收藏', desc: '勾选候选号做近 7 / 30 天对比，或收藏到分组持续观察。' },
    ],
    steps: placementSteps,
    faq: [
      monitoringFaq,
      {
        q: '为什么用真实榜而不是综合榜？',
        a: '综合榜按全部阅读计算，刷量号可能排名靠前；真实榜扣除了估算刷量阅读，更接近实际能买到的曝光。',
      },
      { q: '访客能看多少名？', a: '榜单前 100 名对所有人开放，更多名次需开通会员。' },
    ],
    links: [
      { label: '公众号真实榜', to: '/appsearch/trueNumber', desc: '扣除刷量后的排名' },
      { label: '刷量榜', to: '/appsearch/trueNumberOld', desc: '近期刷量的公众号' },
      { label: '低粉爆文', to: '/appsearch/burst', desc: '低粉高阅读的号' },
      { label: '公众号对比', to: '/appsearch/offcontrast', desc: '候选号数据对比' },
      { label: '新建分钟级监测', to: '/appsearch/monitorNew', desc: '投放文章的监测' },
    ],
  },
  {
    service: 'MediaServices',
    path: '/MediaServices',
    group: GROUP,
    heading: '媒体服务',
    lead: '为媒体与自媒体机构提供账号运营诊断、竞品对标与商业化建议，以公众号数据说明账号的真实价值。',
    tags: ['账号诊断', '竞品对标', '刊例定价', '媒体资源对接'],
    features: [
      { title: '账号诊断', desc: '发文节奏、各位置平均阅读、爆文率与发布时间分布的诊断报告。' },
      { title: '竞品对标', desc: '与同行业 2–5 个账号对比近 7 / 30 天的发文、阅读、点赞与在看。' },
      { title: '刊例定价建议', desc: '按头条平均阅读与行业单次阅读成本给出刊例价区间建议。' },
      { title: '资源对接', desc: '将通过刷量检测的账号纳入投放资源库，对接广告主需求。' },
    ],
    steps: [
      { title: '提交账号', desc: '提供需要诊断的公众号' },
      { title: '数据分析', desc: '基于已采集数据生成报告' },
      { title: '解读沟通', desc: '数据顾问解读结论与建议' },
      { title: '持续跟踪', desc: '按月更新对标数据' },
    ],
    faq: [
      {
        q: '账号没有被收录怎么办？',
        a: '先通过「公众号收录」提交，收录后开始采集，也可下单历史回采补齐近 6 个月的文章。',
      },
      monitoringFaq,
    ],
    links: [
      { label: '公众号对比', to: '/appsearch/offcontrast', desc: '与竞品对比' },
      { label: '品牌榜', to: '/appsearch/companylist', desc: '按主体汇总的账号矩阵' },
      { label: '流量主收益估算', to: '/officialflow', desc: '估算广告分成收益' },
    ],
  },
  {
    service: 'tweet',
    path: '/tweet',
    group: GROUP,
    heading: '推文代写',
    lead: '公众号推文的选题、撰写、排版与发布建议：参考同行业爆文的选题与标题，写出读者愿意读完的内容。',
    tags: ['选题策划', '撰写排版', '标题优化', '发布时间建议'],
    features: [
      { title: '选题策划', desc: '参考今日热文与同行业近期爆文，给出选题清单。' },
      { title: '撰写与排版', desc: '按账号风格撰写，交付可直接粘贴到公众号后台的排版稿。' },
      { title: '标题优化', desc: '每篇提供多个备选标题，说明各自的取向。' },
      { title: '发布时间', desc: '按账号历史发文时间分布与读者活跃时段建议发布时间。' },
    ],
    steps: [
      { title: '了解账号', desc: '账号定位、读者与风格' },
      { title: '选题确认', desc: '提交选题清单供确认' },
      { title: '撰写交稿', desc: '初稿与修改' },
      { title: '发布复盘', desc: '发布后对比阅读与同类文章' },
    ],
    faq: [
      { q: '可以包月吗？', a: '可以，按每月篇数报价；单篇也可下单。' },
      { q: '稿件原创吗？', a: '全部原创撰写，交付后版权归您。' },
    ],
    links: [
      { label: '今日热文', to: '/appsearch/hottext', desc: '今天阅读最高的文章' },
      { label: '低粉爆文', to: '/appsearch/burst', desc: '小号也能出爆文的选题' },
      { label: '原创榜', to: '/appsearch/otherRankings?type=original', desc: '原创内容的排名' },
    ],
  },
  {
    service: 'xlhz',
    path: '/xlhz',
    group: GROUP,
    heading: '渠道合作',
    lead: '面向代理商、MCN 与数据服务商的合作：数据接口分销、联合投放与效果合作（CPA / CPS），按真实数据结算。',
    tags: ['代理合作', 'API 分销', '效果合作', '按效果结算'],
    features: [
      { title: '代理合作', desc: '代理会员与 API 套餐，享受渠道价格与独立邀请码。' },
      { title: '数据接口分销', desc: '把公众号数据接口集成到您的产品中，按调用量结算。' },
      { title: '效果合作', desc: '按下载、注册或成交计费的投放，以第三方监测数据结算。' },
      { title: '联合方案', desc: '与您的媒体资源组合成面向广告主的整体方案。' },
    ],
    steps: [
      { title: '合作意向', desc: '提交合作类型与资源介绍' },
      { title: '沟通评估', desc: '确认合作模式与结算方式' },
      { title: '签约开通', desc: '签署合作协议并开通账号' },
      { title: '对账结算', desc: '按月对账结算' },
    ],
    faq: [
      {
        q: '效果合作用谁的数据结算？',
        a: '以双方认可的第三方监测或您后台的数据为准，公众号曝光以本平台采集的阅读数据为参考。',
      },
      { q: 'API 怎么计费？', a: '按次计费，价格见 API 页面；渠道合作另有阶梯价格。' },
    ],
    links: [
      { label: 'API 价格与充值', to: '/appsearch/interface', desc: '公众号数据 API' },
      { label: 'API 接口文档', to: '/appsearch/APIAssemble', desc: '接口文档与在线调试' },
      { label: '会员中心', to: '/appsearch/center', desc: '邀请有礼与会员' },
    ],
  },
  {
    service: 'apptp',
    path: '/apptp',
    group: GROUP,
    heading: '小程序推广投放',
    lead: '在公众号文章中嵌入小程序卡片获客：参考同类小程序投放了哪些号，按曝光与阅读挑选投放渠道。',
    tags: ['文章嵌入', '竞品投放追踪', '曝光评估', '获客成本'],
    live: { block: 'minipro', title: '实时数据：本周投放曝光最高的小程序' },
    features: [
      { title: '竞品追踪', desc: '查看同类小程序嵌入过哪些公众号文章，直接复用已验证的渠道。' },
      { title: '渠道选择', desc: '结合真实榜与头条平均阅读挑选投放号，排除刷量号。' },
      { title: '卡片与文案', desc: '小程序卡片标题、封面与文中引导文案建议。' },
      { title: '效果复盘', desc: '投放文章的阅读监测，结合小程序后台访问数据计算获客成本。' },
    ],
    steps: placementSteps,
    faq: [
      monitoringFaq,
      {
        q: '能看到竞品小程序的访问量吗？',
        a: '看不到小程序内部数据；能看到的是它在公众号文章中的曝光（文章阅读之和）与投放的号。',
      },
    ],
    links: [
      { label: '小程序榜', to: '/appsearch/programTop', desc: '按曝光排名' },
      { label: '小程序搜索', to: '/appsearch/searchild', desc: '查找竞品小程序' },
      { label: '流量广告投放', to: '/appsearch/advertisingtraffic', desc: '按真实榜选号' },
    ],
  },
  {
    service: 'appsli',
    path: '/appsli',
    group: '数据服务',
    heading: '小程序数据服务',
    lead: '小程序在公众号生态中的曝光数据服务：榜单、投放追踪、同主体矩阵与定期数据报告。',
    tags: ['小程序榜', '投放追踪', '同主体矩阵', '定期报告'],
    live: { block: 'minipro', title: '实时数据：本周小程序曝光榜前 10' },
    features: [
      { title: '曝光榜单', desc: '按日、周、月统计小程序在公众号文章中的曝光与名次变化。' },
      { title: '投放明细', desc: '某个小程序被哪些公众号、哪些文章嵌入，阅读多少。' },
      { title: '主体矩阵', desc: '同一运营主体旗下的全部小程序（豪华会员及以上）。' },
      { title: '定期报告', desc: '按周或按月把关注的小程序数据整理成报告发送给您（定制）。' },
    ],
    fields: [
      { name: 'appid / 名称 / 主体', desc: '小程序标识' },
      { name: '曝光 / 文章数 / 公众号数', desc: '按周期汇总及 30 天数据' },
      { name: '嵌入文章明细', desc: '文章、公众号、发布时间、阅读' },
    ],
    delivery: [
      { label: '在线', value: '小程序榜、搜索与详情页' },
      { label: '定期报告', value: 'Excel + 图表摘要，按周或按月，按关注的小程序数量报价' },
    ],
    steps: [
      { title: '确定小程序', desc: '在搜索中确认 appid' },
      { title: '提交需求', desc: '报告频率与指标' },
      { title: '样例确认', desc: '确认报告格式' },
      { title: '定期交付', desc: '按约定周期发送' },
    ],
    faq: [{ q: '数据多久更新？', a: '随公众号文章采集与阅读数刷新持续更新，榜单按周期重算。' }],
    links: [
      { label: '小程序数据采集', to: '/XiaoChengXu', desc: '采集范围与字段' },
      { label: '小程序榜', to: '/appsearch/programTop', desc: '曝光排名' },
      { label: '小程序推广投放', to: '/apptp', desc: '用数据选投放渠道' },
    ],
  },
  {
    service: 'automatic',
    path: '/automatic',
    group: '数据服务',
    heading: '自动化数据服务',
    lead: '不用每天手动导出：把公众号文章与阅读数据按计划推送到您的邮箱、接口或数据库，或通过 API 自行定时拉取。',
    tags: ['定时导出', '数据推送', 'API 拉取', '系统对接'],
    features: [
      {
        title: '自己拉取（即开即用）',
        desc: '用付费 API 定时调用历史文章、阅读点赞与刷量检测接口，按次计费。',
      },
      {
        title: '定时导出（定制）',
        desc: '按日 / 周把指定公众号或分组的新文章与数据导出为 Excel，发到邮箱。',
      },
      { title: '数据推送（定制）', desc: '新文章与阅读数更新时推送到您的 Webhook，或写入您的数据库。' },
      { title: '监测告警（定制）', desc: '关键词命中、阅读异常或疑似刷量时推送告警。' },
    ],
    fields: [
      { name: '文章', desc: '标题、链接、位置、发布时间、原创标记' },
      { name: '数据', desc: '阅读、点赞、在看、转发、留言数及采集时间' },
      { name: '公众号', desc: '名称、微信号、主体、行业' },
    ],
    delivery: [
      { label: '即开即用', value: '付费 API：按次计费，见 API 页面的价格与调用示例' },
      {
        label: '定制推送',
        value: 'Excel 邮件、Webhook（JSON）或数据库写入；频率按日 / 按小时；按公众号数量与频率报价',
      },
    ],
    steps: [
      { title: '提交需求', desc: '数据范围、频率与接收方式' },
      { title: '对接测试', desc: '联调推送地址或邮箱' },
      { title: '试运行', desc: '一周试运行核对数据' },
      { title: '正式运行', desc: '按约定频率推送' },
    ],
    faq: [
      { q: '推送失败会丢数据吗？', a: 'Webhook 推送失败会重试，超过重试次数的批次可在对接群中申请补推。' },
      {
        q: '和全量下载有什么区别？',
        a: '全量下载是您在页面上手动导出一次；自动化服务是按计划持续交付新增数据。',
      },
    ],
    links: [
      { label: 'API 价格与充值', to: '/appsearch/interface', desc: '按次计费的数据接口' },
      { label: 'API 接口文档', to: '/appsearch/APIAssemble', desc: '接口文档与调试' },
      { label: '全量数据下载', to: '/quanliang', desc: '手动导出历史数据' },
    ],
  },
  {
    service: 'officialflow',
    path: '/officialflow',
    group: '数据工具',
    heading: '公众号流量主收益估算',
    lead: '选一个公众号，用它最近文章的真实阅读数估算开通流量主后的广告收益；假设可改，公式公开。',
    tags: ['流量主', '广告分成', '收益估算', '公式公开'],
    live: { block: 'flow', title: '流量主收益计算器' },
    features: [
      { title: '真实阅读', desc: '阅读数取自平台采集的该号最近 20 篇文章，不是行业平均值。' },
      { title: '假设可改', desc: '广告曝光率、点击率、单次点击收益与月发文篇数都可按您的经验修改。' },
      { title: '逐篇估算', desc: '样本中每篇文章按自身阅读给出预估收益，看清头条与次条的差距。' },
      { title: '提升建议（定制）', desc: '结合发文时间与各位置阅读，给出提升流量主收益的运营建议。' },
    ],
    steps: [
      { title: '选择公众号', desc: '搜索并选择已收录的公众号' },
      { title: '查看样本', desc: '核对最近文章与篇均阅读' },
      { title: '调整假设', desc: '按实际情况修改参数' },
      { title: '获取建议', desc: '需要运营诊断时提交需求' },
    ],
    faq: [
      {
        q: '估算准吗？',
        a: '只是量级参考。实际收益由微信的广告填充、读者画像、广告位置与结算规则决定，以公众平台流量主后台为准。',
      },
      {
        q: '默认参数是怎么来的？',
        a: '曝光率 50%、点击率 1.5%、单次点击收益 ¥0.5 取自公开分享的流量主经验区间的中间值，请按自己后台的数据修改。',
      },
      {
        q: '什么号能开通流量主？',
        a: '需满足微信公众平台规定的关注人数等条件，以公众平台当时的开通规则为准。',
      },
    ],
    links: [
      { label: '公众号详情', to: '/appsearch/index', desc: '查看账号的历史文章与分析' },
      { label: '媒体服务', to: '/MediaServices', desc: '账号诊断与刊例定价建议' },
      { label: '推文代写', to: '/tweet', desc: '提升阅读的内容服务' },
    ],
  },
];
