import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { ok, parseInput } from '../envelope';
import { pageNumber, pageSize } from '../inputs';
import { burstArticles, LIST_SORTS, type ListSort, listRules, todayHotArticles } from '../lists-query';
import { depthGate } from './rank';

const reads = z.coerce.number({ message: '必须是数字' }).int('必须是整数').min(0, '不能为负').optional();

/** The lists' filters, shared by article search. */
export const listInput = z.object({
  media: z.string().trim().max(30, '最长 30 个字').optional(),
  min_read: reads,
  max_read: reads,
  original: z.enum(['0', '1'], { message: '只能是 0 或 1' }).default('0'),
  sort: z
    .enum(Object.keys(LIST_SORTS) as [ListSort, ...ListSort[]], {
      message: `只能是 ${Object.keys(LIST_SORTS).join('、')}`,
    })
    .default('read'),
  page: pageNumber,
  num: pageSize(100, 20),
});

const burstInput = listInput.extend({
  days: z.coerce
    .number({ message: '必须是数字' })
    .refine((d) => [1, 3, 7, 30].includes(d), '只能是 1、3、7 或 30')
    .default(7),
});

/** The lists' filters as a query. */
export const listQueryOf = (q: z.output<typeof listInput>, nowMs: number) => ({
  media: q.media || null,
  minRead: q.min_read ?? null,
  maxRead: q.max_read ?? null,
  original: q.original === '1',
  sort: q.sort,
  page: q.page,
  size: q.num,
  nowMs,
});

/** main/v1 lists: 今日热文 (today_hot, spec §7) and 低粉爆文 (burst), each answering its definition too. */
export function listRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const base = (q: z.output<typeof listInput>) => listQueryOf(q, deps.clock.now());

  app.on(['GET', 'POST'], '/today_hot', async (c) => {
    const input = await parseInput(c, listInput);
    if (!input.ok) return input.response;
    const denied = depthGate(c, input.data.page, input.data.num);
    if (denied) return denied;
    const list = await todayHotArticles(deps.store, deps.lists, base(input.data));
    return ok(c, { ...list, rule: listRules(deps.lists).hot });
  });

  app.on(['GET', 'POST'], '/burst', async (c) => {
    const input = await parseInput(c, burstInput);
    if (!input.ok) return input.response;
    const denied = depthGate(c, input.data.page, input.data.num);
    if (denied) return denied;
    const list = await burstArticles(deps.store, deps.lists, { ...base(input.data), days: input.data.days });
    return ok(c, { ...list, days: input.data.days, rule: listRules(deps.lists).burst });
  });

  app.get('/list_rules', (c) => ok(c, listRules(deps.lists)));
  return app;
}
