import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { CrawlProgressMessage } from '../../bus/messages';
import { accountKey } from '../../collectors/messages-of';
import { can } from '../../members/membership';
import { M } from '../../members/messages';
import type { Member } from '../../members/sessions';
import { type AccountRow, getAccount } from '../accounts-query';
import type { ApiDeps } from '../deps';
import { Codes, describeIssues, fail, readInput } from '../envelope';
import { accountId } from '../inputs';
import { memberOf, notLoggedIn, requireLevel } from '../member-session';
import { countInclusions, inclusionLimit, memberUpstreamLimit } from '../throttle';

/** How long collect_mp waits for the collector's answer before saying the request is being processed. */
export const INCLUSION_WAIT_MS = 20_000;
/** The page-update button's busy state (spec §9: 5 s). */
export const UPDATE_BUSY_MS = 5_000;

type Progress = Pick<CrawlProgressMessage, 'state' | 'message' | 'percent'> & {
  request_id: string;
  result: string;
};

async function progressOf(deps: ApiDeps, requestIds: string[]): Promise<Map<string, Progress>> {
  const rows = await deps.store.query<Progress>(
    `SELECT request_id, state, message, percent, result FROM crawl_progress FINAL
     WHERE request_id IN {ids:Array(String)}`,
    { ids: requestIds },
  );
  return new Map(rows.map((r) => [r.request_id, r]));
}

/** A collector's failure message for the user: its own Chinese text, or a general one. */
const failureText = (message: string) =>
  /[\u4e00-\u9fff]/.test(message) ? message : '收录失败，请检查输入或稍后重试';

/** The inclusion result of spec §3, as the collector wrote it or as the API says while it is still pending. */
export interface InclusionData {
  code: number;
  tip: string;
  is_success: boolean;
  data: { avatar: string; mid: number; wxname: string; wxid: string; desc: string }[];
  data2: { avatar: string; mid: number; wxname: string; wxid: string; desc: string }[];
  request_id?: string;
}

export type InclusionOutcome =
  | { state: 'done'; data: InclusionData }
  | { state: 'failed'; msg: string }
  | { state: 'pending'; data: InclusionData };

const PENDING_TIP = '收录请求已提交，正在处理中，文章将在10分钟内更新';

/**
 * Hands inclusion inputs (收录: 1–30 characters an account name, else an article link) to the collectors on
 * `crawl.requests`, one request each, and waits up to INCLUSION_WAIT_MS for their answers in crawl_progress.
 * collect_mp sends one input, collect_mp2 several; both answer with these outcomes.
 */
