import type { AnalyticsStore } from '../../clickhouse/store';
import { type Period, periodDays, periodEnd, periodStart, previousStart } from '../../core/periods';
import { RANK_TYPES, type RankType } from '../../core/rank-types';
import { WCI_AGG, type WciColumns, wciAggregates, wciSql } from './wci-sql';

/**
 * Account rankings (spec §7 Rank). Each type has a score, a tie-break and who is eligible; ranks are
 * overall, within the account's industry (media) and within its area, compared with the previous period.
 * Ties end on mid so a recomputation gives the same order. Definitions: docs/analytics.md.
 *
 * - common   综合榜: WCI V14.2 over the period.
 * - real     真实榜: WCI with every read figure scaled by the account's real-read share
 *            (reads − estimated fake reads) ÷ reads.
 * - original 原创榜: original articles in the period, then their reads.
 * - fake     刷量榜: accounts with fake-traffic articles, by estimated fake reads, then such articles.
 * - new_fake 新增刷量: fake-list accounts that had no fake-traffic article in the previous period.
 * The industry (media) and area rankings of the spec (rank/media, rank/area_rank) are the media_rank and
 * area_rank of these rows; new_fake_old is the previous period's new_fake.
 */

const SCORE: Record<RankType, { score: string; tie: string; eligible: string }> = {
  common: { score: 'wci', tie: 'R', eligible: '1' },
  real: { score: 'real_wci', tie: 'R', eligible: '1' },
  original: { score: 'toFloat64(orig)', tie: 'orig_reads', eligible: 'orig > 0' },
  fake: { score: 'toFloat64(fr)', tie: 'fa', eligible: 'fa > 0' },
  new_fake: { score: 'toFloat64(fr)', tie: 'fa', eligible: 'fa > 0 AND prev_fa = 0' },
};

/** WCI inputs with every read figure scaled by the real-read share `rs`. */
const REAL: Omit<WciColumns, 'days'> = { ...WCI_AGG, R: '(R * rs)', hR: '(hR * rs)', pR: '(pR * rs)' };

/** Period start of a day, the previous period's start, and the days a period averages over, in SQL. */
const PERIOD_SQL: Record<Period, { start: string; prev: (ps: string) => string; days: string }> = {
  day: { start: 'day', prev: (ps) => `subtractDays(${ps}, 1)`, days: '1' },
  week: {
    start: 'toMonday(day)',
    prev: (ps) => `subtractDays(${ps}, 7)`,
    days: 'if(ps = {current:Date}, {currentDays:UInt32}, 7)',
  },
  month: {
    start: 'toStartOfMonth(day)',
    prev: (ps) => `subtractMonths(${ps}, 1)`,
    days: 'if(ps = {current:Date}, {currentDays:UInt32}, toDayOfMonth(toLastDayOfMonth(ps)))',
  },
};

const SUM_COLUMNS = [...Object.values(WCI_AGG), 'posts', 'ha', 'orig', 'orig_reads', 'fa', 'fr'];

/** One expression choosing the type's score, tie-break or eligibility by rank_type. */
const byType = (part: 'score' | 'tie' | 'eligible') =>
  `multiIf(${RANK_TYPES.map((t) => `rank_type = '${t}', toFloat64(${SCORE[t][part]})`).join(', ')}, 0)`;

export interface RankingRun {
  period: Period;
  from: string;
  to: string;
  /** Accounts ranked in the last (newest) period. */
  accounts: number;
  tookMs: number;
}

/**
 * Recomputes every ranking type (and the mini-program ranking) for the periods of one kind from the one
 * before `from` to the one containing `today`, in one statement each, from account_daily. (The period before
 * `from` is stored too, so the just-finished day, week or month is always fresh; one more before it is
 * ranked but not stored, so every stored rank change compares with ranks from the same data.)
 */
