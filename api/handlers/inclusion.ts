import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { accountKey } from '../../collectors/messages-of';
import { contract } from '../../contract';
import type { HandlerInput } from '../../contract/define';
import { M } from '../../contract/member-texts';
import type { IncludedAccount } from '../../contract/shapes/inclusion';
import { midOf } from '../../core/wechat-ids';
import { can } from '../../members/membership';
import type { Member } from '../../members/sessions';
import type { ApiDeps } from '../deps';
import { Codes, describeIssues, fail } from '../envelope';
import type { Refusals } from '../http/mount';
import { handle, handleOwn, type Mounted } from '../http/mount';
import { chineseSentence, failureText, includeInputs } from '../inclusion';
import { memberOf, notLoggedIn, requireLevel } from '../member-session';
import { type AccountRow, getAccount } from '../queries/accounts';
import { progressOf } from '../queries/crawl-progress';
import { countInclusions, inclusionLimit, memberUpstreamLimit } from '../throttle';

const { search } = contract;

/** Inclusion reads its input before it asks for a member: a bad input is refused as such even to a visitor. */
const inputFirst: Refusals = { gate: () => null };

/** collect_mp2's refusals are whole sentences of their own. */
const batchRefusal: Refusals = {
  ...inputFirst,
  invalid: (c, e) => fail(c, 400, Codes.BAD_INPUT, e.issues[0]?.message ?? '参数错误'),
};

/** mp_update and update_zhuti_info read their input first and refuse it in their own envelope (code 2). */
const updateRefusals: Refusals = {
  gate: () => null,
  invalid: (c, e) => c.json({ code: 2, msg: describeIssues(e) }),
};

/** The page-update button's busy state (spec §9: 5 s). */
export const UPDATE_BUSY_MS = 5_000;

/** The account a link names through its `__biz` (article long links, home pages); null for anything else. */
function midOfLink(url: string | undefined): number | null {
  if (!url) return null;
  try {
    const u = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
    const biz = u.searchParams.get('__biz');
    if (!biz) return null;
    const mid = midOf(biz);
    return Number.isSafeInteger(mid) && mid > 0 ? mid : null;
  } catch {
    return null;
  }
}

/** Per app (per deps): when each member last asked for an account's update; mp_update and update_zhuti_info share it. */
const lastUpdates = new WeakMap<ApiDeps, Map<string, number>>();

/**
 * A crawl of one account's profile and newest posts on the member's demand (`update` on crawl.requests), under
 * the 5 s busy rule per member and account. Answers in mp_update's envelope (spec §8: code 0 success, 1 notice,
 * others a warning). mp_update (level above 1) and update_zhuti_info (owner info, level 3) both send it: the
 * profile the collector re-reads carries the owner (主体).
 */
