import { Hono } from 'hono';
import { z } from 'zod';
import { getAccount } from '../accounts-query';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { accountId, pageNumber, pageSize } from '../inputs';
import { similarAccounts } from '../similar-query';

const similarInput = z.object({
  mid: accountId,
  page: pageNumber,
  // Sort 0–5 (spec §2): match degree, fans, headline average likes, headline average reads, weekly posts, index.
  sort: z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(0, '只能是 0–5')
    .max(5, '只能是 0–5')
    .default(0),
  // The similar-accounts pager is 20 per page (spec §9).
  num: pageSize(20),
});

/** search/v1 mp_similar: similar accounts of one account (definition in api/similar-query.ts). */
export function similarRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  app.on(['GET', 'POST'], '/mp_similar', async (c) => {
    const input = await parseInput(c, similarInput);
    if (!input.ok) return input.response;
    const q = input.data;
    if (!(await getAccount(deps.store, q.mid)))
      return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    const { total, rows } = await similarAccounts(deps.store, {
      mid: q.mid,
      sort: q.sort,
      page: q.page,
      size: q.num,
    });
    return ok(c, {
      total,
      accounts: rows.map((r) => ({
        mid: Number(r.mid),
        mp_name: r.name,
        name: r.name,
        wxid: r.wxid,
        avatar: r.avatar,
        qrcode: r.qrcode,
        zhuti: r.owner,
        owner: r.owner,
        same_owner: Number(r.same_owner ?? 0),
        index: Number(r.account_index ?? 0),
        desc: r.description,
        media: r.media,
        area: r.area,
        tag: r.tags,
        fans: Number(r.fans ?? 0),
        match: Number(r.match),
        head_avg_read: Number(r.head_avg_reads ?? 0),
        head_avg_zan: Number(r.head_avg_likes ?? 0),
        week_posts: Number(r.posts_7d ?? 0),
      })),
    });
  });
  return app;
}