export async function computeRankings(
  store: AnalyticsStore,
  period: Period,
  from: string,
  today: string,
  generation: number,
): Promise<RankingRun> {
  const t0 = performance.now();
  const current = periodStart(period, today);
  const stored = previousStart(period, from);
  const from1 = previousStart(period, stored);
  const p = PERIOD_SQL[period];
  const params = {
    period,
    from: stored,
    from1,
    from2: previousStart(period, from1),
    end: periodEnd(period, current),
    current,
    currentDays: periodDays(period, current, today),
    generation,
  };
  const lag = (col: string) => `lagInFrame(${col}) OVER w AS p_${col}`;
  const order = 'ORDER BY score DESC, tie DESC, mid ASC';
  // One pass: the period sums once, every type by ARRAY JOIN, ranks by window functions.
  await store.exec(
    `INSERT INTO rankings
     WITH sums AS (
       SELECT ${p.start} AS ps, mid, ${wciAggregates()}, sum(posts) AS posts, sum(head_articles) AS ha,
         sum(originals) AS orig, sum(original_reads) AS orig_reads, sum(fake_articles) AS fa, sum(fake_reads) AS fr
       FROM account_daily FINAL WHERE day >= {from2:Date} AND day < {end:Date}
       GROUP BY ps, mid HAVING n > 0
     ),
     base AS (
       SELECT *, if(pv_ps = ${p.prev('ps')}, pv_fa, 0) AS prev_fa, ${p.days} AS days,
         if(ha = 0, 0, round(hR / ha)) AS head_avg,
         if(R = 0, 1, greatest(0, toInt64(R) - toInt64(fr)) / R) AS rs,
         ${wciSql({ ...WCI_AGG, days: 'days' })} AS wci,
         ${wciSql({ ...REAL, days: 'days' })} AS real_wci
       FROM (
         SELECT s.ps AS ps, s.mid AS mid, ${SUM_COLUMNS.map((c) => `s.${c} AS ${c}`).join(', ')},
           ac.media AS media, ac.area AS area,
           lagInFrame(s.ps) OVER v AS pv_ps, lagInFrame(s.fa) OVER v AS pv_fa
         FROM sums AS s
         LEFT JOIN (SELECT mid, media, area FROM accounts_effective) AS ac ON ac.mid = s.mid
         WINDOW v AS (PARTITION BY s.mid ORDER BY s.ps ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
       )
       WHERE ps >= {from1:Date}
     )
     SELECT rank_type, {period:String} AS period, ps AS period_start, mid, media, area, score, wci,
       n AS articles, posts, R AS reads, Z AS likes, L AS looking, head_avg AS head_avg_reads, pR AS max_reads,
       orig AS originals, fa AS fake_articles, fr AS fake_reads, r_all AS rank, r_media AS media_rank,
       r_area AS area_rank,
       if(p_ps = ${p.prev('ps')}, p_r_all, 0) AS prev_rank,
       if(p_ps = ${p.prev('ps')}, p_r_media, 0) AS prev_media_rank,
       if(p_ps = ${p.prev('ps')}, p_r_area, 0) AS prev_area_rank,
       fromUnixTimestamp64Milli({generation:Int64}) AS generation
     FROM (
       SELECT *, ${['ps', 'r_all', 'r_media', 'r_area'].map(lag).join(', ')}
       FROM (
         SELECT *,
           if(ok, row_number() OVER (PARTITION BY rank_type, ps, ok ${order}), 0) AS r_all,
           if(ok, row_number() OVER (PARTITION BY rank_type, ps, ok, media ${order}), 0) AS r_media,
           if(ok, row_number() OVER (PARTITION BY rank_type, ps, ok, area ${order}), 0) AS r_area
         FROM (
           SELECT rank_type, *, ${byType('score')} AS score, ${byType('tie')} AS tie, toUInt8(${byType('eligible')}) AS ok
           FROM base ARRAY JOIN [${RANK_TYPES.map((t) => `'${t}'`).join(', ')}] AS rank_type
         )
       )
       WINDOW w AS (PARTITION BY rank_type, mid ORDER BY ps ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
     )
     WHERE ps >= {from:Date}`,
    params,
  );
  await store.exec(
    `INSERT INTO minipro_rankings
     SELECT {period:String} AS period, ps AS period_start, appid, exposure AS exposure_num, arts AS article_num,
       accs AS account_num, rank, if(p_ps = ${p.prev('ps')}, p_rank, 0) AS prev_rank,
       fromUnixTimestamp64Milli({generation:Int64}) AS generation
     FROM (
       SELECT *, lagInFrame(ps) OVER w AS p_ps, lagInFrame(rank) OVER w AS p_rank
       FROM (
         SELECT *, row_number() OVER (PARTITION BY ps ORDER BY exposure DESC, arts DESC, appid ASC) AS rank
         FROM (
           SELECT ${p.start} AS ps, am.appid AS appid, sum(m.reads) AS exposure, count() AS arts,
             uniqExact(am.mid) AS accs
           FROM (SELECT appid, mid, aid, toDate(pubtime) AS day FROM article_miniprograms FINAL
                 WHERE pubtime >= toDateTime({from1:Date}) AND pubtime < toDateTime({end:Date})) AS am
           LEFT JOIN (SELECT mid, aid, reads FROM article_metrics FINAL
                      WHERE day >= {from1:Date} AND day < {end:Date}) AS m
             ON m.mid = am.mid AND m.aid = am.aid
           GROUP BY ps, am.appid
         )
       )
       WINDOW w AS (PARTITION BY appid ORDER BY ps ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
     )
     WHERE ps >= {from:Date}`,
    params,
  );
  const [count] = await store.query<{ n: string }>(
    `SELECT count() AS n FROM rankings FINAL
     WHERE rank_type = 'common' AND period = {period:String} AND period_start = {current:Date}`,
    params,
  );
  const run = {
    period,
    from: stored,
    to: current,
    accounts: Number(count?.n ?? 0),
    tookMs: Math.round(performance.now() - t0),
  };
  const runs: Record<string, unknown>[] = [];
  for (let s = stored; s <= current; s = periodEnd(period, s))
    runs.push({
      period,
      period_start: s,
      accounts: s === current ? run.accounts : 0,
      took_ms: run.tookMs,
      generation,
    });
  await store.insert('ranking_runs', runs);
  return run;
}
