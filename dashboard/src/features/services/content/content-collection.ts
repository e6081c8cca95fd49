// Data-collection pages per platform (spec §2 "Data collection pages per platform"). WeChat mini-programs and
// account QR codes come from what this platform crawls; the other platforms are honest custom-collection offers.
import type { ServiceContent } from './content-types';

const GROUP = '数据采集';

/** Delivery terms shared by the custom collections of platforms we do not crawl ourselves. */
const customDelivery = (extra: string): ServiceContent['delivery'] => [
  { label: '交付格式', value: 'Excel（.xlsx）、CSV（UTF-8）、JSON 文件，或按约定推送到您的接口 / 数据库' },
  { label: '更新频率', value: `一次性交付，或按日 / 按周增量交付；${extra}` },
  {
    label: '交付周期',
    value: '确认需求后先交付样例数据供核对字段，样例确认后按数据量排期，全量交付时间在报价单中写明',
  },
  {
    label: '计价方式',
    value: '按需报价：依据账号或关键词数量、时间范围、字段多少与更新频率计算，样例数据免费',
  },
  {
    label: '合规说明',
    value: '只采集公开可见的数据，不采集私信、非公开主页等个人隐私信息；交付数据仅限您内部分析使用',
  },
];

const customSteps: ServiceContent['steps'] = [
  { title: '提交需求', desc: '说明平台、账号 / 关键词范围、时间范围与所需字段' },
  { title: '评估与报价', desc: '数据顾问确认可采集性、字段与交付方式，给出报价与排期' },
  { title: '样例确认', desc: '先交付一小批样例数据，您核对字段与口径' },
  { title: '正式交付', desc: '按约定格式与频率交付，交付后支持字段调整与补采' },
];

const customFaq = (platform: string): ServiceContent['faq'] => [
  {
    q: `平台上能直接查到${platform}的数据吗？`,
    a: `不能。本平台自动采集的是微信公众号、文章与视频号数据；${platform}数据是按您的需求单独采集后交付的定制服务，不在平台页面上展示。`,
  },
  {
    q: '能采集历史数据吗？',
    a: `可以采集${platform}上仍公开可见的历史内容；已删除、设为私密或平台不再展示的内容无法采集。可追溯的时间范围在评估时确认。`,
  },
  {
    q: '数据能否和公众号数据放在一起分析？',
    a: '可以。交付时可按您的品牌 / 关键词口径与本平台的公众号数据对齐字段，方便做全网声量对比。',
  },
];

