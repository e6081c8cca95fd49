import { Hono } from 'hono';
import { z } from 'zod';
import { Groups } from '../../members/groups';
import { M } from '../../members/messages';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { FOLLOW_SEARCH_SCOPES, type FollowSearchScope, followKeySearch } from '../follow-search-query';
import { depthWindow } from '../history-depth';
import { optionalDate, pageNumber, pageSize } from '../inputs';
import { requireMember } from '../member-session';

const searchInput = z.object({
  kw: z.string({ message: '不能为空' }).trim().min(1, '不能为空').max(30, '最长 30 个字'),
  kw_type: z
    .enum(FOLLOW_SEARCH_SCOPES as unknown as [FollowSearchScope, ...FollowSearchScope[]], {
      message: '只能是 all、title 或 body',
    })
    .default('all'),
  group_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: '必须是数字' })
      .int('必须是整数')
      .positive('必须是正整数')
      .max(Number.MAX_SAFE_INTEGER, '超出范围')
      .optional(),
  ),
  start_time: optionalDate,
  end_time: optionalDate,
  orderby: z.enum(['pubtime', 'read'], { message: '只能是 pubtime 或 read' }).default('pubtime'),
  page: pageNumber,
  pagesize: pageSize(50, 20),
});

/**
 * follow/v1 follow_key_search (spec §7): keyword search over the articles of the accounts the member has in their
 * favourite groups (all groups, or one `group_id`). Members only: the followed accounts are the member's own.
 */
export function followSearchRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const groups = new Groups(deps.members.db);

  app.on(['GET', 'POST'], '/follow_key_search', async (c) => {
    const input = await parseInput(c, searchInput);
    if (!input.ok) return input.response;
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const q = input.data;
    if (q.start_time && q.end_time && q.start_time > q.end_time)
      return fail(c, 400, Codes.BAD_INPUT, '参数错误：开始日期 (start_time) 不能晚于结束日期 (end_time)');
    if (q.group_id !== undefined && !(await groups.get('account', me.id, q.group_id)))
      return fail(c, 404, Codes.NOT_FOUND, M.GROUP_NOT_FOUND);
    const mids = [
      ...new Set(
        (await groups.allAccounts(me.id))
          .filter((f) => q.group_id === undefined || f.group_id === q.group_id)
          .map((f) => f.mid),
      ),
    ];
    const { total, rows } = await followKeySearch(deps.store, {
      mids,
      kw: q.kw,
      scope: q.kw_type,
      // The member's history depth (api/history-depth.ts), as on the account's history tab.
      start: depthWindow(me, deps.clock.now(), q.start_time).start,
      end: q.end_time ?? null,
      order: q.orderby,
      page: q.page,
      size: q.pagesize,
    });
    return ok(c, { kw: q.kw, accounts: mids.length, total, article_list: rows });
  });
  return app;
}
