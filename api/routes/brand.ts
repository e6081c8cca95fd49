import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../members/membership';
import { M } from '../../members/messages';
import {
  ACCOUNT_SORTS,
  type AccountSort,
  accountsFigures,
  BRAND_SORTS,
  type BrandSort,
  brandDetail,
  brandRanking,
  dailyRows,
  ownerOf,
  seriesOf,
  WINDOW_DAYS,
  windowDays,
} from '../brand-query';
import type { ApiDeps } from '../deps';
import {
  answer,
  blankToUndefined,
  memberWith,
  midField,
  num,
  okData,
  paging,
  parse,
} from '../monitor-envelope';
import { FREE_RANK_DEPTH } from './rank';

/**
 * Brands (主体) and account comparison under /fbmain/monitor/v1 (spec §7 History crawl group): brand_ranking,
 * brand_detail, brand_bar and official_account_contrast, all figures from ClickHouse (api/brand-query.ts).
 * Levels: the first FREE_RANK_DEPTH places of the brand ranking are open to everyone, as the other rankings;
 * one brand's accounts and charts are owner information (level 3, spec §6); comparing accounts is a paid feature.
 */

/** Accounts one comparison takes. */
export const CONTRAST_MIN = 2;
export const CONTRAST_MAX = 5;
/** Accounts drawn one by one in a brand's daily bars; the rest are summed as 其他. */
export const BAR_SERIES = 10;
/** Bars of a brand's per-account chart. */
export const BAR_ACCOUNTS = 20;

const days = num((n) => (WINDOW_DAYS as readonly number[]).includes(n), '只能是 7 或 30（天）').default(7);
const sortOf = <K extends string>(keys: K[]) =>
  z.preprocess(
    blankToUndefined,
    z.enum(keys as [K, ...K[]], { message: `只能是 ${keys.join('、')}` }).optional(),
  );
const ownerField = z.preprocess(
  blankToUndefined,
  z.string().trim().min(1, '不能为空').max(100, '不能超过 100 个字符').optional(),
);
const ownerRef = {
  owner: ownerField,
  mid: z.preprocess(blankToUndefined, midField.optional()),
};
const needOwner = <T extends { owner?: string | undefined; mid?: number | undefined }>(v: T) =>
  v.owner !== undefined || v.mid !== undefined;
const OWNER_MISSING = { message: '不能为空（请提供主体名称 owner 或公众号 mid）', path: ['owner'] };

const rankingInput = z.object({
  days,
  sort: sortOf(Object.keys(BRAND_SORTS) as BrandSort[]),
  kw: z.preprocess(blankToUndefined, z.string().trim().max(50, '不能超过 50 个字符').default('')),
  ...paging(50, 20),
});
const detailInput = z
  .object({ ...ownerRef, days, sort: sortOf(Object.keys(ACCOUNT_SORTS) as AccountSort[]), ...paging(50, 20) })
  .refine(needOwner, OWNER_MISSING);
const barInput = z
  .object({
    ...ownerRef,
    days,
    type: z.preprocess(
      blankToUndefined,
      z.enum(['day', 'account'], { message: '只能是 day（按天）或 account（按公众号）' }).default('day'),
    ),
  })
  .refine(needOwner, OWNER_MISSING);
/** mids as a list, a comma-separated string, or repeated fields. */
const midList = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? String(v).split(',') : [])
      .map((x) => String(x).trim())
      .filter(Boolean),
  z
    .array(
      z.coerce
        .number({ message: '必须是数字' })
        .int('必须是整数')
        .positive('必须是正整数')
        .max(Number.MAX_SAFE_INTEGER, '超出范围'),
    )
    .transform((ms) => [...new Set(ms)])
    .refine((ms) => ms.length >= CONTRAST_MIN && ms.length <= CONTRAST_MAX, {
      message: `请选择 ${CONTRAST_MIN}–${CONTRAST_MAX} 个不同的公众号`,
    }),
);
const contrastInput = z.object({ mids: midList, days });

