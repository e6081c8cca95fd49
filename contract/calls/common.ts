import { z } from 'zod';
import { defineCall, ownAnswer } from '../define';
import {
  accountQrcodeInput,
  areaList,
  areaListInput,
  imageInput,
  pageViewInput,
  qrImages,
  qrImagesInput,
  sameOwnerMiniproInput,
  sameOwnerMinipros,
  statisticsDownload,
} from '../shapes/common';

/** The /fbmain/common calls. */
export const common = {
  qrcodeImages: defineCall({
    group: 'Other',
    name: 'qrcode_images',
    methods: ['GET'],
    path: '/common/v1/qrcode_images',
    access: 'public',
    envelope: 'error_code',
    origin: 'placed',
    summary:
      '生成二维码图片（PNG，base64）：按 mids（最多 20 个）生成公众号的关注码，或按 type 生成站点的客服码与用户群码（SITE_SERVICE_QR、SITE_GROUP_QR），size 120–600 像素；未收录的 mid 列入 missing，只要一个码且 format 为 png 时直接回图片。',
    input: qrImagesInput,
    output: qrImages,
  }),
  sameOwnerMinipro: defineCall({
    group: 'Other',
    name: 'same_owner_minipro',
    methods: ['GET', 'POST'],
    path: '/common/v1/same_owner_minipro',
    access: 'deluxe',
    envelope: 'error_code',
    origin: 'placed',
    summary:
      '与某公众号（mid）或某小程序（appid，二者选一）同一主体的小程序列表，按曝光量排序并附 30 天曝光、文章数与公众号数，分页；主体信息，豪华（3 级）及以上会员可看。',
    input: sameOwnerMiniproInput,
    output: sameOwnerMinipros,
  }),
  areaList: defineCall({
    group: 'Other',
    name: 'area_list',
    methods: ['GET', 'POST'],
    path: '/common/v1/area_list',
    access: 'public',
    envelope: 'error_code',
    origin: 'placed',
    summary:
      '地区榜的地区列表：已收录公众号所在的每个地区的公众号数与上榜数（period 日/周/月，date 选期），公众号最多的在前。',
    input: areaListInput,
    output: areaList,
  }),
  statisticsDownload: defineCall({
    group: 'Other',
    name: 'statistics_download',
    methods: ['GET'],
    path: '/common/v1/statistics_download',
    access: 'public',
    envelope: 'error_code',
    origin: 'placed',
    summary:
      '“统计数据下载”产品说明：即历史文章导出（export_history）的调用方式、格式、列、各等级是否可用与可看月数、包含它的会员套餐及价格，以及定制数据的需求入口。',
    input: z.object({}),
    output: statisticsDownload,
  }),
  accountQrcode: defineCall({
    group: 'Other',
    name: 'account_qrcode',
    methods: ['GET'],
    path: '/common/v1/account_qrcode',
    access: 'public',
    envelope: 'own',
    origin: 'platform',
    summary: '公众号（mid）的“扫码关注”二维码（SVG 图片，指向其微信主页）；未收录时返回未找到。',
    input: accountQrcodeInput,
    output: ownAnswer,
  }),
  image: defineCall({
    group: 'Other',
    name: 'image',
    methods: ['GET'],
    path: '/common/v1/image',
    access: 'public',
    envelope: 'own',
    origin: 'platform',
    summary:
      '图片代理：服务端代取微信图片 CDN 上的头像与封面（url，只接受允许的图片来源），回原图片；来源不允许或取图失败时返回错误。',
    input: imageInput,
    output: ownAnswer,
  }),
  pageView: defineCall({
    group: 'Other',
    name: 'page_view',
    methods: ['POST'],
    path: '/common/v1/page_view',
    access: 'public',
    envelope: 'error_code',
    origin: 'platform',
    summary:
      '控制台每次路由切换上报一条页面浏览事件（页面路径、查询串、来源、访客标识），写入分析库供统计与“最近浏览”；按来源 IP 限频（规格 §2 路由行为）。',
    input: pageViewInput,
    output: z.null(),
  }),
};
