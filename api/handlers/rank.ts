import { contract } from '../../contract';
import type { HandlerInput } from '../../contract/define';
import { beijingDay } from '../../core/periods';
import type { RankType } from '../../core/rank-types';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { depthGate } from '../http/depth-gate';
import { handle, type Mounted } from '../http/mount';
import {
  miniproRankingPage,
  previousPeriodDay,
  type RankScope,
  rankingFilters,
  rankingPage,
} from '../queries/rankings';

const { rank } = contract;
type RankCall = typeof rank.common;

/**
 * rank/v1 (spec §7 Rank). Periods day/week/month (the running one unless `date` picks another); overall or within
 * an industry (media) or area; each row carries its rank change against the previous period.
 */
export function rankHandlers(deps: ApiDeps): Mounted[] {
  /** `scope` ranks within an industry or area; `previous` reads the period before (new_fake_old). */
  const accountRank =
    (type: RankType, opts: { scope?: 'media' | 'area'; previous?: boolean } = {}) =>
    async (q: HandlerInput<RankCall>, c: Parameters<Parameters<typeof handle>[1]>[1]) => {
      if (opts.scope && !q[opts.scope])
        return fail(
          c,
          400,
          Codes.BAD_INPUT,
          opts.scope === 'media' ? '参数错误：请选择行业 (media)' : '参数错误：请选择地区 (area)',
        );
      const gate = depthGate(c, q.page, q.num);
      if (gate) return gate;
      const nowMs = deps.clock.now();
      const scope: RankScope = opts.scope ?? (q.media ? 'media' : q.area ? 'area' : 'all');
      return rankingPage(deps.store, {
        type,
        period: q.period,
        date: opts.previous ? previousPeriodDay(q.period, q.date ?? beijingDay(nowMs)) : (q.date ?? null),
        media: q.media || null,
        area: q.area || null,
        scope,
        page: q.page,
        size: q.num,
        nowMs,
      });
    };

  return [
    handle(rank.common, accountRank('common')),
    handle(rank.real, accountRank('real')),
    handle(rank.original, accountRank('original')),
    handle(rank.fake, accountRank('fake')),
    handle(rank.newFake, accountRank('new_fake')),
    handle(rank.newFakeOld, accountRank('new_fake', { previous: true })),
    handle(rank.media, accountRank('common', { scope: 'media' })),
    handle(rank.areaRank, accountRank('common', { scope: 'area' })),
    handle(rank.miniproRank, async (q, c) => {
      const gate = depthGate(c, q.page, q.num);
      if (gate) return gate;
      return miniproRankingPage(deps.store, {
        period: q.period,
        date: q.date ?? null,
        page: q.page,
        size: q.num,
        nowMs: deps.clock.now(),
      });
    }),
    handle(rank.filters, () => rankingFilters(deps.store, deps.clock.now())),
  ];
}