async function requestAccountUpdate(
  c: Context,
  deps: ApiDeps,
  q: HandlerInput<typeof search.mpUpdate>,
  rule: { allowed: (m: Member | null) => boolean; levelMsg: string; okMsg: string },
  extra: (account: AccountRow) => Record<string, unknown> = () => ({}),
): Promise<Response> {
  const member = requireLevel(c, rule.allowed, 'error_code', rule.levelMsg);
  if (member instanceof Response) return member;
  const mid = q.mid ?? midOfLink(q.url);
  if (mid === null)
    return c.json({
      code: 2,
      msg: '请提供公众号 ID (mid)，或带 __biz 的文章链接、公众号主页链接 (url)；短链接不含公众号',
    });
  const account = await getAccount(deps.store, mid);
  if (!account) return c.json({ code: 2, msg: '公众号不存在或尚未收录' });
  // The page's own update time (spec: mp_update url and time): data newer than what the member sees needs no crawl.
  if (q.time && account.update_time > q.time)
    return c.json({
      code: 1,
      msg: `数据已于 ${account.update_time} 更新，请刷新页面查看`,
      data: { update_time: account.update_time },
    });
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
 * Inclusion (收录, collect_mp and collect_mp2), page and owner updates (mp_update, update_zhuti_info) and the progress of the crawls handed to the collectors
 * (crawl_progress): the API publishes on `crawl.requests` and reads the answers the stream writes into
 * crawl_progress (api/inclusion.ts). Members only, within the daily inclusion limit and the upstream quota.
 */
export function inclusionHandlers(deps: ApiDeps): Mounted[] {
  /** The member, or why the inclusion cannot be asked for. */
  const admitted = (c: Context) => {
    const me = memberOf(c);
    if (!me) return notLoggedIn(c);
    if (!deps.bus) return fail(c, 503, Codes.UNAVAILABLE, '收录服务暂不可用，请稍后重试');
    return me;
  };

  return [
    handle(
      search.collectMp,
      async (q, c) => {
        const input = q.article_url || q.wxname || '';
        if (input === '') return fail(c, 400, Codes.BAD_INPUT, '请输入公众号名称或文章链接');
        const me = admitted(c);
        if (me instanceof Response) return me;
        const limited = (await inclusionLimit(c, deps, me)) ?? (await memberUpstreamLimit(c, deps, me, 1));
        if (limited) return limited;
        const [outcome] = await includeInputs(deps, [input]);
        if (!outcome) throw new Error('inclusion gave no outcome');
        if (outcome.state === 'done') await countInclusions(deps, me, outcome.data.data.length);
        if (outcome.state === 'failed') return fail(c, 422, Codes.BAD_INPUT, outcome.msg);
        return outcome.data;
      },
      inputFirst,
    ),

    // Batch inclusion: one name or link per line, each handled as collect_mp handles one, answered together.
    handle(
      search.collectMp2,
      async (lines, c) => {
        const me = admitted(c);
        if (me instanceof Response) return me;
        const limited =
          (await inclusionLimit(c, deps, me)) ?? (await memberUpstreamLimit(c, deps, me, lines.length));
        if (limited) return limited;
        const outcomes = await includeInputs(deps, lines);
        const results = outcomes.map((o, i) => ({
          input: lines[i] as string,
          ...(o.state === 'failed'
            ? {
                code: 0,
                tip: o.msg,
                is_success: false,
                data: [] as IncludedAccount[],
                data2: [] as IncludedAccount[],
              }
            : o.data),
        }));
        const fresh = new Map<number, IncludedAccount>();
        const known = new Map<number, IncludedAccount>();
        for (const r of results) {
          for (const a of r.data) fresh.set(a.mid, a);
          for (const a of r.data2) known.set(a.mid, a);
        }
        for (const mid of fresh.keys()) known.delete(mid);
        await countInclusions(deps, me, fresh.size);
        const succeeded = results.filter((r) => r.is_success).length;
        const pending = outcomes.filter((o) => o.state === 'pending').length;
        const failed = results.length - succeeded - pending;
        const tip =
          results.length === 1
            ? (results[0]?.tip ?? '')
            : [
                `共 ${results.length} 条：新收录 ${fresh.size} 个公众号，已收录 ${known.size} 个`,
                failed > 0 ? `${failed} 条未找到或失败` : '',
                pending > 0 ? `${pending} 条处理中，文章将在10分钟内更新` : '',
              ]
                .filter(Boolean)
                .join('，');
        return {
          code: succeeded > 0 ? 1 : 0,
          tip,
          is_success: succeeded > 0,
          data: [...fresh.values()],
          data2: [...known.values()],
          total: results.length,
          succeeded,
          failed,
          pending,
          results,
        };
      },
      batchRefusal,
    ),

    // Page update of an account's posts (detail header refresh): level above 1, one request per account per 5 s.
    handleOwn(
      search.mpUpdate,
      (q, c) =>
        requestAccountUpdate(c, deps, q, {
          allowed: can.pageUpdate,
          levelMsg: M.PAGE_UPDATE_LEVEL,
          okMsg: '数据刷新中，文章较多时更新可能延迟 3-5 分钟',
        }),
      updateRefusals,
    ),
    // Owner (主体) refresh: the collectors re-read the account's profile; owner info is for deluxe and above.
    handleOwn(
      search.updateZhutiInfo,
      (q, c) =>
        requestAccountUpdate(
          c,
          deps,
          q,
          { allowed: can.ownerInfo, levelMsg: M.OWNER_LEVEL, okMsg: '主体信息刷新中，稍后刷新页面即可查看' },
          (a) => ({ owner: a.owner, area: a.area }),
        ),
      updateRefusals,
    ),

    // Where an update or inclusion stands (the refresh control's "data refreshing…").
    handle(search.crawlProgress, async ({ request_id }) => {
      const p = (await progressOf(deps.store, [request_id])).get(request_id);
      if (!p) return { state: 'queued' as const, percent: 0 };
      return {
        state: p.state,
        percent: Number(p.percent),
        message: p.state === 'failed' ? failureText(p.message) : chineseSentence(p.message) ? p.message : '',
      };
    }),
  ];
}
