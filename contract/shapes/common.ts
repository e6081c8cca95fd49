import { z } from 'zod';
import { PERIODS } from '../../core/periods';
import { accountId, pageNumber, pageSize } from '../inputs';
import { minipro } from './minipro';
import { rankInput } from './rankings';

/** The common/v1 calls placed by the platform (spec §7 Other): inputs and answers. */

/** "1,2,3", a repeated field, or a JSON array. */
const idList = (max: number) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z
      .array(accountId, { message: '必须是逗号分隔的公众号ID' })
      .min(1, '至少 1 个')
      .max(max, `最多 ${max} 个`),
  );

export const qrImagesInput = z.object({
  mids: idList(20).optional(),
  type: z.enum(['service', 'group', 'site'], { message: '只能是 service、group 或 site' }).optional(),
  size: z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(120, '最小为 120')
    .max(600, '最大为 600')
    .default(240),
  format: z.enum(['json', 'png'], { message: '只能是 json 或 png' }).default('json'),
});

/** One code: an account's follow code, or the site's customer-service or group code. */
export const qrItem = z.object({
  kind: z.enum(['account', 'service', 'group']),
  title: z.string(),
  /** What the code encodes. */
  text: z.string(),
  /** Account codes: the account. */
  mid: z.number().optional(),
  name: z.string().optional(),
  /** The PNG as a data: URL. */
  img: z.string(),
});
export const qrImages = z.object({
  total: z.number(),
  list: z.array(qrItem),
  /** Asked-for accounts that are not collected. */
  missing: z.array(z.number()),
});

const appid = z
  .string()
  .trim()
  .regex(/^wx[0-9a-zA-Z]{6,30}$/, '格式应为 wx 开头的小程序 appid');

export const sameOwnerMiniproInput = z.object({
  mid: accountId.optional(),
  appid: appid.optional(),
  page: pageNumber,
  num: pageSize(50, 20),
});
export const sameOwnerMinipros = z.object({
  /** The owner (主体); '' when not known, and then no list. */
  owner: z.string(),
  total: z.number(),
  applet_data: z.array(minipro.extend({ owner: z.string() })),
});

export const areaListInput = rankInput.pick({ period: true, date: true });
export const areaRow = z.object({
  area: z.string(),
  /** Collected accounts in the area. */
  accounts: z.number(),
  /** Of them, ranked in the period's 地区榜. */
  ranked: z.number(),
});
export const areaList = z.object({
  period: z.enum(PERIODS),
  period_start: z.string(),
  total: z.number(),
  list: z.array(areaRow),
});

/** The statistics-download product: the history export's call, formats, columns, levels and packages. */
export const statisticsDownload = z.object({
  name: z.string(),
  summary: z.string(),
  call: z.object({
    method: z.string(),
    path: z.string(),
    params: z.array(z.object({ name: z.string(), required: z.boolean(), desc: z.string() })),
  }),
  formats: z.array(z.object({ format: z.string(), name: z.string() })),
  columns: z.array(z.union([z.string(), z.number()])),
  order: z.string(),
  rows: z.string(),
  levels: z.array(
    z.object({ vip_id: z.number(), name: z.string(), allowed: z.boolean(), history_months: z.number() }),
  ),
  packages: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      vip_id: z.number().optional(),
      months: z.number().optional(),
      price: z.string(),
      price_fen: z.number(),
    }),
  ),
  custom: z.object({ text: z.string(), path: z.string() }),
});

export const pageViewInput = z.object({
  // A dashboard path under /main/, without the base.
  path: z
    .string({ message: '不能为空' })
    .trim()
    .regex(/^\/[^\s]{0,299}$/, '必须是以 / 开头的页面路径'),
  query: z.string().trim().max(500, '最长 500 个字符').default(''),
  referrer: z.string().trim().max(500, '最长 500 个字符').default(''),
  vid: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '格式不正确')
    .optional(),
});

/** An account's "scan to follow" code (account_qrcode): the account. */
export const accountQrcodeInput = z.object({
  mid: z.coerce.number({ message: '必须是数字' }).int('必须是整数').positive('必须是正整数'),
});

/** The image proxy's source (image): an http(s) address; which hosts it accepts is the server's rule. */
export const imageInput = z.object({
  url: z
    .string({ message: '不能为空' })
    .max(2048, '过长')
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), '不是有效的图片地址'),
});
