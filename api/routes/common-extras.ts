import { type Context, Hono } from 'hono';
import QRCode from 'qrcode';
import { z } from 'zod';
import { accountsByMid } from '../../members/catalog';
import { can, LEVELS } from '../../members/membership';
import { M } from '../../members/messages';
import { PACKAGES, yuan } from '../../members/pricing';
import type { Member } from '../../members/sessions';
import { bizOf } from '../../platform/wechat-ids';
import { beijingDay, periodStart } from '../../stream/analytics/periods';
import { getAccount } from '../accounts-query';
import { areaList, miniproOwner, sameOwnerMinipros } from '../common-query';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { EXPORT_HEADER } from '../history-export';
import { accountId, pageNumber, pageSize } from '../inputs';
import { requireLevel } from '../member-session';
import { miniproDetail } from '../minipro-query';
import { rankInput } from './rank';

/** What an account's "scan to follow" code encodes: its WeChat profile page. */
export const accountProfileUrl = (biz: string) =>
  `https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=${encodeURIComponent(biz)}#wechat_redirect`;

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

const qrInput = z.object({
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

const appid = z
  .string()
  .trim()
  .regex(/^wx[0-9a-zA-Z]{6,30}$/, '格式应为 wx 开头的小程序 appid');

const sameOwnerInput = z.object({
  mid: accountId.optional(),
  appid: appid.optional(),
  page: pageNumber,
  num: pageSize(50, 20),
});

interface QrItem {
  kind: 'account' | 'service' | 'group';
  title: string;
  /** What the code encodes. */
  text: string;
  /** Account codes: the account. */
  mid?: number;
  name?: string;
}

/** The level rule of the history export, read from the rule itself (members/membership.ts). */
const canExport = (vip_id: number) => can.paidFeature({ level: vip_id } as Member);

/**
 * The statistics-download product (spec §7 "a statistics download product description call"): what the history
 * export (search/v1/export_history) gives, in which formats, to whom, and the packages that include it, all read
 * from the code that serves it, so the description cannot drift from the export.
 */
export function statisticsDownload() {
  return {
    name: '统计数据下载',
    summary: '把公众号已采集的历史文章及其阅读、点赞、在看、转发、留言数导出为表格，一次导出一个公众号',
    call: {
      method: 'GET',
      path: '/fbmain/search/v1/export_history',
      params: [
        { name: 'mid', required: true, desc: '公众号ID' },
        { name: 'format', required: false, desc: '文件格式：xlsx（默认）或 csv' },
        { name: 'start_time', required: false, desc: '开始日期 yyyy-mm-dd（不早于会员可查看的历史深度）' },
        { name: 'end_time', required: false, desc: '结束日期 yyyy-mm-dd' },
      ],
    },
    formats: [
      { format: 'xlsx', name: 'Excel 工作簿（.xlsx）' },
      { format: 'csv', name: 'CSV（UTF-8 带 BOM，Excel 可直接打开）' },
    ],
    columns: EXPORT_HEADER,
    order: '按发布时间倒序，同一次群发按位置',
    rows: '不限行数：按批次从数据库流式导出，数据为导出时已采集的最新计数',
    levels: LEVELS.filter((l) => l.vip_id > 0).map((l) => ({
      vip_id: l.vip_id,
      name: l.name,
      allowed: canExport(l.vip_id),
      history_months: canExport(l.vip_id) ? l.historyMonths : 0,
    })),
    packages: PACKAGES.filter((p) => p.kind === 'vip' && canExport(p.vip_id ?? 0)).map((p) => ({
      id: p.id,
      name: p.name,
      vip_id: p.vip_id,
      months: p.months,
      price: yuan(p.price_fen),
      price_fen: p.price_fen,
    })),
    custom: {
      text: '需要全量数据、更长的时间范围或其他平台的数据，请提交定制需求，我们会联系您',
      path: '/fbmain/account/v1/submit_demand',
    },
  };
}

/**
 * common/v1 calls placed by the platform (spec §7): qrcode_images (QR codes as PNG: accounts' follow codes, the
 * site's customer-service and group codes), same_owner_minipro (mini-programs of the same owner as an account or a
 * mini-program; owner information, so deluxe members and above), area_list (the regions of area_rank with counts)
 * and statistics_download (the description of the statistics-download product).
 */
export function commonExtraRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  app.get('/qrcode_images', async (c) => {
    const input = await parseInput(c, qrInput);
    if (!input.ok) return input.response;
    const q = input.data;
    if (!q.mids && !q.type)
      return fail(c, 400, Codes.BAD_INPUT, '参数错误：请提供公众号ID列表 (mids) 或类型 (type)');
    const items: QrItem[] = [];
    const missing: number[] = [];
    if (q.mids) {
      const mids = [...new Set(q.mids)];
      const found = await accountsByMid(deps.store, mids);
      for (const mid of mids) {
        const a = found.get(mid);
        if (a)
          items.push({
            kind: 'account',
            title: a.name,
            text: accountProfileUrl(bizOf(mid)),
            mid,
            name: a.name,
          });
        else missing.push(mid);
      }
    }
    if (q.type)
      for (const s of deps.siteQrcodes ?? [])
        if (q.type === 'site' || q.type === s.kind)
          items.push({ kind: s.kind, title: s.title, text: s.text });
    const options = { errorCorrectionLevel: 'M' as const, margin: 1, width: q.size };
    if (q.format === 'png') {
      const [only] = items;
      if (items.length !== 1 || !only)
        return fail(
          c,
          items.length === 0 ? 404 : 400,
          items.length === 0 ? Codes.NOT_FOUND : Codes.BAD_INPUT,
          items.length === 0 ? '没有可生成的二维码' : '参数错误：format=png 只能生成一个二维码',
        );
      const png = await QRCode.toBuffer(only.text, { ...options, type: 'png' });
      return c.body(new Uint8Array(png), 200, {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
      });
    }
    const list = await Promise.all(
      items.map(async (i) => ({
        ...i,
        img: await QRCode.toDataURL(i.text, { ...options, type: 'image/png' }),
      })),
    );
    return ok(c, { total: list.length, list, missing });
  });

  app.on(['GET', 'POST'], '/same_owner_minipro', async (c) => {
    const input = await parseInput(c, sameOwnerInput);
    if (!input.ok) return input.response;
    const q = input.data;
    if ((q.mid === undefined) === (q.appid === undefined))
      return fail(c, 400, Codes.BAD_INPUT, '参数错误：请提供公众号ID (mid) 或小程序 appid (appid) 之一');
    const member = requireLevel(c, can.ownerInfo, 'error_code', M.OWNER_LEVEL);
    if (member instanceof Response) return member;
    const sinceS = Math.floor(deps.clock.now() / 1000) - 30 * 86_400;
    let owner: string;
    if (q.mid !== undefined) {
      const account = await getAccount(deps.store, q.mid);
      if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
      owner = account.owner;
    } else {
      if (!(await miniproDetail(deps.store, q.appid as string, sinceS)))
        return fail(c, 404, Codes.NOT_FOUND, '小程序不存在或尚未收录');
      owner = await miniproOwner(deps.store, q.appid as string);
    }
    const { total, rows } = owner
      ? await sameOwnerMinipros(deps.store, {
          owner,
          except: q.appid ?? '',
          page: q.page,
          size: q.num,
          sinceS,
        })
      : { total: 0, rows: [] };
    return ok(c, { owner, total, applet_data: rows });
  });

  app.on(['GET', 'POST'], '/area_list', async (c: Context) => {
    const input = await parseInput(c, rankInput.pick({ period: true, date: true }));
    if (!input.ok) return input.response;
    const { period, date } = input.data;
    const start = periodStart(period, date ?? beijingDay(deps.clock.now()));
    const list = await areaList(deps.store, { period, start });
    return ok(c, { period, period_start: start, total: list.length, list });
  });

  app.get('/statistics_download', (c) => ok(c, statisticsDownload()));
  return app;
}
