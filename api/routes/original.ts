import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../members/membership';
import { getAccount, originalLinks } from '../accounts-query';
import type { ApiDeps } from '../deps';
import { describeIssues, readInput } from '../envelope';
import { accountId, pageNumber, pageSize } from '../inputs';
import { requireLevel } from '../member-session';
import { ACCOUNT_MINIPRO_SORTS, type AccountMiniproSort, accountMinipros } from '../minipro-query';

const linksInput = z.object({
  id: accountId,
  page: pageNumber,
  // The 阅读原文 pager is 10 per page (spec §9).
  pagesize: pageSize(10),
  days: z.coerce
    .number({ message: '必须是数字' })
    .refine((d) => [1, 7, 30, 60].includes(d), '只能是 1、7、30 或 60')
    .default(30),
  orderby: z.enum(['pubtime', 'read', 'zan'], { message: '只能是 pubtime、read 或 zan' }).default('pubtime'),
});

/** original/v1 calls; these answer with `status` (200 ok, 4002 level insufficient) as spec §8 says. */
export function originalRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  // 阅读原文 links of an account (detail tab 3): paid levels.
  const links = async (c: Context) => {
    const input = linksInput.safeParse(await readInput(c));
    if (!input.success) return c.json({ status: 400, msg: describeIssues(input.error) }, 400);
    const member = requireLevel(c, can.paidFeature, 'status');
    if (member instanceof Response) return member;
    const q = input.data;
    const account = await getAccount(deps.store, q.id);
    if (!account) return c.json({ status: 404, msg: '公众号不存在或尚未收录' }, 404);
    const { total, rows } = await originalLinks(deps.store, {
      mid: q.id,
      days: q.days,
      order: q.orderby,
      page: q.page,
      size: q.pagesize,
      nowS: Math.floor(deps.clock.now() / 1000),
    });
    return c.json({
      status: 200,
      msg: 'success',
      total_number: total,
      article_list: rows.map((r) => ({
        article_position: Number(r.idx),
        article_title: r.title,
        article_url: r.href,
        mp_name: account.name,
        article_pubtime: r.pubtime,
        article_readnum: Number(r.reads),
        article_zannum: Number(r.likes),
        original_address: r.source_url,
      })),
    });
  };
  app.on(['GET', 'POST'], '/original_text_link', links);

  // Mini-programs the account's articles embed (detail tab 4): paid levels, like the links.
  const appletInput = z.object({
    id: accountId,
    page: pageNumber,
    pagesize: pageSize(50, 10),
    orderby: z
      .enum(Object.keys(ACCOUNT_MINIPRO_SORTS) as [AccountMiniproSort, ...AccountMiniproSort[]], {
        message: '只能是 exposure、article、account 或 read',
      })
      .default('exposure'),
  });
  const applets = async (c: Context) => {
    const input = appletInput.safeParse(await readInput(c));
    if (!input.success) return c.json({ status: 400, msg: describeIssues(input.error) }, 400);
    const member = requireLevel(c, can.paidFeature, 'status');
    if (member instanceof Response) return member;
    const q = input.data;
    if (!(await getAccount(deps.store, q.id)))
      return c.json({ status: 404, msg: '公众号不存在或尚未收录' }, 404);
    const { total, rows } = await accountMinipros(deps.store, {
      mid: q.id,
      sort: q.orderby,
      page: q.page,
      size: q.pagesize,
      sinceS: Math.floor(deps.clock.now() / 1000) - 30 * 86_400,
    });
    return c.json({ status: 200, msg: 'success', total_number: total, applet_data: rows });
  };
  app.on(['GET', 'POST'], '/associated_applet', applets);
  return app;
}
