/** The period a ranking covers (day, week or month list). */
export type RankPeriod = 'day' | 'week' | 'month';
