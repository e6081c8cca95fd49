// What the account figures mean, in one place: our own index is called 传播指数 (never a competitor's name), and
// each tooltip gives the formula and where the numbers come from (stream/analytics/wci.ts and refresh.ts).

/** Our index's name wherever it is shown. */
export const INDEX_NAME = '传播指数';

export const WCI_EXPLAINED =
  'WCI（微信传播指数，公开的 V14.2 算法）=（0.6×日均得分 + 0.2×篇均得分 + 0.1×头条日均得分 + 0.1×单篇最高得分）²×1.2×10；' +
  '每项得分 = 0.70×ln(阅读+1) + 0.09×ln(10×在看+1) + 0.06×ln(10×点赞+1) + 0.15×ln(10×转发+1)，' +
  '转发数不公开时去掉转发项、其余权重按比例放大。数据来源：本平台采集的该号近30天文章的最新阅读、在看、点赞。';

export const INDEX_EXPLAINED =
  `${INDEX_NAME}（本平台指数）= 近30天 WCI × 100 ÷ 近30天发文篇数 ÷ 100，即每篇文章平均分到的 WCI，` +
  '衡量单篇文章的传播力，发文多而阅读少的号会被拉低。数据来源：本平台采集的该号近30天文章。';

export const FANS_EXPLAINED =
  '估算活跃粉丝 = 近30天头条阅读中位数 ÷ 5%（打开头条的粉丝比例）。数据来源：本平台采集的头条阅读数。';
