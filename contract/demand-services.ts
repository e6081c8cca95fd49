/**
 * The services a demand (account/v1 submit_demand) can be about: one per service page of the dashboard (spec §2
 * advertising, data collection, custom services, cases, public-opinion handling). The server validates `service`
 * against these keys and the dashboard's service pages are keyed by them, so the two cannot drift apart.
 */
export const DEMAND_SERVICES = {
  XiaoChengXu: '小程序数据采集',
  WechatQRCode: '公众号二维码采集与生成',
  WeiBo: '微博数据采集',
  ZhiHu: '知乎数据采集',
  KuaiShou: '快手数据采集',
  JinRiTouTiao: '今日头条数据采集',
  DouYin: '抖音数据采集',
  Other: '其他平台数据采集',
  advertisingHome: '广告投放',
  advertisingOpinion: '舆情公关',
  advertisingSeo: '搜索优化（SEO）',
  undergraduate: '高校校园推广',
  grassCargo: '种草带货',
  releaseNews: '新闻稿发布',
  News: '新闻源发布',
  advertisingtraffic: '流量广告投放',
  MediaServices: '媒体服务',
  tweet: '推文代写',
  xlhz: '渠道合作',
  apptp: '小程序推广投放',
  appsli: '小程序数据服务',
  automatic: '自动化数据服务',
  officialflow: '流量主收益估算',
  processing: '舆情处置',
  customization: '数据定制',
  'customization-other': '其他定制',
  customerCase: '客户案例咨询',
} as const;

export type DemandService = keyof typeof DEMAND_SERVICES;
export const DEMAND_SERVICE_KEYS = Object.keys(DEMAND_SERVICES) as [DemandService, ...DemandService[]];

/** A demand's handling state: new → contacting → done (an admin may also move it back). */
export const DEMAND_STATUSES = { new: '待处理', contacting: '联系中', done: '已完成' } as const;
export type DemandStatus = keyof typeof DEMAND_STATUSES;
export const DEMAND_STATUS_KEYS = Object.keys(DEMAND_STATUSES) as [DemandStatus, ...DemandStatus[]];

/** Limits the form and the server share. */
export const DEMAND_LIMITS = { name: 32, company: 64, content: 500, sourcePath: 200 } as const;

/** Messages of the demand form; the dashboard's form shows the same ones before sending. */
export const DemandMessages = {
  NAME_EMPTY: '联系人不能为空',
  NAME_LONG: `联系人不能超过${DEMAND_LIMITS.name}个字`,
  COMPANY_LONG: `公司名称不能超过${DEMAND_LIMITS.company}个字`,
  CONTENT_EMPTY: '请填写您的需求',
  CONTENT_LONG: `需求描述不能超过${DEMAND_LIMITS.content}字`,
  SERVICE_INVALID: '咨询的服务不存在',
  PATH_INVALID: '来源页面无效',
  STATUS_INVALID: '状态只能是 new（待处理）、contacting（联系中）或 done（已完成）',
  NOT_FOUND: '需求不存在',
} as const;