export async function includeInputs(deps: ApiDeps, inputs: string[]): Promise<InclusionOutcome[]> {
  const bus = deps.bus;
  if (!bus) throw new Error('no bus');
  const ids = inputs.map(() => randomUUID());
  await bus.publish(
    'crawl.requests',
    inputs.map((input, i) => ({
      key: input,
      value: { request_id: ids[i] as string, kind: 'include' as const, input, requested_at: Date.now() },
    })),
  );
  const outcomes = new Map<string, InclusionOutcome>();
  const until = Date.now() + INCLUSION_WAIT_MS;
  for (;;) {
    const open = ids.filter((id) => !outcomes.has(id));
    const progress = await progressOf(deps, open);
    for (const id of open) {
      const p = progress.get(id);
      if (p?.state === 'done' && p.result)
        outcomes.set(id, { state: 'done', data: JSON.parse(p.result) as InclusionData });
      else if (p?.state === 'failed') outcomes.set(id, { state: 'failed', msg: failureText(p.message) });
    }
    if (outcomes.size === ids.length || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return ids.map(
    (id) =>
      outcomes.get(id) ?? {
        state: 'pending',
        data: { code: 0, tip: PENDING_TIP, is_success: false, data: [], data2: [], request_id: id },
      },
  );
}

/** Per app (per deps): when each member last asked for an account's update; mp_update and update_zhuti_info share it. */
const lastUpdates = new WeakMap<ApiDeps, Map<string, number>>();

/**
 * A crawl of one account's profile and newest posts on the member's demand (`update` on crawl.requests), under
 * the 5 s busy rule per member and account. Answers in mp_update's envelope (spec §8: code 0 success, 1 notice,
 * others a warning). mp_update (level above 1) and update_zhuti_info (owner info, level 3) both send it: the
 * profile the collector re-reads carries the owner (主体).
 */
export async function requestAccountUpdate(
  c: Context,
  deps: ApiDeps,
  rule: { allowed: (m: Member | null) => boolean; levelMsg: string; okMsg: string },
  extra: (account: AccountRow) => Record<string, unknown> = () => ({}),
): Promise<Response> {
  const parsed = z.object({ mid: accountId }).safeParse(await readInput(c));
  if (!parsed.success) return c.json({ code: 2, msg: describeIssues(parsed.error) }, 400);
  const member = requireLevel(c, rule.allowed, 'error_code', rule.levelMsg);
  if (member instanceof Response) return member;
  const account = await getAccount(deps.store, parsed.data.mid);
  if (!account) return c.json({ code: 2, msg: '公众号不存在或尚未收录' }, 404);
  if (!deps.bus) return c.json({ code: 2, msg: '更新服务暂不可用，请稍后重试' }, 503);
  let lastUpdate = lastUpdates.get(deps);
  if (!lastUpdate) {
    lastUpdate = new Map();
    lastUpdates.set(deps, lastUpdate);
  }
  const key = `${member.id}:${account.mid}`;
  const last = lastUpdate.get(key) ?? 0;
  if (Date.now() - last < UPDATE_BUSY_MS)
    return c.json({ code: 1, msg: '数据更新中，点击间隔为 5 秒，请稍后再试' });
  const limited = await memberUpstreamLimit(c, deps, member, 1);
  if (limited) return limited;
  lastUpdate.set(key, Date.now());
  // Only the last 5 s matter: older entries go, so the map stays as small as the recent clicks.
  for (const [k, at] of lastUpdate) if (Date.now() - at >= UPDATE_BUSY_MS) lastUpdate.delete(k);
  const requestId = randomUUID();
  await deps.bus.publish('crawl.requests', [
    {
      key: accountKey(account.biz),
      value: { request_id: requestId, kind: 'update', biz: account.biz, requested_at: Date.now() },
    },
  ]);
  return c.json({ code: 0, msg: rule.okMsg, data: { request_id: requestId, ...extra(account) } });
}

/**
 * Inclusion (收录, search/v1 collect_mp) and page update (mp_update): the API hands the work to the collectors
 * on `crawl.requests` and reads their answer from ClickHouse crawl_progress (written by the stream).
 */
export function inclusionRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  // Spec §5: 1–30 characters is an account name, anything longer an article link; no other check.
  app.post('/collect_mp', async (c: Context) => {
    const raw = await readInput(c);
    const parsed = z
      .object({
        wxname: z.string().trim().max(2000, '最长 2000 个字符').optional(),
        article_url: z.string().trim().max(2000, '最长 2000 个字符').optional(),
      })
      .safeParse(raw);
    if (!parsed.success) return fail(c, 400, Codes.BAD_INPUT, describeIssues(parsed.error));
    const input = parsed.data.article_url || parsed.data.wxname || '';
    if (input === '') return fail(c, 400, Codes.BAD_INPUT, '请输入公众号名称或文章链接');
    const me = memberOf(c);
    if (!me) return notLoggedIn(c);
    if (!deps.bus) return fail(c, 503, Codes.UNAVAILABLE, '收录服务暂不可用，请稍后重试');
    const limited = (await inclusionLimit(c, deps, me)) ?? (await memberUpstreamLimit(c, deps, me, 1));
    if (limited) return limited;
    const [outcome] = await includeInputs(deps, [input]);
    if (outcome?.state === 'done') await countInclusions(deps, me, outcome.data.data.length);
    if (outcome?.state === 'failed') return fail(c, 422, Codes.BAD_INPUT, outcome.msg);
    return c.json({ error_code: Codes.OK, msg: 'success', data: outcome?.data });
  });

  // Page update of an account's posts (detail header refresh): level above 1, one request per account per 5 s.
  app.post('/mp_update', (c: Context) =>
    requestAccountUpdate(c, deps, {
      allowed: can.pageUpdate,
      levelMsg: M.PAGE_UPDATE_LEVEL,
      okMsg: '数据刷新中，文章较多时更新可能延迟 3-5 分钟',
    }),
  );

  // Where an update or inclusion stands (the refresh control's "data refreshing…").
  app.get('/crawl_progress', async (c: Context) => {
    const parsed = z.object({ request_id: z.string().uuid('格式不正确') }).safeParse(await readInput(c));
    if (!parsed.success) return fail(c, 400, Codes.BAD_INPUT, describeIssues(parsed.error));
    const p = (await progressOf(deps, [parsed.data.request_id])).get(parsed.data.request_id);
    if (!p) return c.json({ error_code: Codes.OK, msg: 'success', data: { state: 'queued', percent: 0 } });
    return c.json({
      error_code: Codes.OK,
      msg: 'success',
      data: {
        state: p.state,
        percent: Number(p.percent),
        message:
          p.state === 'failed' ? failureText(p.message) : /[\u4e00-\u9fff]/.test(p.message) ? p.message : '',
      },
    });
  });
  return app;
}
