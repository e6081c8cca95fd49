/**
 * Prices (the spec does not show them; chosen to be plausible and kept in this one table).
 * Amounts are in fen (1/100 yuan) so no float ever touches money.
 */
export interface Package {
  id: string;
  kind: 'vip' | 'api';
  name: string;
  price_fen: number;
  /** vip: the level bought and for how many months. */
  vip_id?: number;
  months?: number;
  /** api: metered calls credited. */
  calls?: number;
}

export const PACKAGES: readonly Package[] = [
  { id: 'vip2_q', kind: 'vip', name: '高级会员（季度）', price_fen: 19_900, vip_id: 2, months: 3 },
  { id: 'vip2_y', kind: 'vip', name: '高级会员（年度）', price_fen: 69_900, vip_id: 2, months: 12 },
  { id: 'vip3_q', kind: 'vip', name: '豪华会员（季度）', price_fen: 59_900, vip_id: 3, months: 3 },
  { id: 'vip3_y', kind: 'vip', name: '豪华会员（年度）', price_fen: 199_900, vip_id: 3, months: 12 },
  { id: 'vip4_q', kind: 'vip', name: '超级会员（季度）', price_fen: 149_900, vip_id: 4, months: 3 },
  { id: 'vip4_y', kind: 'vip', name: '超级会员（年度）', price_fen: 499_900, vip_id: 4, months: 12 },
  { id: 'api_1k', kind: 'api', name: 'API 1,000 次', price_fen: 5_000, calls: 1_000 },
  { id: 'api_10k', kind: 'api', name: 'API 10,000 次', price_fen: 40_000, calls: 10_000 },
  { id: 'api_100k', kind: 'api', name: 'API 100,000 次', price_fen: 300_000, calls: 100_000 },
];

export const findPackage = (id: string) => PACKAGES.find((p) => p.id === id);

/** "199.00" as Alipay's total_amount and the UI show it. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * Cost in calls of each metered open-API endpoint (api/open-api/endpoints.ts). A monitoring task costs its
 * price per monitored day; the balance query is free.
 */
export const API_COSTS = {
  search: 1,
  account: 1,
  articles: 1,
  article_stats: 1,
  monitor_task_day: 10,
  monitor_report: 1,
  fake_report: 2,
  link_short2long: 1,
  video_search: 1,
  video_account: 1,
  video_posts: 1,
  balance: 0,
} as const;
