/**
 * How account search reads a query and ranks what it finds (docs/api.md, "How account search ranks"). The query is
 * normalised once in code (full-width → half-width, upper → lower case, traditional → simplified characters), so
 * the SQL compares one spelling; the ranking itself is one bound SQL expression over the effective account.
 */

// Traditional characters and their simplified forms, the common ones of account names, industries and tags.
const TRADITIONAL =
  '數碼機財經濟業資產險股價飲食廚讀書歷史國學藝術傳統體育籃賽運動車評駕駛時尚護膚潮與娛樂視劇綜藝電聽說話觀察報誌線頻導這會員網絡訊息資訊技術聯創區縣廣東廣貨廣場門間開關將長東頭條實習學習課堂醫療養營減脂頸發現場錢紅樂遊記戶歲調節點擊鐘裡後為無應對業專題氣溫寶愛產動態協議環節設計師萬億億個們來過還進選擇輕鬆單雙標準類圖畫優質華麗歡樂鄉鎮紀錄聞訊義務總結構權威續熱門據證證券員務處條辦寫閱讀讚藥'.split(
    '',
  );
const SIMPLIFIED =
  '数码机财经济业资产险股价饮食厨读书历史国学艺术传统体育篮赛运动车评驾驶时尚护肤潮与娱乐视剧综艺电听说话观察报志线频导这会员网络讯息资讯技术联创区县广东广货广场门间开关将长东头条实习学习课堂医疗养营减脂颈发现场钱红乐游记户岁调节点击钟里后为无应对业专题气温宝爱产动态协议环节设计师万亿亿个们来过还进选择轻松单双标准类图画优质华丽欢乐乡镇纪录闻讯义务总结构权威续热门据证证券员务处条办写阅读赞药'.split(
    '',
  );
const TO_SIMPLIFIED = new Map(TRADITIONAL.map((t, i) => [t, SIMPLIFIED[i] as string]));

/** The query as the ranking compares it: NFKC (full-width letters, digits and spaces to half-width), lower case, simplified. */
export function normalizeQuery(kw: string): string {
  const folded = kw.normalize('NFKC').trim().toLowerCase();
  return Array.from(folded, (c) => TO_SIMPLIFIED.get(c) ?? c).join('');
}

/** Relevance tiers of an account for a query, best first; 0 means it does not match. */
export const RELEVANCE = {
  exact: 8,
  namePrefix: 7,
  nameContains: 6,
  nameTypo: 5,
  wxidContains: 4,
  industryOrTag: 3,
  descriptionOrArea: 2,
  owner: 1,
} as const;

/**
 * The relevance of account `a` for the bound normalised query {q:String}: exact name or 微信号, name prefix, name
 * contains, a name one character off (same length, queries of 3 or more characters), part of the 微信号, the
 * industry or a tag, the description, a tag containing the query or the area, and last the owner's name (when
 * {byOwner:UInt8} is 1). `nameOnly` keeps the name tiers alone (search_by_name).
 */
export function relevanceSql(nameOnly = false): string {
  const name = 'lowerUTF8(a.name)';
  const tiers = [
    `${name} = {q:String} OR lowerUTF8(a.wxid) = {q:String}, ${RELEVANCE.exact}`,
    `startsWith(${name}, {q:String}), ${RELEVANCE.namePrefix}`,
    `position(${name}, {q:String}) > 0, ${RELEVANCE.nameContains}`,
    // One substituted character: characters compared position by position ('.' is one UTF-8 character in re2).
    `lengthUTF8({q:String}) >= 3 AND lengthUTF8(${name}) = lengthUTF8({q:String})
       AND arrayCount((x, y) -> x != y, extractAll(${name}, '.'), extractAll({q:String}, '.')) = 1, ${RELEVANCE.nameTypo}`,
  ];
  if (!nameOnly)
    tiers.push(
      `position(lowerUTF8(a.wxid), {q:String}) > 0, ${RELEVANCE.wxidContains}`,
      `a.media = {q:String} OR has(a.tags, {q:String}), ${RELEVANCE.industryOrTag}`,
      `position(lowerUTF8(a.description), {q:String}) > 0 OR a.area = {q:String}
         OR arrayExists(t -> position(t, {q:String}) > 0, a.tags), ${RELEVANCE.descriptionOrArea}`,
      `{byOwner:UInt8} = 1 AND position(lowerUTF8(a.owner), {q:String}) > 0, ${RELEVANCE.owner}`,
    );
  return `multiIf(${tiers.join(',\n       ')}, 0)`;
}
