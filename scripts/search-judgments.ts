/**
 * The judged query set of `npm run eval:search`, written by hand over the simulator's world of SIM_SEED 20261122
 * with 120 accounts (SEARCH_WORLD). Each query lists the accounts a person would want for it, by name, graded:
 * 3 the account the query names, 2 clearly what was asked for, 1 related; every account not listed is 0.
 * Judged by meaning (what the searcher wants), never by reading the ranking's code: an account matched only
 * through its owner's company name is not relevant to an industry word.
 */
export interface Judged {
  q: string;
  kind: 'name' | 'partial' | 'wxid' | 'industry' | 'tag' | 'owner' | 'typo';
  grades: Record<string, 1 | 2 | 3>;
}

/** The world the judgments were written over (passed to the platform as its simulator's settings). */
export const SEARCH_WORLD = { SIM_SEED: '20261122', SIM_ACCOUNTS: '120' } as const;

const all = (grade: 1 | 2 | 3, names: string[]) => Object.fromEntries(names.map((n) => [n, grade]));

// The world's accounts by what they are about, as a reader of their names and descriptions sees them.
const TECH = [
  '昆明极客笔记',
  '有趣科技指南',
  '合肥极客日报',
  '每日极客指南',
  '大叔科技君',
  '一起互联网说',
  '硬核极客',
  '郑州数码社',
  '西安互联网观察',
  '小城互联网指南',
  '懂点数码社',
  '杭州科技志',
  '一起极客派',
  '硬核互联网笔记',
  '阿狸数码志',
  '简单数码前线',
];
const FINANCE = [
  '有趣投资',
  '厦门理财日报',
  '长沙财经指南',
  '苏州理财志',
  '厦门投资指南',
  '昆明商业观察',
  '郑州投资研究所',
  '北京理财说',
  '杭州投资日报',
];
const FOOD = [
  '武汉美食',
  '上海吃货说',
  '每日探店研究所',
  '阿狸美食研究所',
  '成都厨房派',
  '广州厨房日报',
  '武汉厨房前线',
];
const AUTO = [
  '大叔新能源车研究所',
  '厦门车友日报',
  '合肥车评笔记',
  '厦门新能源车',
  '老张汽车指南',
  '上海汽车研究所',
  '阿狸车友频道',
  '温暖车友频道',
];
const SPORT = [
  '北京足球指南',
  '深夜篮球',
  '懂点篮球说',
  '重庆足球',
  '今日跑步社',
  '天津足球观察',
  '今日体育指南',
  '长沙体育观察',
  '长沙足球指南',
  '武汉跑步指南',
];
const EDU = [
  '郑州学堂派',
  '大叔教育指南',
  '老张考研笔记',
  '长沙学堂',
  '懂点教育研究所',
  '昆明学堂观察',
  '天津考研社',
  '厦门考研志',
  '小城考研前线',
  '一起考研派',
  '昆明育儿君',
];
const TRAVEL = [
  '苏州游记志',
  '郑州游记说',
  '北京旅行志',
  '广州游记君',
  '简单旅行观察',
  '上海户外',
  '成都周末去哪日报',
  '懂点游记观察',
];
const FASHION_BEAUTY = [
  '硬核美妆派',
  '苏州美妆社',
  '上海美妆笔记',
  '杭州美妆频道',
  '每日美妆社',
  '每日美妆日报',
  '小城美妆笔记',
];
const FASHION_OTHER = [
  '老张穿搭派',
  '温暖时尚研究所',
  '懂点穿搭志',
  '硬核时尚',
  '长沙时尚日报',
  '每日时尚',
  '每日时尚研究所',
  '大叔穿搭说',
];

