import QRCode from 'qrcode';
import { contract } from '../../contract';
import { M } from '../../contract/member-texts';
import { beijingDay, periodStart } from '../../core/periods';
import { accountProfileUrl, bizOf } from '../../core/wechat-ids';
import { accountsByMid } from '../../members/catalog';
import { can, LEVELS } from '../../members/membership';
import { PACKAGES, yuan } from '../../members/pricing';
import type { Member } from '../../members/sessions';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, handleOwn, type Mounted, type Refusals } from '../http/mount';
import { isImageSource } from '../image-source';
import { memberOf, requireLevel } from '../member-session';
import { getAccount } from '../queries/accounts';
import { areaList } from '../queries/areas';
import { EXPORT_HEADER } from '../queries/history-export';
import { miniproDetail, miniproOwner, sameOwnerMinipros } from '../queries/minipro';
import { publicWriteLimit } from '../throttle';

const { common } = contract;

/** same_owner_minipro checks its input before the member's level (a bad mid is 400 for anyone). */
const gateInHandler: Refusals = { gate: () => null };

interface QrItem {
  kind: 'account' | 'service' | 'group';
  title: string;
  text: string;
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
function statisticsDownload() {
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
 * mini-program; owner information, so deluxe members and above), area_list (the regions of area_rank with counts),
 * statistics_download (the description of the statistics-download product), account_qrcode (an account's follow
 * code as SVG), image (the proxy for WeChat's image CDNs) and page_view (one event per route change of the
 * dashboard, into ClickHouse for the data team).
 */
export function commonHandlers(deps: ApiDeps): Mounted[] {
  const { store } = deps;
  return [
    handle(common.qrcodeImages, async (q, c) => {
      if (!q.mids && !q.type)
        return fail(c, 400, Codes.BAD_INPUT, '参数错误：请提供公众号ID列表 (mids) 或类型 (type)');
      const items: QrItem[] = [];
      const missing: number[] = [];
      if (q.mids) {
        const mids = [...new Set(q.mids)];
        const found = await accountsByMid(store, mids);
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
      return { total: list.length, list, missing };
    }),

    handle(
      common.sameOwnerMinipro,
      async (q, c) => {
        if ((q.mid === undefined) === (q.appid === undefined))
          return fail(c, 400, Codes.BAD_INPUT, '参数错误：请提供公众号ID (mid) 或小程序 appid (appid) 之一');
        const member = requireLevel(c, can.ownerInfo, 'error_code', M.OWNER_LEVEL);
        if (member instanceof Response) return member;
        const sinceS = Math.floor(deps.clock.now() / 1000) - 30 * 86_400;
        let owner: string;
        if (q.mid !== undefined) {
          const account = await getAccount(store, q.mid);
          if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
          owner = account.owner;
        } else {
          const appid = q.appid as string;
          if (!(await miniproDetail(store, appid, sinceS)))
            return fail(c, 404, Codes.NOT_FOUND, '小程序不存在或尚未收录');
          owner = await miniproOwner(store, appid);
        }
        const { total, rows } = owner
          ? await sameOwnerMinipros(store, {
              owner,
              except: q.appid ?? '',
              page: q.page,
              size: q.num,
              sinceS,
            })
          : { total: 0, rows: [] };
        return { owner, total, applet_data: rows };
      },
      gateInHandler,
    ),

    handle(common.areaList, async ({ period, date }) => {
      const start = periodStart(period, date ?? beijingDay(deps.clock.now()));
      const list = await areaList(store, { period, start });
      return { period, period_start: start, total: list.length, list };
    }),

    handle(common.statisticsDownload, () => statisticsDownload()),

    // An account's "scan to follow" QR: its WeChat profile page, drawn here rather than hot-linked.
    handleOwn(common.accountQrcode, async ({ mid }, c) => {
      const account = await getAccount(store, mid);
      if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
      const svg = await QRCode.toString(accountProfileUrl(account.biz), {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 1,
      });
      return c.body(svg, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
    }),

    // WeChat's image CDNs refuse hot-linking, so avatars and covers are fetched server-side: image paths only.
    handleOwn(common.image, async (q, c) => {
      const url = new URL(q.url);
      if (!isImageSource(url, deps.imageHosts))
        return fail(c, 400, Codes.BAD_INPUT, '参数错误：不支持该图片来源');
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
      } catch {
        return fail(c, 502, Codes.UNAVAILABLE, '图片获取失败');
      }
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !res.body || !type.startsWith('image/')) {
        await res.body?.cancel();
        return fail(c, 502, Codes.UNAVAILABLE, '图片获取失败');
      }
      return c.body(res.body, 200, {
        'content-type': type,
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
        // An SVG from upstream must never run script in our origin.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
    }),

    handle(common.pageView, async (q, c) => {
      const limited = await publicWriteLimit(c, deps, 'page_view');
      if (limited) return limited;
      await store.insert('page_views', [
        {
          // Wall time of the event, not the platform clock (which a demo may hold fixed).
          ts: Date.now(),
          path: q.path,
          query: q.query,
          referrer: q.referrer,
          vid: q.vid ?? '',
          user_id: memberOf(c)?.id ?? 0,
        },
      ]);
      return null;
    }),
  ];
}