export const collectionPages: ServiceContent[] = [
  {
    service: 'XiaoChengXu',
    path: '/XiaoChengXu',
    group: GROUP,
    heading: '小程序数据采集',
    lead: '从公众号文章中识别被嵌入的小程序：名称、appid、所属主体、曝光与投放它的公众号，看清哪些小程序在公众号生态里获客。',
    tags: ['文章嵌入识别', '曝光统计', '投放公众号', '同主体小程序'],
    live: { block: 'minipro', title: '实时数据：本周曝光最高的小程序' },
    features: [
      {
        title: '嵌入识别',
        desc: '采集器打开每篇新文章的页面，识别其中的小程序卡片、文字链与图片链，记录 appid 与路径。',
      },
      {
        title: '曝光统计',
        desc: '曝光 = 嵌入该小程序的文章的阅读数之和，随文章阅读数刷新，按日、周、月生成小程序榜。',
      },
      { title: '投放方追踪', desc: '列出嵌入某个小程序的全部公众号与文章，判断它在哪些行业、哪些号上投放。' },
      { title: '同主体关联', desc: '按运营主体关联同一公司的其他小程序，发现竞品的小程序矩阵。' },
      { title: '定制导出', desc: '按 appid 列表或行业导出历史嵌入记录与曝光，适合投放复盘与竞品研究。' },
    ],
    fields: [
      { name: 'appid / 名称 / 图标', desc: '小程序标识与展示信息' },
      { name: '所属主体 / 类目标签', desc: '运营主体与类目' },
      { name: '嵌入文章', desc: '文章标题、链接、发布时间、位置、阅读数' },
      { name: '投放公众号', desc: '公众号名称、微信号、行业' },
      { name: '曝光 / 文章数 / 公众号数', desc: '按统计周期汇总' },
    ],
    delivery: [
      { label: '在线查看', value: '小程序榜、小程序搜索与详情页，随采集实时更新' },
      { label: '定制导出', value: 'Excel / CSV / JSON，按 appid 列表、行业或时间范围导出，按需报价' },
    ],
    steps: [
      { title: '在线查询', desc: '先在小程序榜与搜索中确认目标小程序' },
      { title: '提交需求', desc: '说明 appid 范围、时间范围与字段' },
      { title: '确认样例', desc: '核对字段与统计口径' },
      { title: '交付数据', desc: '一次性或按周增量交付' },
    ],
    faq: [
      {
        q: '曝光数是小程序的真实访问量吗？',
        a: '不是。曝光是嵌入它的公众号文章的阅读数之和，反映它在公众号文章中被看到的机会，不等于打开次数。',
      },
      {
        q: '为什么有的小程序查不到？',
        a: '只统计被已收录公众号的文章嵌入过的小程序。可以先通过「公众号收录」提交相关公众号。',
      },
      {
        q: '能追溯多久以前的嵌入记录？',
        a: '从公众号被收录并开始采集文章页起算；更早的历史可通过历史回采补采后再识别。',
      },
    ],
    links: [
      { label: '小程序榜', to: '/appsearch/programTop', desc: '按曝光排名的日榜、周榜、月榜' },
      { label: '小程序搜索', to: '/appsearch/searchild', desc: '按名称、appid 或描述查找' },
      { label: '小程序数据服务', to: '/appsli', desc: '小程序投放监测与数据定制' },
    ],
  },
  {
    service: 'WechatQRCode',
    path: '/WechatQRCode',
    group: GROUP,
    heading: '公众号二维码采集与生成',
    lead: '为任意已收录的公众号生成关注二维码，批量导出公众号二维码与主页链接；微信群二维码的采集与整理作为定制服务提供。',
    tags: ['关注二维码', '批量导出', '主页链接', '微信群二维码（定制）'],
    live: { block: 'qrcode', title: '在线生成：公众号关注二维码' },
    features: [
      {
        title: '即时生成',
        desc: '二维码由服务器按公众号主页链接绘制，扫码直接打开公众号主页，不依赖外部图床。',
      },
      {
        title: '批量导出',
        desc: '按公众号 ID 列表批量生成（每次最多 20 个，接口 common/v1/qrcode_images），得到 PNG 图片与对应主页链接。',
      },
      { title: '物料友好', desc: 'SVG 矢量格式可无损放大，适合印刷海报、展架与投放落地页。' },
      {
        title: '微信群二维码（定制）',
        desc: '按行业或关键词整理公开发布的微信群二维码，附来源与有效期说明；群码 7 天过期，按需更新。',
      },
    ],
    fields: [
      { name: '公众号名称 / 微信号', desc: '二维码对应的公众号' },
      { name: '主页链接', desc: '二维码编码的公众号主页地址' },
      { name: '二维码图片', desc: 'SVG（单个下载）或 PNG（批量，120–600 像素可选）' },
      { name: '群二维码来源与时间（定制）', desc: '公开来源页面、采集时间与预计过期时间' },
    ],
    delivery: [
      { label: '公众号二维码', value: '本页在线生成与下载，免费；批量生成通过接口 common/v1/qrcode_images' },
      { label: '微信群二维码', value: '定制采集，Excel + 图片压缩包交付，按需报价' },
    ],
    steps: [
      { title: '搜索公众号', desc: '在上方选择已收录的公众号' },
      { title: '生成下载', desc: '即时生成并下载关注二维码' },
      { title: '批量需求', desc: '需要批量或群二维码时提交需求' },
      { title: '交付', desc: '按约定格式交付图片与链接清单' },
    ],
    faq: [
      {
        q: '找不到想要的公众号怎么办？',
        a: '点击页头「功能地图」中的「公众号收录」，按名称或文章链接提交收录，收录后即可生成。',
      },
      {
        q: '生成的二维码会过期吗？',
        a: '公众号关注二维码编码的是公众号主页链接，长期有效；微信群二维码由微信规定 7 天过期。',
      },
      {
        q: '能采集私密群或朋友圈里的群码吗？',
        a: '不能。只整理公开网页上发布的群二维码，不涉及任何非公开内容。',
      },
    ],
    links: [
      { label: '公众号搜索', to: '/appsearch/index', desc: '按名称、微信号或主体找公众号' },
      { label: '公众号关注', to: '/appsearch/officialAccount', desc: '把公众号收藏到分组，便于批量生成' },
      { label: '数据定制', to: '/customization', desc: '其他公众号数据的定制采集' },
    ],
  },
  {
    service: 'WeiBo',
    path: '/WeiBo',
    group: GROUP,
    heading: '微博数据采集（定制服务）',
    lead: '按账号、话题或关键词采集微博公开数据：博文、转评赞、话题阅读与讨论量、账号粉丝变化，用于品牌声量与 KOL 评估。',
    tags: ['博文与互动', '话题热度', '账号画像', '按需报价'],
    notice: '本平台不自动抓取微博：微博数据为按需定制采集、离线交付的服务，平台页面上不展示微博数据。',
    features: [
      { title: '账号采集', desc: '指定账号的历史博文、发布时间、转发 / 评论 / 点赞数，以及粉丝数变化。' },
      { title: '关键词与话题', desc: '按关键词或 #话题# 采集相关博文，统计每日声量与话题阅读、讨论量。' },
      { title: '评论采集', desc: '采集指定博文的公开评论与楼中楼，可附情感倾向标注。' },
      { title: 'KOL 评估', desc: '汇总账号近 30 / 90 天的发博频率、互动中位数，辅助筛选投放博主。' },
    ],
    fields: [
      { name: '博文', desc: '博文 ID、链接、正文、发布时间、来源、图片 / 视频链接' },
      { name: '互动', desc: '转发数、评论数、点赞数（采集时点）' },
      { name: '账号', desc: '昵称、认证类型、粉丝数、关注数、博文总数' },
      { name: '话题', desc: '话题名、阅读量、讨论量、主持人' },
      { name: '评论', desc: '评论内容、时间、点赞数、IP 属地（平台公开展示时）' },
    ],
    delivery: customDelivery('热点事件期间可按小时更新'),
    steps: customSteps,
    faq: customFaq('微博'),
    links: [
      {
        label: '关键词实时监控',
        to: '/OfficialAccountKeywordMonitor',
        desc: '公众号侧的关键词声量，可与微博数据对照',
      },
      { label: '舆情处置', to: '/processing', desc: '负面舆情的监测、研判与处置' },
      { label: '其他平台采集', to: '/Other', desc: '小红书、B 站等平台' },
    ],
  },
  {
    service: 'ZhiHu',
    path: '/ZhiHu',
    group: GROUP,
    heading: '知乎数据采集（定制服务）',
    lead: '采集知乎问题、回答、文章与评论的公开数据，分析品类话题的讨论焦点与口碑，评估知乎答主的影响力。',
    tags: ['问题与回答', '赞同与评论', '答主分析', '按需报价'],
    notice: '本平台不自动抓取知乎：知乎数据为按需定制采集、离线交付的服务，平台页面上不展示知乎数据。',
    features: [
      { title: '问题采集', desc: '按关键词或话题采集问题及其关注数、浏览量、回答数。' },
      { title: '回答与文章', desc: '采集回答 / 文章正文、赞同数、评论数、发布与编辑时间。' },
      { title: '答主画像', desc: '答主的粉丝数、获赞数、回答数与领域，辅助挑选合作答主。' },
      { title: '口碑分析', desc: '对回答与评论做品牌提及与情感倾向标注，汇总正负面观点。' },
    ],
    fields: [
      { name: '问题', desc: '问题 ID、标题、话题、关注数、浏览量、回答数' },
      { name: '回答 / 文章', desc: '正文、作者、赞同数、评论数、发布时间' },
      { name: '答主', desc: '昵称、粉丝数、获赞数、认证信息' },
      { name: '评论', desc: '评论内容、时间、点赞数' },
    ],
    delivery: customDelivery('新问题可按日增量'),
    steps: customSteps,
    faq: customFaq('知乎'),
    links: [
      { label: '数据定制', to: '/customization', desc: '跨平台数据定制方案' },
      { label: '搜索优化', to: '/advertisingSeo', desc: '知乎问答与搜索结果的内容布局' },
      { label: '客户案例', to: '/customerCase', desc: '典型场景与示例方案' },
    ],
  },
  {
    service: 'KuaiShou',
    path: '/KuaiShou',
    group: GROUP,
    heading: '快手数据采集（定制服务）',
    lead: '采集快手达人与作品的公开数据：作品播放、点赞、评论、粉丝变化与直播带货商品，用于达人筛选与带货复盘。',
    tags: ['达人与作品', '直播商品', '评论分析', '按需报价'],
    notice: '本平台不自动抓取快手：快手数据为按需定制采集、离线交付的服务，平台页面上不展示快手数据。',
    features: [
      { title: '达人作品', desc: '指定达人的作品列表、发布时间、播放 / 点赞 / 评论 / 分享数。' },
      { title: '粉丝趋势', desc: '按日记录达人粉丝数，识别异常涨粉。' },
      { title: '直播与商品', desc: '直播场次的公开商品信息、价格与销量展示值（平台公开展示时）。' },
      { title: '评论采集', desc: '作品评论与情感倾向，了解用户对产品的真实反馈。' },
    ],
    fields: [
      { name: '作品', desc: '作品 ID、链接、标题、时长、发布时间、封面' },
      { name: '互动', desc: '播放、点赞、评论、分享数（采集时点）' },
      { name: '达人', desc: '昵称、快手号、粉丝数、作品数、认证' },
      { name: '商品', desc: '商品名、价格、销量展示值、所属小店' },
    ],
    delivery: customDelivery('直播期间可加密采集'),
    steps: customSteps,
    faq: customFaq('快手'),
    links: [
      { label: '种草带货', to: '/grassCargo', desc: '达人种草与带货投放服务' },
      { label: '抖音采集', to: '/DouYin', desc: '抖音达人与作品数据' },
      { label: '数据定制', to: '/customization', desc: '跨平台数据定制方案' },
    ],
  },
  {
    service: 'JinRiTouTiao',
    path: '/JinRiTouTiao',
    group: GROUP,
    heading: '今日头条数据采集（定制服务）',
    lead: '采集今日头条头条号的文章、微头条与视频的公开数据，跟踪品牌与行业资讯在头条系的传播。',
    tags: ['头条号', '文章与微头条', '阅读与评论', '按需报价'],
    notice: '本平台不自动抓取今日头条：头条数据为按需定制采集、离线交付的服务，平台页面上不展示头条数据。',
    features: [
      { title: '头条号内容', desc: '指定头条号的文章、微头条、视频及其发布时间。' },
      { title: '传播数据', desc: '阅读 / 播放、评论、点赞、转发数（平台公开展示时）。' },
      { title: '关键词资讯', desc: '按关键词采集相关资讯，统计每日篇数与来源媒体。' },
      { title: '转载追踪', desc: '追踪一篇公众号或新闻稿在头条号上的转载情况。' },
    ],
    fields: [
      { name: '内容', desc: '标题、正文、链接、类型（文章 / 微头条 / 视频）、发布时间' },
      { name: '互动', desc: '阅读或播放、评论、点赞、转发数（采集时点）' },
      { name: '头条号', desc: '名称、认证、粉丝数、所属领域' },
    ],
    delivery: customDelivery('资讯监测可按日更新'),
    steps: customSteps,
    faq: customFaq('今日头条'),
    links: [
      { label: '新闻稿发布', to: '/releaseNews', desc: '新闻稿撰写与媒体发布' },
      { label: '新闻源发布', to: '/News', desc: '资讯平台与新闻源收录' },
      { label: '其他平台采集', to: '/Other', desc: '百家号、网易号等' },
    ],
  },
  {
    service: 'DouYin',
    path: '/DouYin',
    group: GROUP,
    heading: '抖音数据采集（定制服务）',
    lead: '采集抖音达人与视频的公开数据：视频点赞、评论、分享、话题与挑战赛、达人粉丝变化，用于达人投放评估与竞品内容分析。',
    tags: ['达人与视频', '话题挑战', '评论分析', '按需报价'],
    notice: '本平台不自动抓取抖音：抖音数据为按需定制采集、离线交付的服务，平台页面上不展示抖音数据。',
    features: [
      { title: '达人视频', desc: '指定达人的视频列表、发布时间、点赞 / 评论 / 分享 / 收藏数。' },
      { title: '话题与挑战', desc: '按话题采集相关视频，统计参与视频数与播放量展示值。' },
      { title: '评论与口碑', desc: '采集视频评论并做品牌提及与情感倾向标注。' },
      { title: '投放复盘', desc: '对合作视频按小时记录互动增长，辅助判断是否有异常数据。' },
    ],
    fields: [
      { name: '视频', desc: '视频 ID、链接、描述、时长、发布时间、话题标签' },
      { name: '互动', desc: '点赞、评论、分享、收藏数（采集时点）' },
      { name: '达人', desc: '昵称、抖音号、粉丝数、获赞数、认证' },
      { name: '评论', desc: '评论内容、时间、点赞数、IP 属地（平台公开展示时）' },
    ],
    delivery: customDelivery('投放复盘可按小时记录'),
    steps: customSteps,
    faq: customFaq('抖音'),
    links: [
      { label: '视频号实时监控', to: '/VideoAccountMonitor', desc: '本平台自动采集的视频号数据' },
      { label: '种草带货', to: '/grassCargo', desc: '达人种草与带货投放' },
      { label: '快手采集', to: '/KuaiShou', desc: '快手达人与作品数据' },
    ],
  },
  {
    service: 'Other',
    path: '/Other',
    group: GROUP,
    heading: '其他平台数据采集（定制服务）',
    lead: '小红书、哔哩哔哩、百家号、网易号、搜狐号、企鹅号、大鱼号及行业网站、论坛的公开数据，按需采集与交付。',
    tags: ['小红书', '哔哩哔哩', '资讯平台', '行业网站'],
    notice:
      '这些平台不在本平台的自动采集范围内，均为按需定制采集、离线交付的服务。微信视频号已自动采集，见视频号实时监控。',
    features: [
      { title: '小红书', desc: '笔记、点赞 / 收藏 / 评论数、博主粉丝数，用于种草效果评估。' },
      { title: '哔哩哔哩', desc: '视频播放、弹幕、投币、收藏与 UP 主粉丝数。' },
      { title: '资讯平台', desc: '百家号、网易号、搜狐号、企鹅号、大鱼号的文章与阅读数据。' },
      { title: '网站与论坛', desc: '行业网站、论坛、电商评价等公开页面的结构化采集。' },
    ],
    fields: [
      { name: '内容', desc: '标题、正文、链接、发布时间、作者' },
      { name: '互动', desc: '平台公开展示的阅读、点赞、评论、收藏等数' },
      { name: '作者', desc: '昵称、粉丝数、认证信息' },
      { name: '自定义字段', desc: '按页面结构约定，如价格、评分、规格' },
    ],
    delivery: customDelivery('网站监测可按日更新'),
    steps: customSteps,
    faq: customFaq('这些平台'),
    links: [
      { label: '视频号关键词监控', to: '/VideoAccountKeywordMonitor', desc: '视频号作品的关键词监控' },
      { label: '其他定制', to: '/customization-other', desc: '报表、系统对接等其他定制' },
      { label: '数据定制', to: '/customization', desc: '跨平台数据定制方案' },
    ],
  },
];
