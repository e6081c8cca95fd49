import { z } from 'zod';

/** The admin's view of the collectors' sources (docs/collectors.md): chains, pools, budgets, spend and tiers. */

export const CHAIN_CAPABILITIES = ['search', 'lists', 'counts', 'pages', 'videos'] as const;

export const sourceChainRow = z.object({
  capability: z.enum(CHAIN_CAPABILITIES),
  chain: z.array(z.string()),
  /** Who set it: the built-in default, SOURCE_CHAINS, or an admin (table source_chains). */
  set_by: z.enum(['default', 'env', 'admin']),
});

export const sourcePool = z.object({
  source: z.string(),
  credentials: z.number(),
  active: z.number(),
  cooling: z.number(),
  expired: z.number(),
  disabled: z.number(),
  banned: z.number(),
  /** Requests its credentials spent today, and their daily caps summed (null: one of them has none). */
  used_today: z.number(),
  cap_today: z.number().nullable(),
  requests: z.number(),
  failures: z.number(),
  freq_limited: z.number(),
  last_success_at: z.string().nullable(),
  /** The soonest a credential's login or key lapses. */
  soonest_expiry: z.string().nullable(),
});

export const egressBudget = z.object({ key: z.string(), used: z.number(), cap: z.number() });

export const paidKeySpend = z.object({
  id: z.number(),
  label: z.string(),
  cost_fen: z.number(),
  monthly_cap_fen: z.number().nullable(),
  spent_fen: z.number(),
  calls: z.number(),
  charged_failures: z.number(),
});

export const tierRow = z.object({
  collector: z.string(),
  tier: z.enum(['monitor', 'member', 'active', 'rest']),
  accounts: z.number(),
  target_s: z.number(),
  planned_s: z.number().nullable(),
  stale_by_s: z.number().nullable(),
  discovered: z.number(),
  p50_s: z.number().nullable(),
  p95_s: z.number().nullable(),
  reported_at: z.string(),
});

export const sourcesAnswer = z.object({
  /** Budgets are kept (credentials in PostgreSQL); the demo's anonymous credential has none. */
  budgets_on: z.boolean(),
  known_sources: z.array(z.string()),
  chains: z.array(sourceChainRow),
  pools: z.array(sourcePool),
  egress: z.array(egressBudget),
  paid: z.array(paidKeySpend),
  tiers: z.array(tierRow),
});
export type SourcesAnswer = z.output<typeof sourcesAnswer>;

export const sourceChainInput = z.object({
  capability: z.enum(CHAIN_CAPABILITIES, { message: '只能是 search、lists、counts、pages 或 videos' }),
  /** Source names in order, comma-separated; empty: back to the default. */
  chain: z.string().trim().max(100, '最长 100 个字').default(''),
});

export const wereadLoginStart = z.object({
  uid: z.string(),
  /** What the QR code encodes, and the code as a PNG data URL for the admin's phone. */
  qr_url: z.string(),
  qr_image: z.string(),
});

export const wereadLoginStateInput = z.object({
  uid: z
    .string({ message: '缺少二维码编号 (uid)' })
    .trim()
    .min(1, '缺少二维码编号 (uid)')
    .max(100, '二维码编号 (uid) 过长'),
  /** Daily requests of the new reading account (default 50, what WeChat Reading tolerates per account). */
  daily_budget: z.coerce
    .number({ message: '每日额度必须是数字' })
    .int('每日额度必须是整数')
    .min(1, '每日额度至少 1')
    .max(10_000, '每日额度最多 10000')
    .default(50),
  /** Demo only: the simulator plays the admin's phone scanning the code. */
  demo_scan: z.enum(['0', '1'], { message: '只能是 0 或 1' }).default('0'),
});

export const wereadLoginState = z.object({
  state: z.enum(['waiting', 'added']),
  credential_id: z.number().nullable(),
  name: z.string(),
});
