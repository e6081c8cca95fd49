// The function map's groups and items (spec §2 "Function-map menu"). Each group is one column, its items are
// the rows under its title; the item at row 6 of column 3 opens the inclusion popup instead of a page.
// Items link to their spec routes whether or not the page is built yet: unknown routes show the home page.

export interface FunctionMapLink {
  label: string;
  to: string;
}

export interface FunctionMapAction {
  label: string;
  action: 'inclusion';
}

export type FunctionMapItem = FunctionMapLink | FunctionMapAction;

export interface FunctionMapGroup {
  key: string;
  title: string;
  items: FunctionMapItem[];
}

export const FUNCTION_MAP: FunctionMapGroup[] = [
  {
    key: 'data',
    title: '数据服务',
    items: [
      { label: '全量数据下载', to: '/quanliang' },
      { label: '历史文章回采', to: '/appsearch/stoping' },
      { label: '数据定制', to: '/customization' },
      { label: '品牌声量', to: '/appsearch/brandvolumelist' },
      { label: '舆情处置', to: '/processing' },
      { label: '客户案例', to: '/customerCase' },
    ],
  },
  {
    key: 'burst',
    title: '低粉爆文',
    items: [
      { label: '低粉爆文', to: '/appsearch/burst' },
      { label: '今日热文', to: '/appsearch/hottext' },
      { label: '绿色版爆文', to: '/appsearch/burstGreen' },
      { label: '绿色版热文', to: '/appsearch/greenHotText' },
    ],
  },
  {
    key: 'api',
    title: '公众号API',
    items: [
      { label: 'API 接口文档', to: '/appsearch/APIAssemble' },
      { label: 'API 价格', to: '/appsearch/interface?actnav=0' },
      { label: '使用情况', to: '/appsearch/interface?actnav=1' },
      { label: 'API 充值', to: '/appsearch/interface?actnav=2' },
      { label: '消费记录', to: '/appsearch/interface?actnav=3' },
      // Row 6, column 3: the inclusion popup (an account must be included before the API can serve it).
      { label: '公众号收录', action: 'inclusion' },
      { label: '调用示例', to: '/appsearch/interface?actnav=4' },
    ],
  },
  {
    key: 'member',
    title: '会员中心',
    items: [
      { label: '个人中心', to: '/appsearch/center?tabSt=1' },
      { label: '会员升级', to: '/appsearch/center?tabSt=2' },
      { label: '我的会员', to: '/currentVip' },
      { label: '申请发票', to: '/appsearch/getinvoice' },
    ],
  },
  {
    key: 'rank',
    title: '排行榜',
    items: [
      { label: '公众号排行', to: '/appsearch/otherRankings' },
      { label: '行业排行', to: '/appsearch/AccountTypeRank' },
      { label: '小程序排行', to: '/appsearch/programTop' },
    ],
  },
  {
    key: 'account',
    title: '公众号服务',
    items: [
      { label: '相似公众号', to: '/appsearch/similar' },
      { label: '同主体公众号', to: '/appsearch/withSubject' },
      { label: '公众号对比', to: '/appsearch/offcontrast' },
      { label: '刷量检测', to: '/appsearch/trueNumber' },
      { label: '临时链接转永久', to: '/appsearch/sogoHerf' },
      { label: '长链接转短链接', to: '/appsearch/langchinge' },
    ],
  },
  {
    key: 'search',
    title: '搜索',
    items: [
      { label: '公众号搜索', to: '/appsearch/index' },
      { label: '文章搜索', to: '/appsearch/articleSearch' },
      { label: '小程序搜索', to: '/appsearch/searchild' },
      { label: '主体搜索', to: '/appsearch/bodysearch' },
    ],
  },
  {
    key: 'follow',
    title: '我的关注',
    items: [
      { label: '关注的公众号', to: '/appsearch/officialAccount' },
      { label: '关键词订阅', to: '/appsearch/subscribe' },
      { label: '收藏的文章', to: '/appsearch/articleCollection' },
      { label: '公众号分组', to: '/appsearch/accountList' },
    ],
  },
  {
    key: 'monitor',
    title: '实时监测',
    items: [
      { label: '文章监测', to: '/appsearch/monitorNew' },
      { label: '监测记录', to: '/appsearch/monitors' },
      { label: '公众号实时监测', to: '/OfficialAccountMonitor' },
      { label: '公众号关键词监测', to: '/OfficialAccountKeywordMonitor' },
      { label: '视频号实时监测', to: '/VideoAccountMonitor' },
      { label: '视频号关键词监测', to: '/VideoAccountKeywordMonitor' },
    ],
  },
];

/** Where the inclusion item sits: row and column counted from 1, as the spec counts them. */
export const INCLUSION_CELL = { row: 6, column: 3 } as const;

export const isAction = (item: FunctionMapItem): item is FunctionMapAction => 'action' in item;
