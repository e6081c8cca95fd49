import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { ok, parseInput } from '../envelope';
import { memberOf } from '../member-session';
import { publicWriteLimit } from '../throttle';

const pageViewInput = z.object({
  // A dashboard path under /main/, without the base.
  path: z
    .string({ message: '不能为空' })
    .trim()
    .regex(/^\/[^\s]{0,299}$/, '必须是以 / 开头的页面路径'),
  query: z.string().trim().max(500, '最长 500 个字符').default(''),
  referrer: z.string().trim().max(500, '最长 500 个字符').default(''),
  vid: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '格式不正确')
    .optional(),
});

/** common/v1/page_view: one event per route change of the dashboard, into ClickHouse for the data team. */
export function pageViewRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  app.post('/page_view', async (c) => {
    const input = await parseInput(c, pageViewInput);
    if (!input.ok) return input.response;
    const limited = await publicWriteLimit(c, deps, 'page_view');
    if (limited) return limited;
    const q = input.data;
    await deps.store.insert('page_views', [
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
    return ok(c, null);
  });
  return app;
}
