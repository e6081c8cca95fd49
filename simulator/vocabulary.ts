/** Word lists for plausible Chinese account names, owners and titles in the demo population. */

export interface Industry {
  name: string;
  slug: string;
  topics: readonly string[];
  keywords: readonly string[];
  tags: readonly string[];
}

export const INDUSTRIES: readonly Industry[] = [
  {
    name: '科技',
    slug: 'tech',
    topics: ['科技', '数码', '极客', '互联网'],
    keywords: ['大模型', '芯片', '新款手机', '智能家居', '开源项目', '云计算'],
    tags: ['人工智能', '数码', '互联网', '创业'],
  },
  {
    name: '财经',
    slug: 'finance',
    topics: ['财经', '理财', '商业', '投资'],
    keywords: ['A股', '基金定投', '楼市', '降息', '消费券', '黄金价格'],
    tags: ['投资理财', '宏观经济', '股票', '保险'],
  },
  {
    name: '美食',
    slug: 'food',
    topics: ['美食', '吃货', '厨房', '探店'],
    keywords: ['火锅', '早餐店', '家常菜', '烘焙', '小龙虾', '夜市'],
    tags: ['探店', '菜谱', '本地美食', '饮品'],
  },
  {
    name: '旅游',
    slug: 'travel',
    topics: ['旅行', '游记', '周末去哪', '户外'],
    keywords: ['古镇', '自驾路线', '露营', '赏秋', '海岛', '民宿'],
    tags: ['自驾游', '攻略', '户外', '酒店'],
  },
  {
    name: '教育',
    slug: 'edu',
    topics: ['教育', '学堂', '考研', '育儿'],
    keywords: ['中考', '高考志愿', '考研复试', '英语学习', '幼小衔接', '家庭教育'],
    tags: ['升学', '家长', '考试', '学习方法'],
  },
  {
    name: '健康',
    slug: 'health',
    topics: ['健康', '养生', '医生说', '健身'],
    keywords: ['睡眠', '体检报告', '减脂', '颈椎', '流感', '膳食'],
    tags: ['养生', '医疗', '运动', '营养'],
  },
  {
    name: '娱乐',
    slug: 'ent',
    topics: ['娱乐', '影视', '音乐', '综艺'],
    keywords: ['新剧', '演唱会', '票房', '综艺', '电影节', '追星'],
    tags: ['影视', '明星', '音乐', '综艺'],
  },
  {
    name: '汽车',
    slug: 'auto',
    topics: ['汽车', '车评', '新能源车', '车友'],
    keywords: ['新能源车', '续航', '二手车', '油价', '智能驾驶', '车展'],
    tags: ['新能源', '评测', '用车', '车市'],
  },
  {
    name: '时尚',
    slug: 'fashion',
    topics: ['时尚', '穿搭', '美妆', '潮流'],
    keywords: ['秋冬穿搭', '口红', '护肤', '香水', '球鞋', '发型'],
    tags: ['穿搭', '美妆', '护肤', '潮牌'],
  },
  {
    name: '体育',
    slug: 'sport',
    topics: ['体育', '足球', '篮球', '跑步'],
    keywords: ['马拉松', '中超', '总决赛', '羽毛球', '世界杯', '健身房'],
    tags: ['足球', '篮球', '跑步', '赛事'],
  },
  {
    name: '文化',
    slug: 'culture',
    topics: ['读书', '历史', '文化', '国学'],
    keywords: ['宋朝', '好书推荐', '博物馆', '诗词', '非遗', '纪录片'],
    tags: ['阅读', '历史', '艺术', '传统文化'],
  },
  {
    name: '本地生活',
    slug: 'local',
    topics: ['生活', '本地宝', '同城', '头条'],
    keywords: ['地铁新线', '落户政策', '菜价', '停水通知', '周末活动', '新商场'],
    tags: ['同城', '民生', '资讯', '便民'],
  },
];

export const CITIES = [
  '北京',
  '上海',
  '广州',
  '深圳',
  '杭州',
  '成都',
  '南京',
  '武汉',
  '西安',
  '重庆',
  '苏州',
  '长沙',
  '郑州',
  '青岛',
  '厦门',
  '合肥',
  '昆明',
  '天津',
] as const;

/** Province of each city in CITIES (same order). */
export const CITY_AREA: Record<string, string> = {
  北京: '北京',
  上海: '上海',
  广州: '广东',
  深圳: '广东',
  杭州: '浙江',
  成都: '四川',
  南京: '江苏',
  武汉: '湖北',
  西安: '陕西',
  重庆: '重庆',
  苏州: '江苏',
  长沙: '湖南',
  郑州: '河南',
  青岛: '山东',
  厦门: '福建',
  合肥: '安徽',
  昆明: '云南',
  天津: '天津',
};

export const NAME_PREFIXES = [
  '每日',
  '深夜',
  '小城',
  '老张',
  '阿狸',
  '简单',
  '硬核',
  '有趣',
  '温暖',
  '一起',
  '懂点',
  '慢慢',
  '今日',
  '野生',
  '大叔',
] as const;
export const NAME_SUFFIXES = [
  '',
  '观察',
  '日报',
  '研究所',
  '笔记',
  '频道',
  '说',
  '君',
  '志',
  '前线',
  '指南',
  '社',
  '派',
] as const;

export const OWNER_WORDS = [
  '星河',
  '蓝鲸',
  '青禾',
  '知行',
  '云帆',
  '拾光',
  '木棉',
  '远山',
  '小满',
  '鹿鸣',
  '北辰',
  '听澜',
  '橙子',
  '九州',
  '向阳',
  '长风',
] as const;
export const OWNER_KINDS = [
  '文化传媒',
  '网络科技',
  '信息技术',
  '文化传播',
  '广告',
  '教育科技',
  '传媒',
] as const;

export const TITLE_TEMPLATES = [
  '关于{kw}，这{n}点你一定要知道',
  '{city}这家{kw}，我愿称之为宝藏',
  '深度 | {kw}的下一个十年',
  '{n}张图看懂{kw}',
  '刚刚，{kw}有新消息了',
  '为什么说{kw}正在改变我们的生活？',
  '{kw}避坑指南（建议收藏）',
  '实测{n}天：{kw}到底值不值？',
  '{city}人注意！{kw}最新变化',
  '聊聊{kw}：普通人该怎么看',
  '一文读懂{kw}',
  '{kw}，终于等到了',
] as const;