export const JUDGED: Judged[] = [
  // Exact names: the account itself; a sibling with the same words is related.
  { q: '有趣科技指南', kind: 'name', grades: { 有趣科技指南: 3 } },
  { q: '南京音乐频道', kind: 'name', grades: { 南京音乐频道: 3, 杭州音乐: 1, 温暖音乐君: 1 } },
  { q: '硬核时尚', kind: 'name', grades: { 硬核时尚: 3 } },
  { q: '慢慢头条', kind: 'name', grades: { 慢慢头条: 3, 慢慢头条研究所: 2 } },
  { q: '长沙学堂', kind: 'name', grades: { 长沙学堂: 3 } },
  { q: '上海户外', kind: 'name', grades: { 上海户外: 3 } },
  { q: '武汉美食', kind: 'name', grades: { 武汉美食: 3, 武汉厨房前线: 1 } },
  // Parts of names: every account whose name says it; accounts on the same subject are related.
  {
    q: '极客',
    kind: 'partial',
    grades: {
      ...all(1, TECH),
      ...all(2, ['昆明极客笔记', '合肥极客日报', '每日极客指南', '硬核极客', '一起极客派']),
    },
  },
  {
    q: '考研',
    kind: 'partial',
    grades: {
      ...all(1, EDU),
      ...all(2, ['老张考研笔记', '天津考研社', '厦门考研志', '小城考研前线', '一起考研派']),
    },
  },
  {
    q: '医生说',
    kind: 'partial',
    grades: all(2, ['青岛医生说社', '西安医生说观察', '懂点医生说观察', '懂点医生说研究所']),
  },
  {
    q: '厦门',
    kind: 'partial',
    grades: all(2, [
      '厦门车友日报',
      '厦门新能源车',
      '厦门理财日报',
      '厦门投资指南',
      '厦门考研志',
      '厦门同城指南',
    ]),
  },
  {
    q: '头条',
    kind: 'partial',
    grades: all(2, ['每日头条指南', '慢慢头条', '慢慢头条研究所', '西安头条前线']),
  },
  {
    q: '研究所',
    kind: 'partial',
    grades: all(2, [
      '大叔新能源车研究所',
      '懂点历史研究所',
      '温暖时尚研究所',
      '每日探店研究所',
      '阿狸美食研究所',
      '慢慢头条研究所',
      '懂点教育研究所',
      '上海汽车研究所',
      '郑州投资研究所',
      '每日时尚研究所',
      '懂点医生说研究所',
    ]),
  },
  {
    q: '数码',
    kind: 'partial',
    grades: { ...all(1, TECH), ...all(2, ['郑州数码社', '懂点数码社', '阿狸数码志', '简单数码前线']) },
  },
  { q: '美妆', kind: 'partial', grades: { ...all(1, FASHION_OTHER), ...all(2, FASHION_BEAUTY) } },
  // 微信号: the one account, whatever the case.
  { q: 'tech_588516', kind: 'wxid', grades: { 有趣科技指南: 3 } },
  { q: 'finance_378252', kind: 'wxid', grades: { 厦门理财日报: 3 } },
  { q: 'ent_38e188', kind: 'wxid', grades: { 温暖音乐君: 3 } },
  { q: 'EDU_B9B663', kind: 'wxid', grades: { 昆明育儿君: 3 } },
  { q: 'culture_fdd430', kind: 'wxid', grades: { 有趣国学派: 3 } },
  // Industries: the industry's accounts, those named for it first; an owner "…科技有限公司" makes nothing technology.
  {
    q: '科技',
    kind: 'industry',
    grades: { ...all(2, TECH), ...all(3, ['有趣科技指南', '大叔科技君', '杭州科技志']) },
  },
  { q: '财经', kind: 'industry', grades: { ...all(2, FINANCE), 长沙财经指南: 3 } },
  { q: '美食', kind: 'industry', grades: { ...all(2, FOOD), ...all(3, ['武汉美食', '阿狸美食研究所']) } },
  { q: '汽车', kind: 'industry', grades: { ...all(2, AUTO), ...all(3, ['老张汽车指南', '上海汽车研究所']) } },
  { q: '体育', kind: 'industry', grades: { ...all(2, SPORT), ...all(3, ['今日体育指南', '长沙体育观察']) } },
  { q: '教育', kind: 'industry', grades: { ...all(2, EDU), ...all(3, ['大叔教育指南', '懂点教育研究所']) } },
  { q: '旅游', kind: 'industry', grades: all(2, TRAVEL) },
  // Subjects (tags): the accounts that cover them.
  { q: '人工智能', kind: 'tag', grades: all(2, TECH) },
  {
    q: '自驾游',
    kind: 'tag',
    grades: {
      ...all(1, TRAVEL),
      ...all(2, ['苏州游记志', '北京旅行志', '成都周末去哪日报', '懂点游记观察']),
    },
  },
  // Owners (主体): the owner's accounts (searched as a level-3 member, who may search by owner).
  {
    q: '广州拾光广告',
    kind: 'owner',
    grades: all(2, ['苏州同城派', '每日探店研究所', '懂点穿搭志', '硬核极客', '成都周末去哪日报']),
  },
  { q: '昆明长风文化传播', kind: 'owner', grades: all(2, ['北京足球指南', '成都厨房派']) },
  {
    q: '深圳拾光文化传媒',
    kind: 'owner',
    grades: all(2, ['上海美妆笔记', '杭州美妆频道']),
  },
  // Typos: one wrong character, traditional characters, full-width letters.
  { q: '有趣科枝指南', kind: 'typo', grades: { 有趣科技指南: 3 } },
  { q: '南京音乐频到', kind: 'typo', grades: { 南京音乐频道: 3 } },
  { q: '每日极克指南', kind: 'typo', grades: { 每日极客指南: 3 } },
  { q: '杭州科技誌', kind: 'typo', grades: { 杭州科技志: 3 } },
  { q: '北京生活日報', kind: 'typo', grades: { 北京生活日报: 3 } },
  { q: '硬核互聯網笔记', kind: 'typo', grades: { 硬核互联网笔记: 3 } },
  { q: 'ｔｅｃｈ＿５８８５１６', kind: 'typo', grades: { 有趣科技指南: 3 } },
];
