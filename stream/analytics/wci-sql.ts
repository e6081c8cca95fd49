/**
 * WCI V14.2 as a ClickHouse expression, for rankings over every account at once. The TypeScript wci()
 * (wci.ts) is the reference; wci-sql.test.ts checks both agree on the same inputs.
 *
 * Column names are those of an aggregate over account_daily rows: sums R/L/Z/F, headline sums hR/hL/hZ/hF,
 * maxima pR/pL/pZ/pF, article count n; `days` is the period length. Snapshots store 0 forwards when the
 * source does not know them, so an account whose forwards sum to 0 over the period is scored as
 * forwards-unknown (the forward term dropped, the others renormalised), as wci() does for null forwards.
 */
export interface WciColumns {
  R: string;
  L: string;
  Z: string;
  F: string;
  hR: string;
  hL: string;
  hZ: string;
  hF: string;
  pR: string;
  pL: string;
  pZ: string;
  pF: string;
  n: string;
  days: string;
}

const part = (R: string, L: string, Z: string, F: string, fk: string) =>
  `if(${fk}, 0.70 * ln(${R} + 1) + 0.09 * ln(10 * ${L} + 1) + 0.06 * ln(10 * ${Z} + 1) + 0.15 * ln(10 * ${F} + 1),
      (0.70 * ln(${R} + 1) + 0.09 * ln(10 * ${L} + 1) + 0.06 * ln(10 * ${Z} + 1)) / 0.85)`;

/** The WCI of one aggregated row; 0 when the account published nothing. */
export function wciSql(c: WciColumns): string {
  const fk = `(${c.F} > 0)`;
  const per = (x: string, by: string) => `(${x} / ${by})`;
  const O = part(per(c.R, c.days), per(c.L, c.days), per(c.Z, c.days), per(c.F, c.days), fk);
  const A = part(per(c.R, c.n), per(c.L, c.n), per(c.Z, c.n), per(c.F, c.n), fk);
  const H = part(per(c.hR, c.days), per(c.hL, c.days), per(c.hZ, c.days), per(c.hF, c.days), fk);
  const P = part(c.pR, c.pL, c.pZ, c.pF, fk);
  return `if(${c.n} = 0, 0, pow(0.6 * ${O} + 0.2 * ${A} + 0.1 * ${H} + 0.1 * ${P}, 2) * 1.2 * 10)`;
}

/** WCI columns named as the aggregate in rankings/stats queries names them. */
export const WCI_AGG: Omit<WciColumns, 'days'> = {
  R: 'R',
  L: 'L',
  Z: 'Z',
  F: 'F',
  hR: 'hR',
  hL: 'hL',
  hZ: 'hZ',
  hF: 'hF',
  pR: 'pR',
  pL: 'pL',
  pZ: 'pZ',
  pF: 'pF',
  n: 'n',
};

/**
 * The aggregate over account_daily rows that WCI_AGG names, optionally restricted by a condition
 * (e.g. the last 30 days) with the -If combinators.
 */
export function wciAggregates(cond?: string): string {
  const s = (col: string) => (cond ? `sumIf(${col}, ${cond})` : `sum(${col})`);
  const m = (col: string) => (cond ? `maxIf(${col}, ${cond})` : `max(${col})`);
  return [
    `${s('reads')} AS R`,
    `${s('looking')} AS L`,
    `${s('likes')} AS Z`,
    `${s('shares')} AS F`,
    `${s('head_reads')} AS hR`,
    `${s('head_looking')} AS hL`,
    `${s('head_likes')} AS hZ`,
    `${s('head_shares')} AS hF`,
    `${m('max_reads')} AS pR`,
    `${m('max_looking')} AS pL`,
    `${m('max_likes')} AS pZ`,
    `${m('max_shares')} AS pF`,
    `${s('articles')} AS n`,
  ].join(',\n');
}