export function brandRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const now = () => deps.clock.now();

  /** The owner a request names, directly or through one of its accounts; or the answer why there is none. */
  const ownerFor = async (c: Context, v: { owner?: string | undefined; mid?: number | undefined }) => {
    if (v.owner !== undefined) return v.owner;
    const owner = await ownerOf(deps.store, v.mid as number);
    if (owner === null) return answer(c, 404, '公众号不存在或尚未收录');
    if (owner === '') return answer(c, 404, '该公众号的主体信息未知');
    return owner;
  };

  // brand_ranking: owners by their accounts' combined figures over 7 or 30 days.
  app.on(['GET', 'POST'], '/brand_ranking', async (c) => {
    const input = await parse(c, rankingInput);
    if (!input.ok) return input.response;
    const { page, pagesize, sort, kw } = input.data;
    if (page * pagesize > FREE_RANK_DEPTH) {
      const m = memberWith(c, can.paidFeature, `前 ${FREE_RANK_DEPTH} 名免费查看，更多需开通会员`);
      if (m instanceof Response) return m;
    }
    const r = await brandRanking(deps.store, {
      days: input.data.days,
      sort: sort ?? 'reads',
      kw,
      page,
      size: pagesize,
      nowMs: now(),
    });
    return okData(c, {
      list: r.list,
      total: r.total,
      page,
      pagesize,
      days: input.data.days,
      sort: sort ?? 'reads',
      start_day: r.start,
      end_day: r.end,
      free_depth: FREE_RANK_DEPTH,
    });
  });

  // brand_detail: one owner's combined figures and its accounts with theirs (owner information: level 3).
  app.on(['GET', 'POST'], '/brand_detail', async (c) => {
    const input = await parse(c, detailInput);
    if (!input.ok) return input.response;
    const m = memberWith(c, can.ownerInfo, M.OWNER_LEVEL);
    if (m instanceof Response) return m;
    const owner = await ownerFor(c, input.data);
    if (owner instanceof Response) return owner;
    const { page, pagesize, sort } = input.data;
    const r = await brandDetail(deps.store, {
      owner,
      days: input.data.days,
      sort: sort ?? 'reads',
      page,
      size: pagesize,
      nowMs: now(),
    });
    if (!r) return answer(c, 404, '该主体下没有已收录的公众号');
    return okData(c, {
      ...r.summary,
      days: input.data.days,
      start_day: r.start,
      end_day: r.end,
      list: r.list,
      total: r.total,
      page,
      pagesize,
    });
  });

  // brand_bar: a brand's bars — per day (totals, and the top accounts stacked) or per account.
  app.on(['GET', 'POST'], '/brand_bar', async (c) => {
    const input = await parse(c, barInput);
    if (!input.ok) return input.response;
    const m = memberWith(c, can.ownerInfo, M.OWNER_LEVEL);
    if (m instanceof Response) return m;
    const owner = await ownerFor(c, input.data);
    if (owner instanceof Response) return owner;
    const n = input.data.days;
    const detail = await brandDetail(deps.store, {
      owner,
      days: n,
      sort: 'reads',
      page: 1,
      size: Math.max(BAR_ACCOUNTS, BAR_SERIES),
      nowMs: now(),
    });
    if (!detail) return answer(c, 404, '该主体下没有已收录的公众号');
    const base = { owner, days: n, type: input.data.type, start_day: detail.start, end_day: detail.end };
    if (input.data.type === 'account') {
      const bars = detail.list.slice(0, BAR_ACCOUNTS);
      return okData(c, {
        ...base,
        charts: {
          x: bars.map((a) => a.name),
          mids: bars.map((a) => a.mid),
          articles: bars.map((a) => a.articles),
          reads: bars.map((a) => a.reads),
          likes: bars.map((a) => a.likes),
          looking: bars.map((a) => a.looking),
        },
        accounts: detail.total,
      });
    }
    const x = windowDays(now(), n).all;
    const rows = await dailyRows(deps.store, { owner }, now(), n);
    const top = detail.list.filter((a) => a.reads > 0).slice(0, BAR_SERIES);
    const topMids = new Set(top.map((a) => a.mid));
    const rest = rows.filter((r) => !topMids.has(r.mid));
    return okData(c, {
      ...base,
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
        ...(rest.some((r) => r.reads > 0) ? [{ mid: 0, name: '其他', reads: seriesOf(rest, x).reads }] : []),
      ],
      accounts: detail.total,
    });
  });

  // official_account_contrast: 2–5 accounts side by side over 7 or 30 days, with daily series (paid levels).
  app.on(['GET', 'POST'], '/official_account_contrast', async (c) => {
    const input = await parse(c, contrastInput);
    if (!input.ok) return input.response;
    const m = memberWith(c, can.paidFeature, '公众号对比仅限高级及以上会员使用，去升级');
    if (m instanceof Response) return m;
    const { mids } = input.data;
    const n = input.data.days;
    const found = await accountsFigures(deps.store, mids, now(), n);
    const byMid = new Map(found.map((a) => [a.mid, a]));
    const missing = mids.filter((mid) => !byMid.has(mid));
    if (missing.length > 0) return answer(c, 404, `公众号不存在或尚未收录：${missing.join('、')}`);
    const x = windowDays(now(), n).all;
    const rows = await dailyRows(deps.store, mids, now(), n);
    const accounts = mids.map((mid) => byMid.get(mid) as (typeof found)[number]);
    return okData(c, {
      days: n,
      start_day: x[0],
      end_day: x.at(-1),
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
    });
  });

  return app;
}
