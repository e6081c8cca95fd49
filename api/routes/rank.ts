import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../members/membership';
import { beijingDay, PERIODS } from '../../stream/analytics/periods';
import type { RankType } from '../../stream/analytics/rankings';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { isCalendarDay, pageNumber, pageSize } from '../inputs';
import { requireLevel } from '../member-session';
import {
  miniproRankingPage,
  previousPeriodDay,
  type RankScope,
  rankingFilters,
  rankingPage,
} from '../rankings-query';

/** Ranks visitors and free members may see; deeper pages are a paid feature (40002). */
export const FREE_RANK_DEPTH = 100;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-mm-dd')
  .refine(isCalendarDay, '不是有效日期')
  .optional();

export const rankInput = z.object({
  period: z.enum(PERIODS, { message: '只能是 day、week 或 month' }).default('day'),
  date: day,
  media: z.string().trim().max(30, '最长 30 个字').optional(),
  area: z.string().trim().max(30, '最长 30 个字').optional(),
  page: pageNumber,
  num: pageSize(100, 20),
});

/**
 * A deep page needs a paid level; the first FREE_RANK_DEPTH places of a ranking or list are open to everyone.
 * Shared by rank/v1, the main/v1 lists and the original/v1 lists (which answer in `status`).
 */
export function depthGate(
  c: Context,
  page: number,
  size: number,
  style: 'error_code' | 'status' = 'error_code',
): Response | null {
  if (page * size <= FREE_RANK_DEPTH) return null;
  const gate = requireLevel(c, can.paidFeature, style, `前 ${FREE_RANK_DEPTH} 名免费查看，更多需开通会员`);
  return gate instanceof Response ? gate : null;
}

/**
 * rank/v1 (spec §7 Rank). Periods day/week/month (the running one unless `date` picks another); overall or
 * within an industry (media) or area; each row carries its rank change against the previous period.
 */
export function rankRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  /** `scope` ranks within an industry or area; `previous` reads the period before (new_fake_old). */
  const accountRank =
    (type: RankType, opts: { scope?: 'media' | 'area'; previous?: boolean } = {}) =>
    async (c: Context) => {
      const input = await parseInput(c, rankInput);
      if (!input.ok) return input.response;
      const q = input.data;
      if (opts.scope && !q[opts.scope])
        return fail(
          c,
          400,
          Codes.BAD_INPUT,
          opts.scope === 'media' ? '参数错误：请选择行业 (media)' : '参数错误：请选择地区 (area)',
        );
      const gate = depthGate(c, q.page, q.num);
      if (gate) return gate;
      const nowMs = deps.clock.now();
      const scope: RankScope = opts.scope ?? (q.media ? 'media' : q.area ? 'area' : 'all');
      return ok(
        c,
        await rankingPage(deps.store, {
          type,
          period: q.period,
          date: opts.previous ? previousPeriodDay(q.period, q.date ?? beijingDay(nowMs)) : (q.date ?? null),
          media: q.media || null,
          area: q.area || null,
          scope,
          page: q.page,
          size: q.num,
          nowMs,
        }),
      );
    };

  app.on(['GET', 'POST'], '/common', accountRank('common'));
  app.on(['GET', 'POST'], '/real', accountRank('real'));
  app.on(['GET', 'POST'], '/original', accountRank('original'));
  app.on(['GET', 'POST'], '/fake', accountRank('fake'));
  app.on(['GET', 'POST'], '/new_fake', accountRank('new_fake'));
  app.on(['GET', 'POST'], '/new_fake_old', accountRank('new_fake', { previous: true }));
  app.on(['GET', 'POST'], '/media', accountRank('common', { scope: 'media' }));
  app.on(['GET', 'POST'], '/area_rank', accountRank('common', { scope: 'area' }));

  app.on(['GET', 'POST'], '/minipro_rank', async (c) => {
    const input = await parseInput(c, rankInput.pick({ period: true, date: true, page: true, num: true }));
    if (!input.ok) return input.response;
    const q = input.data;
    const gate = depthGate(c, q.page, q.num);
    if (gate) return gate;
    return ok(
      c,
      await miniproRankingPage(deps.store, {
        period: q.period,
        date: q.date ?? null,
        page: q.page,
        size: q.num,
        nowMs: deps.clock.now(),
      }),
    );
  });

  // The industries and areas the filters offer.
  app.get('/filters', async (c) => ok(c, await rankingFilters(deps.store)));
  return app;
}
