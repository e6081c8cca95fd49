import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { M } from '../../members/messages';
import type { ApiDeps } from '../deps';
import { describeIssues, readInput } from '../envelope';
import { fakeReport, parsePost } from '../fake-report-query';
import { memberOf, notLoggedIn } from '../member-session';
import { canReadSeries } from '../monitor-series-access';

const reportInput = z.object({
  post: z
    .string({ message: '不能为空' })
    .trim()
    .max(64, '格式不正确')
    .refine((p) => parsePost(p) !== null, '格式不正确，应为 公众号ID_文章ID')
    .transform((p) => parsePost(p) as { mid: number; aid: string }),
  type: z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(1)
    .max(2, '只能是 1 或 2')
    .default(1),
});

/**
 * The fake-traffic report of a monitored article (pre-campaign analysis, spec §2/§3). These monitor calls
 * answer with `status` 200 on success (spec §8). Members only: reports are part of the monitoring service, and a
 * monitored article's series only for the members who ordered its monitoring (api/monitor-series-access.ts).
 */
export function monitorReportRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  const report = async (c: Context, chartsOnly: boolean) => {
    const input = reportInput.safeParse(await readInput(c));
    if (!input.success) return c.json({ status: 400, msg: describeIssues(input.error) }, 400);
    const me = memberOf(c);
    if (!me) return notLoggedIn(c);
    const { mid, aid } = input.data.post;
    if (!(await canReadSeries(deps, me, { mid, aid })))
      return c.json({ status: 403, msg: M.MONITOR_SERIES_OWNER_ONLY }, 403);
    const r = await fakeReport(deps.store, mid, aid);
    if (!r) return c.json({ status: 404, msg: '文章不存在或尚未采集' }, 404);
    // read_praise with type 2 is the chart alone (spec §7: returns data.charts).
    const data = chartsOnly && input.data.type === 2 ? { charts: r.charts } : r;
    return c.json({ status: 200, msg: 'success', data });
  };
  app.on(['GET', 'POST'], '/read_praise_report', (c) => report(c, false));
  app.on(['GET', 'POST'], '/read_praise', (c) => report(c, true));
  return app;
}
