// 客户案例 (/customerCase, /customcase?id=): typical scenarios by industry, anonymous on purpose. They describe how
// the platform's features solve a kind of problem; they name no client and claim no results.
export interface CaseStudy {
  id: string;
  industry: string;
  title: string;
  /** Who typically has this problem. */
  who: string;
  problem: string;
  /** The solution as steps, each with the platform page that does it. */
  steps: { text: string; label: string; to: string }[];
  /** What the customer gets at the end. */
  outputs: string[];
}

export const CASES: CaseStudy[] = [
  {
    id: 'fmcg-prescreen',
    industry: '快消',
    title: '某快消品牌：投放前刷量筛查',
    who: '每季度在数十个公众号投放新品推文的品牌市场部',
    problem: '代理商报来的号阅读都很好看，但投放后咨询量与阅读不成比例，怀疑部分号刷量。',
    steps: [
      {
        text: '把代理商清单中的号收藏到一个分组，逐个查看历史文章的阅读走势',
        label: '公众号关注',
        to: '/appsearch/officialAccount',
      },
      {
        text: '在刷量榜、新增刷量榜中核对清单里的号，近期有刷量文章的号剔除',
        label: '刷量榜',
        to: '/appsearch/trueNumberOld',
      },
      {
        text: '对剩下的号在真实榜中按行业查看扣除刷量后的排名',
        label: '真实榜',
        to: '/appsearch/trueNumber',
      },
      {
        text: '投放当天对每篇推文下单分钟级监测，监测结束读刷量分析报告',
        label: '新建分钟级监测',
        to: '/appsearch/monitorNew',
      },
    ],
    outputs: [
      '剔除名单及依据（刷量文章与估算刷量占比）',
      '每篇投放文章的刷量分析报告',
      '按真实阅读计算的单次阅读成本',
    ],
  },
  {
    id: 'edu-channel',
    industry: '教育',
    title: '某在线教育机构：寻找高性价比的垂类号',
    who: '预算有限、希望按报名成本投放的教育机构',
    problem: '头部教育号报价高，想找读者活跃但报价不高的中小号。',
    steps: [
      {
        text: '在低粉爆文中按教育行业筛选近 30 天阅读远超自身水平的号',
        label: '低粉爆文',
        to: '/appsearch/burst',
      },
      {
        text: '在行业榜中查看这些号的 WCI 与头条平均阅读是否稳定',
        label: '行业榜',
        to: '/appsearch/AccountTypeRank',
      },
      { text: '勾选候选号做近 30 天对比，排除波动大的号', label: '公众号对比', to: '/appsearch/offcontrast' },
      {
        text: '用流量广告投放页按真实榜复核，并收藏进投放分组',
        label: '流量广告投放',
        to: '/appsearch/advertisingtraffic',
      },
    ],
    outputs: ['候选号清单与各号头条平均阅读', '对比图表', '投放后的阅读监测报告'],
  },
  {
    id: 'auto-opinion',
    industry: '汽车',
    title: '某汽车品牌：新车上市期间的舆情监测',
    who: '新车上市、需要及时发现负面讨论的品牌公关团队',
    problem: '上市期间自媒体评测集中发布，需要尽早发现质量相关的负面文章并评估影响。',
    steps: [
      {
        text: '订阅车型名、品牌名与“异响”“召回”等组合关键词',
        label: '公众号关键词实时监控',
        to: '/OfficialAccountKeywordMonitor',
      },
      {
        text: '同时订阅视频号关键词，覆盖视频评测',
        label: '视频号关键词监控',
        to: '/VideoAccountKeywordMonitor',
      },
      {
        text: '对阅读快速增长的命中文章下单分钟级监测，判断传播速度',
        label: '新建分钟级监测',
        to: '/appsearch/monitorNew',
      },
      { text: '按舆情处置的分级响应决定是否回应', label: '舆情处置', to: '/processing' },
    ],
    outputs: ['命中文章清单（阅读、点赞、发布号）', '事件分级与回应建议', '复盘报告'],
  },
  {
    id: 'gov-matrix',
    industry: '政务',
    title: '某地政务新媒体：账号矩阵月度考核',
    who: '管理数十个下属单位公众号的宣传部门',
    problem: '每月手工统计各单位公众号的发文与阅读，耗时且口径不一。',
    steps: [
      { text: '把下属单位的公众号收藏到一个分组', label: '公众号关注', to: '/appsearch/officialAccount' },
      { text: '按主体查看矩阵汇总与每日阅读趋势', label: '品牌榜', to: '/appsearch/companylist' },
      {
        text: '在地区榜中查看各号在本地区的排名变化',
        label: '地区榜',
        to: '/appsearch/otherRankings?type=area_rank',
      },
      { text: '每月导出各号的历史文章数据作为考核底表', label: '全量数据下载', to: '/quanliang' },
    ],
    outputs: ['统一口径的月度发文、阅读、点赞统计表', '地区排名变化', '可复用的考核模板（定制）'],
  },
  {
    id: 'ecommerce-minipro',
    industry: '电商',
    title: '某电商品牌：跟踪竞品的小程序投放',
    who: '通过公众号文章内嵌商城小程序获客的电商团队',
    problem: '竞品小程序在公众号上投放频繁，想知道它投了哪些号、效果如何。',
    steps: [
      { text: '在小程序搜索中按名称找到竞品小程序', label: '小程序搜索', to: '/appsearch/searchild' },
      {
        text: '在小程序详情中查看嵌入它的公众号与文章及阅读',
        label: '小程序榜',
        to: '/appsearch/programTop',
      },
      { text: '把这些号放入候选清单，按真实榜复核后投放', label: '小程序推广投放', to: '/apptp' },
    ],
    outputs: ['竞品投放过的公众号与文章清单', '按曝光排序的候选渠道', '投放后的阅读监测'],
  },
  {
    id: 'media-pricing',
    industry: '自媒体',
    title: '某自媒体机构：刊例定价与流量主收益评估',
    who: '运营多个公众号、需要给广告位定价的自媒体机构',
    problem: '不同号的刊例价凭经验定，广告主常以阅读数据质疑报价。',
    steps: [
      { text: '在公众号详情的基础分析中查看各位置平均阅读', label: '公众号搜索', to: '/appsearch/index' },
      { text: '用流量主收益估算对比接广告与流量主的收益', label: '流量主收益估算', to: '/officialflow' },
      { text: '与同行业号对比，确定价格区间', label: '公众号对比', to: '/appsearch/offcontrast' },
    ],
    outputs: ['各号的阅读与收益估算表', '同行业对标', '刊例定价建议（媒体服务）'],
  },
  {
    id: 'research-dataset',
    industry: '研究机构',
    title: '某研究机构：行业公众号文本数据集',
    who: '需要大量公众号文章做文本分析的高校与研究机构',
    problem: '需要某行业近一年的公众号文章标题、正文与阅读数据做研究。',
    steps: [
      { text: '在公众号搜索中按行业筛选，确认已收录的账号范围', label: '公众号搜索', to: '/appsearch/index' },
      { text: '对缺失的账号提交收录并下单历史回采', label: '历史文章回采', to: '/appsearch/stoping' },
      { text: '提交数据定制需求，约定字段、时间范围与交付格式', label: '数据定制', to: '/customization' },
    ],
    outputs: ['结构化数据集（CSV / JSON）', '字段说明文档', '按月增量更新（可选）'],
  },
];

export const caseById = (id: string) => CASES.find((c) => c.id === id);
