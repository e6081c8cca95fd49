import type { Context } from 'hono';
import { contract } from '../../contract';
import { M } from '../../contract/member-texts';
import { FREE_RANK_DEPTH } from '../../contract/shapes/rankings';
import { can } from '../../members/membership';
import type { ApiDeps } from '../deps';
import { handle, type Mounted } from '../http/mount';
import { answer, memberWith, monitorRefusals } from '../monitor-envelope';
import {
  accountsFigures,
  brandDetail,
  brandRanking,
  dailyRows,
  ownerOf,
  seriesOf,
  windowDays,
} from '../queries/brands';

const { monitor } = contract;

/**
 * Brands (主体) and account comparison under /fbmain/monitor/v1 (spec §7 History crawl group): brand_ranking,
 * brand_detail, brand_bar and official_account_contrast, all figures from ClickHouse (api/queries/brands.ts).
 * Levels: the first FREE_RANK_DEPTH places of the brand ranking are open to everyone, as the other rankings;
 * one brand's accounts and charts are owner information (level 3, spec §6); comparing accounts is a paid feature.
 */

/** Accounts drawn one by one in a brand's daily bars; the rest are summed as 其他. */
export const BAR_SERIES = 10;
/** Bars of a brand's per-account chart. */
export const BAR_ACCOUNTS = 20;

/** These calls read the input first, then the level: bad input answers 400 even to a visitor. */
const afterInput = monitorRefusals({}, { gateAfterInput: true });

export function brandHandlers(deps: ApiDeps): Mounted[] {
  const now = () => deps.clock.now();

  /** The owner a request names, directly or through one of its accounts; or the answer why there is none. */
  const ownerFor = async (c: Context, v: { owner?: string | undefined; mid?: number | undefined }) => {
    if (v.owner !== undefined) return v.owner;
    const owner = await ownerOf(deps.store, v.mid as number);
    if (owner === null) return answer(c, 404, '公众号不存在或尚未收录');
    if (owner === '') return answer(c, 404, '该公众号的主体信息未知');
    return owner;
  };

  return [
    // brand_ranking: owners by their accounts' combined figures over 7 or 30 days.
    handle(
      monitor.brandRanking,
      async (q, c) => {
        const { page, pagesize, sort, kw } = q;
        if (page * pagesize > FREE_RANK_DEPTH) {
          const m = memberWith(c, can.paidFeature, `前 ${FREE_RANK_DEPTH} 名免费查看，更多需开通会员`);
          if (m instanceof Response) return m;
        }
        const r = await brandRanking(deps.store, {
          days: q.days,
          sort: sort ?? 'reads',
          kw,
          page,
          size: pagesize,
          nowMs: now(),
        });
        return {
          data: {
            list: r.list,
            total: r.total,
            page,
            pagesize,
            days: q.days,
            sort: sort ?? 'reads',
            start_day: r.start,
            end_day: r.end,
            free_depth: FREE_RANK_DEPTH,
          },
        };
      },
      afterInput,
    ),

    // brand_detail: one owner's combined figures and its accounts with theirs (owner information: level 3).
    handle(
      monitor.brandDetail,
      async (q, c) => {
        const m = memberWith(c, can.ownerInfo, M.OWNER_LEVEL);
        if (m instanceof Response) return m;
        const owner = await ownerFor(c, q);
        if (owner instanceof Response) return owner;
        const { page, pagesize, sort } = q;
        const r = await brandDetail(deps.store, {
          owner,
          days: q.days,
          sort: sort ?? 'reads',
          page,
          size: pagesize,
          nowMs: now(),
        });
        if (!r) return answer(c, 404, '该主体下没有已收录的公众号');
        return {
          data: {
            ...r.summary,
            days: q.days,
            start_day: r.start,
            end_day: r.end,
            list: r.list,
            total: r.total,
            page,
            pagesize,
          },
        };
      },
      afterInput,
    ),

    // brand_bar: a brand's bars — per day (totals, and the top accounts stacked) or per account.
    handle(
      monitor.brandBar,
      async (q, c) => {
        const m = memberWith(c, can.ownerInfo, M.OWNER_LEVEL);
        if (m instanceof Response) return m;
        const owner = await ownerFor(c, q);
        if (owner instanceof Response) return owner;
        const n = q.days;
        const detail = await brandDetail(deps.store, {
          owner,
          days: n,
          sort: 'reads',
          page: 1,
          size: Math.max(BAR_ACCOUNTS, BAR_SERIES),
          nowMs: now(),
        });
        if (!detail) return answer(c, 404, '该主体下没有已收录的公众号');
        // Fields in the order the answer has always had them.
        const base = <T extends 'account' | 'day'>(type: T) => ({
          owner,
          days: n,
          type,
          start_day: detail.start,
          end_day: detail.end,
        });
        if (q.type === 'account') {
          const bars = detail.list.slice(0, BAR_ACCOUNTS);
          return {
            data: {
              ...base('account'),
              charts: {
                x: bars.map((a) => a.name),
                mids: bars.map((a) => a.mid),
                articles: bars.map((a) => a.articles),
                reads: bars.map((a) => a.reads),
                likes: bars.map((a) => a.likes),
                looking: bars.map((a) => a.looking),
              },
              accounts: detail.total,
            },
          };
        }
        const x = windowDays(now(), n).all;
        const rows = await dailyRows(deps.store, { owner }, now(), n);
        const top = detail.list.filter((a) => a.reads > 0).slice(0, BAR_SERIES);
        const topMids = new Set(top.map((a) => a.mid));
        const rest = rows.filter((r) => !topMids.has(r.mid));
        return {
          data: {
            ...base('day'),
            charts: { x, ...seriesOf(rows, x) },
            series: [
              ...top.map((a) => ({
                mid: a.mid,
                name: a.name,
                reads: seriesOf(
                  rows.filter((r) => r.mid === a.mid),
                  x,
                ).reads,
              })),
              ...(rest.some((r) => r.reads > 0)
                ? [{ mid: 0, name: '其他', reads: seriesOf(rest, x).reads }]
                : []),
            ],
            accounts: detail.total,
          },
        };
      },
      afterInput,
    ),

    // official_account_contrast: 2–5 accounts side by side over 7 or 30 days, with daily series (paid levels).
    handle(
      monitor.officialAccountContrast,
      async (q, c) => {
        const m = memberWith(c, can.paidFeature, '公众号对比仅限高级及以上会员使用，去升级');
        if (m instanceof Response) return m;
        const { mids } = q;
        const n = q.days;
        const found = await accountsFigures(deps.store, mids, now(), n);
        const byMid = new Map(found.map((a) => [a.mid, a]));
        const missing = mids.filter((mid) => !byMid.has(mid));
        if (missing.length > 0) return answer(c, 404, `公众号不存在或尚未收录：${missing.join('、')}`);
        const x = windowDays(now(), n).all;
        const rows = await dailyRows(deps.store, mids, now(), n);
        const accounts = mids.map((mid) => byMid.get(mid) as (typeof found)[number]);
        return {
          data: {
            days: n,
            start_day: x[0] as string,
            end_day: x.at(-1) as string,
            accounts,
            charts: {
              x,
              series: accounts.map((a) => ({
                mid: a.mid,
                name: a.name,
                ...seriesOf(
                  rows.filter((r) => r.mid === a.mid),
                  x,
                ),
              })),
            },
          },
        };
      },
      afterInput,
    ),
  ];
}
