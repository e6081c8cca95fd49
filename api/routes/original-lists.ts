import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { describeIssues, readInput } from '../envelope';
import { pageNumber, pageSize } from '../inputs';
import {
  HOT_ORIGINAL_SORTS,
  type HotOriginalSort,
  hotOriginalArticles,
  ORIGINAL_DAYS,
  originalCategories,
  originalReadsOf,
  originalTags,
} from '../original-query';
import { type RankScope, rankingPage } from '../rankings-query';
import { depthGate, rankInput } from './rank';

const days = (byDefault: number) =>
  z.coerce
    .number({ message: '必须是数字' })
    .refine((d) => (ORIGINAL_DAYS as readonly number[]).includes(d), '只能是 1、7 或 30')
    .default(byDefault);
const category = z.string().trim().max(30, '最长 30 个字');

const oneLevelInput = z.object({ days: days(30) });
const secondLevelInput = z.object({
  media: category.min(1, '请选择一级分类'),
  days: days(30),
  page: pageNumber,
  pagesize: pageSize(100, 50),
});
const hotInput = z.object({
  media: category.optional(),
  tag: category.optional(),
  days: days(7),
  orderby: z
    .enum(Object.keys(HOT_ORIGINAL_SORTS) as [HotOriginalSort, ...HotOriginalSort[]], {
      message: '只能是 read、zan 或 pubtime',
    })
    .default('read'),
  page: pageNumber,
  pagesize: pageSize(50, 20),
});

/** Parses input; bad input answers in the original/v1 envelope (`status` 400 with the Chinese message). */
async function parse<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  const r = schema.safeParse(await readInput(c));
  return r.success
    ? { ok: true, data: r.data }
    : { ok: false, response: c.json({ status: 400, msg: describeIssues(r.error) }, 400) };
}

/**
 * original/v1 原创 lists (spec §7): onelevel (industries with original articles), secondlevel (the tags under one
 * industry), hotarticle (hot original articles) and ranklisk (the original-accounts rank list, rank/v1 original with
 * each account's original reads). They answer in `status` (200; 4002 for a page beyond the free depth, like rank/v1).
 */
export function originalListRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const now = () => deps.clock.now();

  app.on(['GET', 'POST'], '/onelevel', async (c) => {
    const input = await parse(c, oneLevelInput);
    if (!input.ok) return input.response;
    const list = await originalCategories(deps.store, { days: input.data.days, nowMs: now() });
    return c.json({
      status: 200,
      msg: 'success',
      days: input.data.days,
      total_number: list.length,
      article_total: list.reduce((n, r) => n + r.article_num, 0),
      list,
    });
  });

  app.on(['GET', 'POST'], '/secondlevel', async (c) => {
    const input = await parse(c, secondLevelInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const { total, rows } = await originalTags(deps.store, {
      media: q.media,
      days: q.days,
      nowMs: now(),
      page: q.page,
      size: q.pagesize,
    });
    return c.json({
      status: 200,
      msg: 'success',
      media: q.media,
      days: q.days,
      total_number: total,
      list: rows,
    });
  });

  app.on(['GET', 'POST'], '/hotarticle', async (c) => {
    const input = await parse(c, hotInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const gate = depthGate(c, q.page, q.pagesize, 'status');
    if (gate) return gate;
    const { total, article_list } = await hotOriginalArticles(deps.store, {
      media: q.media || null,
      tag: q.tag || null,
      days: q.days,
      sort: q.orderby,
      page: q.page,
      size: q.pagesize,
      nowMs: now(),
    });
    return c.json({ status: 200, msg: 'success', total_number: total, article_list });
  });

  app.on(['GET', 'POST'], '/ranklisk', async (c) => {
    const input = await parse(c, rankInput);
    if (!input.ok) return input.response;
    const q = input.data;
    const gate = depthGate(c, q.page, q.num, 'status');
    if (gate) return gate;
    const nowMs = now();
    const scope: RankScope = q.media ? 'media' : q.area ? 'area' : 'all';
    const page = await rankingPage(deps.store, {
      type: 'original',
      period: q.period,
      date: q.date ?? null,
      media: q.media || null,
      area: q.area || null,
      scope,
      page: q.page,
      size: q.num,
      nowMs,
    });
    const reads = await originalReadsOf(
      deps.store,
      page.list.map((r) => r.mid),
      page.period_start,
      page.period_end,
    );
    const { list, total, ...period } = page;
    return c.json({
      status: 200,
      msg: 'success',
      ...period,
      total_number: total,
      list: list.map((r) => {
        const originalReads = reads.get(r.mid) ?? 0;
        return {
          ...r,
          original_reads: originalReads,
          original_avg_read: r.originals > 0 ? Math.round(originalReads / r.originals) : 0,
          original_share: r.articles > 0 ? Math.round((r.originals / r.articles) * 100) / 100 : 0,
        };
      }),
    });
  });
  return app;
}
