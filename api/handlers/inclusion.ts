import type { Context } from 'hono';
import { contract } from '../../contract';
import type { IncludedAccount } from '../../contract/shapes/inclusion';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import type { Refusals } from '../http/mount';
import { handle, type Mounted } from '../http/mount';
import { chineseSentence, failureText, includeInputs } from '../inclusion';
import { memberOf, notLoggedIn } from '../member-session';
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

/**
 * Inclusion (收录, collect_mp and collect_mp2) and the progress of the crawls handed to the collectors
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
