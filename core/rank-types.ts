/**
 * The kinds of account ranking (spec §7 Rank): the processor computes each (stream/analytics/rankings.ts), the API
 * reads them (api/queries/rankings.ts).
 */
export const RANK_TYPES = ['common', 'real', 'original', 'fake', 'new_fake'] as const;
export type RankType = (typeof RANK_TYPES)[number];
