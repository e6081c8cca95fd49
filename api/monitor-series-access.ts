import { can } from '../members/membership';
import type { Member } from '../members/sessions';
import type { ApiDeps } from './deps';
import { taskStatuses } from './monitor-orders-query';
import type { ArticleRef } from './report-extras-query';

const BIGINT_MAX = 9_223_372_036_854_775_807n;

/**
 * Who may read a monitored article's series (read_praise_report, read_praise, read_zan_look_report, spend_time):
 * minute-level polls are paid for by the member who ordered the monitoring. An article some order covers — an
 * article task on it, or a next-post task whose collector reported it — is readable by the members who ordered
 * it (and admins); an article nobody monitors has only the crawl's polls, open to every member.
 */
export async function canReadSeries(
  deps: Pick<ApiDeps, 'db' | 'store'>,
  member: Member,
  ref: ArticleRef,
): Promise<boolean> {
  if (can.admin(member)) return true;
  // An aid that is no msgid_idx within bigint names no article task (and must not reach PostgreSQL as one).
  const parts = /^(\d{1,19})_(\d{1,2})$/.exec(ref.aid);
  const articleTask = parts !== null && BigInt(parts[1] as string) <= BIGINT_MAX;
  const [msgid, idx] = articleTask ? [parts?.[1] as string, Number(parts?.[2])] : ['0', 0];
  const orders = await deps.db.query<{ user_id: string | number; task_id: string; kind: string }>(
    `SELECT user_id, task_id, kind FROM monitor_orders
     WHERE mid = $1 AND (kind = 'next_post' OR ($2::boolean AND kind = 'article' AND msgid = $3::bigint AND idx = $4))`,
    [ref.mid, articleTask, msgid, idx],
  );
  const nextPost = orders.filter((o) => o.kind === 'next_post');
  const statuses = await taskStatuses(
    deps.store,
    nextPost.map((o) => o.task_id),
  );
  const covering = orders.filter(
    (o) => o.kind === 'article' || statuses.get(o.task_id)?.aids.includes(ref.aid) === true,
  );
  return covering.length === 0 || covering.some((o) => Number(o.user_id) === member.id);
}
