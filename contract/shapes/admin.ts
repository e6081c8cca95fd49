import { z } from 'zod';
import { CREDENTIAL_SOURCES, CREDENTIAL_STATES } from '../../core/credential-kinds';

/** The admins' platform calls (admin/v1): upstream credentials and the pipeline's health. */

const source = z.enum(CREDENTIAL_SOURCES, {
  message: `上游类型必须是 ${CREDENTIAL_SOURCES.join(' / ')} 之一`,
});
// The secret arrives as a JSON object of strings (cookie, token, key…), or as its JSON text in a form.
const secret = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .record(z.string().min(1).max(64), z.string().max(8192), {
      message: '凭据必须是键值都为字符串的 JSON 对象',
    })
    .refine((o) => Object.keys(o).length > 0 && Object.keys(o).length <= 20, '凭据必须有 1–20 个字段'),
);
const id = z.coerce.number({ message: '凭据ID必须是数字' }).int('凭据ID必须是整数').positive('凭据ID无效');

export const credentialListInput = z.object({ source: source.optional() });
/** A non-negative whole number from a form field; empty means not set. */
const count = (what: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ message: `${what}必须是数字` })
      .int(`${what}必须是整数`)
      .min(0, `${what}不能为负`)
      .optional(),
  );

export const credentialAddInput = z.object({
  source,
  label: z.string().trim().max(100, '备注不能超过 100 个字符').default(''),
  secret,
  /** Requests per Beijing day (empty: no limit); WeChat Reading tolerates about 50 per account. */
  daily_budget: count('每日额度'),
  /** Requests per minute (empty: the pool's default). */
  rate_per_min: count('每分钟速率'),
  /** The egress IP its requests leave from ('' the default one). */
  egress: z.string().trim().max(64, '出口 IP 不能超过 64 个字符').default(''),
  /** When the login or key lapses, as Beijing time "YYYY-MM-DD HH:mm" (empty: no hard expiry). */
  expires_at: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?)?$/, '过期时间格式应为 YYYY-MM-DD HH:mm')
    .default(''),
  /** A paid key's price per call and monthly cap (分), and whether the provider charges a failed call. */
  cost_fen: count('每次调用费用（分）'),
  monthly_cap_fen: count('每月费用上限（分）'),
  charges_failures: z.enum(['0', '1'], { message: '只能是 0 或 1' }).default('0'),
});
/** Rotate (a new secret makes it active again), lift a cooldown (state=active) or disable it. */
export const credentialChangeInput = z
  .object({
    id,
    secret: secret.optional(),
    state: z.enum(['active', 'disabled'], { message: '状态只能是 active 或 disabled' }).optional(),
  })
  .refine((v) => v.secret !== undefined || v.state !== undefined, '请提供新的凭据或状态');

/** A credential as admins see it: the secret only as its field names and last characters. */
export const maskedCredential = z.object({
  id: z.number(),
  source: z.enum(CREDENTIAL_SOURCES),
  label: z.string(),
  state: z.enum(CREDENTIAL_STATES),
  cooling_until: z.string().nullable(),
  last_error: z.string(),
  requests: z.number(),
  failures: z.number(),
  freq_limited: z.number(),
  last_used_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  daily_budget: z.number().nullable(),
  egress: z.string(),
  expires_at: z.string().nullable(),
  cost_fen: z.number(),
  monthly_cap_fen: z.number().nullable(),
  charges_failures: z.boolean(),
  secret: z.record(z.string(), z.string()),
});
export type MaskedCredential = z.output<typeof maskedCredential>;
export const credentialList = z.object({ total: z.number(), list: z.array(maskedCredential) });
export const credentialId = z.object({ id: z.number() });

/** A part of the health page that could not answer reports its error instead of failing the page. */
const part = <T extends z.ZodType>(data: T) =>
  z.union([z.object({ ok: z.literal(true), data }), z.object({ ok: z.literal(false), error: z.string() })]);
const stateCount = z.object({ source: z.string(), state: z.string(), count: z.number() });

/** The admin health page: what this process knows about the pipeline. */
export const adminHealth = z.object({
  now: z.string(),
  roles: z.array(z.string()),
  demo: z.boolean(),
  readiness: z.object({ ready: z.boolean(), checks: z.record(z.string(), z.boolean()) }),
  bus: z.object({
    kind: z.string(),
    lag: z.array(z.object({ topic: z.string(), group: z.string(), lag: z.number() })),
  }),
  collectors: part(z.array(z.object({ name: z.string(), heartbeat_at: z.string(), age_s: z.number() }))),
  crawl_rounds: part(
    z.array(
      z.object({
        collector: z.string(),
        rounds: z.number(),
        round: z.number(),
        last_started_at: z.string(),
        last_finished_at: z.string(),
        accounts: z.number(),
        articles: z.number(),
        snapshots: z.number(),
        errors: z.number(),
      }),
    ),
  ),
  monitor_tasks: z.object({
    held_here: z.array(z.object({ state: z.string(), count: z.number() })),
    all: part(z.array(z.object({ state: z.string(), owner: z.string(), count: z.number() }))),
  }),
  credentials: z.object({ in_use_here: z.array(stateCount), database: part(z.array(stateCount)) }),
  upstream_requests: z.array(z.object({ source: z.string(), outcome: z.string(), count: z.number() })),
});
export type AdminHealth = z.output<typeof adminHealth>;
