import { can } from '../members/membership';
import { type ArticleOrder, MonitorOrders } from '../members/monitor-orders';
import type { Member } from '../members/sessions';
import type { ApiDeps } from './deps';
import type { ArticleRef } from './queries/article-reports';
import type { MonitorWindow } from './queries/fake-report';
import { taskStatuses } from './queries/monitor-orders';

const BIGINT_MAX = 9_223_372_036_854_775_807n;
const DAY_MS = 86_400_000;

export interface SeriesAccess {
  allowed: boolean;
  /** The reader's order on the article (or the earliest one, for admins); null when no order covers it. */
  window: MonitorWindow | null;
}

const windowOf = (o: ArticleOrder, nowMs: number): MonitorWindow => {
  const planned = o.created_ms + o.days * DAY_MS;
  const endMs = o.cancelled_ms !== null ? Math.min(o.cancelled_ms, planned) : planned;
  return { startMs: o.created_ms, endMs, running: nowMs < endMs };
};

/**
 * Who may read a monitored article's series (read_praise_report, read_praise, read_zan_look_report, spend_time):
 * minute-level polls are paid for by the member who ordered the monitoring. An article some order covers — an
 * article task on it, or a next-post task whose collector reported it — is readable by the members who ordered
 * it (and admins); an article nobody monitors has only the crawl's polls, open to every member. The reader's
 * covering order also says when the monitoring started and ends (the report's 监测开始 / 监测结束).
 */
export async function seriesAccess(
  deps: Pick<ApiDeps, 'db' | 'store' | 'clock'>,
  member: Member,
  ref: ArticleRef,
): Promise<SeriesAccess> {
  // An aid that is no msgid_idx within bigint names no article task (and must not reach PostgreSQL as one).
  const parts = /^(\d{1,19})_(\d{1,2})$/.exec(ref.aid);
  const article =
    parts !== null && BigInt(parts[1] as string) <= BIGINT_MAX
      ? { msgid: parts[1] as string, idx: Number(parts[2]) }
      : null;
  const orders = await new MonitorOrders(deps.db).onArticle(ref.mid, article);
  const nextPost = orders.filter((o) => o.kind === 'next_post');
  const statuses = await taskStatuses(
    deps.store,
    nextPost.map((o) => o.task_id),
  );
  const covering = orders
    .filter((o) => o.kind === 'article' || statuses.get(o.task_id)?.aids.includes(ref.aid) === true)
    .sort((a, b) => a.created_ms - b.created_ms);
  const mine = covering.filter((o) => o.user_id === member.id);
  const admin = can.admin(member);
  const order = mine[0] ?? (admin ? covering[0] : undefined);
  return {
    allowed: admin || covering.length === 0 || mine.length > 0,
    window: order ? windowOf(order, deps.clock.now()) : null,
  };
}

export async function canReadSeries(
  deps: Pick<ApiDeps, 'db' | 'store' | 'clock'>,
  member: Member,
  ref: ArticleRef,
): Promise<boolean> {
  return (await seriesAccess(deps, member, ref)).allowed;
}
