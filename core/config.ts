import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEMO_CHAINS, parseChains } from './source-chains';

export const ROLES = ['all', 'api', 'collector', 'stream', 'simulator'] as const;
export type Role = (typeof ROLES)[number];
/** The components a process runs; `all` expands to every one of them. */
export type Component = Exclude<Role, 'all'>;

const port = (fallback: number) =>
  z.coerce
    .number({ message: '必须是 0–65535 的整数' })
    .int('必须是 0–65535 的整数')
    .min(0, '必须是 0–65535 的整数')
    .max(65535, '必须是 0–65535 的整数')
    .default(fallback);

/** A whole number from `min` to `max`, with one Chinese message for every way it can be wrong. */
const intIn = (min: number, fallback: number, max: number) =>
  z.coerce
    .number({ message: `必须是 ${min}–${max} 的整数` })
    .int(`必须是 ${min}–${max} 的整数`)
    .min(min, `必须是 ${min}–${max} 的整数`)
    .max(max, `必须是 ${min}–${max} 的整数`)
    .default(fallback);
const positiveInt = (fallback: number, max: number) => intIn(1, fallback, max);
const countOrZero = (fallback: number, max: number) => intIn(0, fallback, max);

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `必须是 ${protocols.map((p) => `${p}//…`).join(' 或 ')} 形式的地址` },
    );

/** Members (issue 6): public address, proxy trust, SMS, WeChat/QQ login, Alipay, admins, API trial. */
const memberEnv = {
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  // How many reverse proxies stand in front of the api. Behind them every client shares the last proxy's address, so
  // the per-IP limits read X-Forwarded-For: the right-most entry the trusted proxies did not add (api/member-session.ts).
  // A count, not a switch: the left entries are whatever the client sent.
  TRUST_PROXY: z.coerce
    .number({ message: '必须是 0–10 的整数（api 前面可信反向代理的层数）' })
    .int('必须是 0–10 的整数（api 前面可信反向代理的层数）')
    .min(0, '必须是 0–10 的整数（api 前面可信反向代理的层数）')
    .max(10, '必须是 0–10 的整数（api 前面可信反向代理的层数）')
    .default(0),
  SMS_PROVIDER: z.enum(['console', 'aliyun'], { message: '必须是 console 或 aliyun' }).default('console'),
  SMS_DAILY_CAP: positiveInt(10, 1000),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().trim().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().trim().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().trim().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().trim().optional(),
  WECHAT_APPID: z.string().trim().optional(),
  WECHAT_SECRET: z.string().trim().optional(),
  QQ_APPID: z.string().trim().optional(),
  QQ_APPKEY: z.string().trim().optional(),
  ALIPAY_APP_ID: z.string().trim().optional(),
  ALIPAY_PRIVATE_KEY: z.string().trim().optional(),
  ALIPAY_PUBLIC_KEY: z.string().trim().optional(),
  ALIPAY_GATEWAY: optionalUrl(['https:', 'http:']),
  ADMIN_PHONES: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || v.split(',').every((p) => /^1[3-9]\d{9}$/.test(p.trim())), {
      message: '必须是逗号分隔的手机号',
    }),
  API_TRIAL_QUOTA: z.coerce
    .number({ message: '必须是 0–1000000 的整数' })
    .int('必须是 0–1000000 的整数')
    .min(0, '必须是 0–1000000 的整数')
    .max(1_000_000, '必须是 0–1000000 的整数')
    .default(100),
  // Payee of 对公转账 (bank transfer); all three unset: the transfer page offers online payment instead.
  TRANSFER_ACCOUNT_NAME: z.string().trim().max(100, '不能超过 100 个字符').optional(),
  TRANSFER_BANK: z.string().trim().max(100, '不能超过 100 个字符').optional(),
  TRANSFER_ACCOUNT_NO: z
    .string()
    .trim()
    .regex(/^[\d ]{0,40}$/, '只能包含数字和空格（最多 40 位）')
    .optional(),
};

/** Demo stand-ins and the metrics endpoint (core/demo-mode.ts, issue #29 findings 1 and 12). */
const demoEnv = {
  // auto: demo mode unless something production-like is configured; on: stand-ins forced; off: never.
  DEMO_MODE: z.enum(['auto', 'on', 'off'], { message: '必须是 auto、on 或 off' }).default('auto'),
  // Bearer token for /metrics on every role; unset: /metrics is open, allowed in demo mode only.
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^[\x21-\x7e]{16,256}$/.test(v), {
      message: '必须是 16–256 个可见 ASCII 字符（如 openssl rand -hex 24 的输出）',
    }),
};

/** Environment variables the program reads; unset engine variables mean the embedded default. */
const envSchema = z.object({
  // One role, or several joined by commas (e.g. api,stream: one process sharing one embedded store).
  ROLE: z
    .string()
    .trim()
    .default('all')
    .transform((v) => v.split(',').map((r) => r.trim()))
    .refine((rs) => rs.length > 0 && rs.every((r) => (ROLES as readonly string[]).includes(r)), {
      message: `必须是 ${ROLES.join(' / ')} 之一，或用逗号连接的多个角色`,
    })
    .transform((rs) => rs as Role[]),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: port(8080),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  SIMULATOR_URL: optionalUrl(['http:', 'https:']),
  CLICKHOUSE_URL: optionalUrl(['http:', 'https:']),
  /**
   * Embedded ClickHouse (chDB): connections that run reads in parallel beside the one that writes
   * (clickhouse/chdb-pool-store.ts); 0 = one session for everything, as chdb's own binding does. Default 4: on a quiet
   * 2-core machine point reads ran ×1.76 and the member mix ×1.33 faster than on one connection (bench/README.md).
   */
  CHDB_READ_CONNECTIONS: z.coerce
    .number({ message: '必须是 0–64 的整数' })
    .int('必须是 0–64 的整数')
    .min(0, '必须是 0–64 的整数')
    .max(64, '必须是 0–64 的整数')
    .default(4),
  /** Shared counters for rate limits across api replicas; unset: counted in this process. */
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  /** Origins whose pages may call /fbmain from a browser (CORS), comma-separated; unset: same origin only. */
  CORS_ORIGINS: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((o) => URL.canParse(o) && new URL(o).origin === o),
      '必须是逗号分隔的来源，如 https://a.example.com,https://b.example.com（不带路径与结尾斜杠）',
    ),
  /** Open-API calls allowed per key and minute (over it: 429, nothing charged). */
  API_KEY_RATE_PER_MIN: positiveInt(600, 1_000_000),
  // New accounts a free member may add to the permanent crawl per day through 收录 (paid levels: ten times as many):
  // each one costs upstream requests in every crawl round from then on.
  INCLUSION_DAILY_CAP: positiveInt(20, 100_000),
  CLICKHOUSE_CLUSTER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]*$/, '只能包含字母、数字和下划线')
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  KAFKA_BROKERS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.split(',').map((b) => b.trim()) : undefined))
    .refine((bs) => bs === undefined || bs.every((b) => /^[\w.-]+:\d{1,5}$/.test(b)), {
      message: '必须是 host:port 形式，多个用逗号分隔',
    }),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.-]*$/, '只能包含字母、数字、点、下划线和连字符')
    .default('gzh.'),
  // Topics the bus creates when missing: a multi-broker cluster needs replicas, or one broker's loss loses data.
  KAFKA_PARTITIONS: positiveInt(8, 1000),
  KAFKA_REPLICATION_FACTOR: positiveInt(1, 10),
  // How long the group waits for a silent consumer (a killed process) before handing its partitions on; a restarted
  // process cannot join until then. Kafka refuses sessions under its group.min.session.timeout.ms (6 s by default).
  KAFKA_SESSION_TIMEOUT_S: z.coerce
    .number({ message: '必须是 6–300 的整数' })
    .int('必须是 6–300 的整数')
    .min(6, '必须是 6–300 的整数')
    .max(300, '必须是 6–300 的整数')
    .default(30),
  SIMULATOR_HOST: z.string().trim().min(1).default('127.0.0.1'),
  SIMULATOR_PORT: port(8090),
  SIM_SEED: z.coerce.number({ message: '必须是整数' }).int('必须是整数').default(20261122),
  SIM_ACCOUNTS: positiveInt(300, 1_000_000),
  SIM_HISTORY_DAYS: positiveInt(90, 3650),
  // Fewest accounts posting each day in every industry and area, so every ranking lists at least this many (0: off).
  SIM_LIST_FLOOR: countOrZero(20, 1000),
  // Articles whose last 3 days of counters a fresh demo publishes at once, so verdicts and the 刷量榜 show in its
  // first minute (collectors/demo-showcase.ts; 0: off). Only against the built-in simulator.
  DEMO_SHOWCASE: countOrZero(160, 1000),
  CLOCK: z
    .string()
    .trim()
    .default('real')
    .refine((v) => v === 'real' || (v.startsWith('fixed:') && !Number.isNaN(Date.parse(v.slice(6)))), {
      message: '必须是 real 或 fixed:<ISO 时间>（例如 fixed:2026-11-01T12:00:00+08:00）',
    }),
  CRAWL_DAYS: positiveInt(30, 3650),
  CRAWL_INTERVAL_S: positiveInt(300, 86_400),
  CRAWL_CONCURRENCY: positiveInt(32, 256),
  CRAWL_INACTIVE_EVERY: positiveInt(4, 1000),
  // Each new article's page (body text, mini-programs): on by default; CRAWL_PAGE_DAYS defaults to CRAWL_DAYS.
  CRAWL_PAGES: z
    .enum(['0', '1', 'false', 'true'], { message: '必须是 0 或 1' })
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  CRAWL_PAGE_DAYS: z.coerce
    .number({ message: '必须是 1–3650 的整数' })
    .int('必须是 1–3650 的整数')
    .min(1, '必须是 1–3650 的整数')
    .max(3650, '必须是 1–3650 的整数')
    .optional(),
  COLLECTOR_NAME: z.string().trim().min(1).max(100).default(os.hostname()),
  COLLECTOR_SHARD: z
    .string()
    .trim()
    .default('0/1')
    .refine(
      (v) => {
        if (v === 'auto') return true;
        const m = /^(\d+)\/(\d+)$/.exec(v);
        return m !== null && Number(m[2]) >= 1 && Number(m[1]) < Number(m[2]);
      },
      { message: '必须是 i/N 形式（0 ≤ i < N），例如 0/1 或 2/4，或 auto（按存活的采集器自动分片）' },
    ),
  UPSTREAM_CREDENTIALS: z.enum(['none', 'db'], { message: '必须是 none 或 db' }).default('none'),
  UPSTREAM_LIST_API: z
    .enum(['publish', 'list_ex', 'weread'], { message: '必须是 publish / list_ex / weread 之一' })
    .default('publish'),
  UPSTREAM_COUNTS: z
    .enum(['getappmsgext', 'page'], { message: '必须是 getappmsgext 或 page' })
    .default('getappmsgext'),
  UPSTREAM_RATE_PER_CREDENTIAL: z.coerce
    .number({ message: '必须是 0–100000 的整数' })
    .int('必须是 0–100000 的整数')
    .min(0, '必须是 0–100000 的整数')
    .max(100_000, '必须是 0–100000 的整数')
    .default(0),
  UPSTREAM_COOLDOWN_S: positiveInt(900, 86_400),
  // Source chains (issue 26, core/source-chains.ts): `lists=weread,paid,mp;counts=client,paid`; capabilities not named
  // keep the default (the demo's back office; with UPSTREAM_CREDENTIALS=db, WeChat Reading and the paid API first).
  SOURCE_CHAINS: z
    .string()
    .trim()
    .optional()
    .superRefine((v, ctx) => {
      if (!v) return;
      try {
        parseChains(v, DEMO_CHAINS);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
      }
    }),
  /** WeChat Reading and the paid data API; unset: the upstream itself (the simulator serves both). */
  WEREAD_URL: optionalUrl(['http:', 'https:']),
  PAID_API_URL: optionalUrl(['http:', 'https:']),
  /** WeChat Reading's requests per egress IP per Beijing day (about 300 in practice); 0 = no limit. */
  WEREAD_IP_DAILY_BUDGET: z.coerce
    .number({ message: '必须是 0–100000 的整数' })
    .int('必须是 0–100000 的整数')
    .min(0, '必须是 0–100000 的整数')
    .max(100_000, '必须是 0–100000 的整数')
    .default(300),
  UPSTREAM_TIMEOUT_S: positiveInt(15, 300),
  MONITOR_LEASE_S: positiveInt(90, 3600),
  SHUTDOWN_TIMEOUT_S: positiveInt(20, 600),
  // Analytics processor (stream role) and the list definitions (docs/analytics.md).
  ANALYTICS_TICK_MS: positiveInt(5000, 600_000),
  RANK_EVERY_S: positiveInt(60, 86_400),
  RANK_PAST_EVERY_S: positiveInt(3600, 7 * 86_400),
  FAKE_EVERY_S: positiveInt(60, 86_400),
  BURST_MIN_READS: positiveInt(5000, 100_000_000),
  BURST_MIN_RATIO: positiveInt(5, 1000),
  BURST_MAX_FANS: positiveInt(50_000, 100_000_000),
  HOT_MIN_READS: positiveInt(1000, 100_000_000),
  // How long the API keeps a read result of ClickHouse (api/cached-reads.ts); 0 turns the cache off.
  API_CACHE_MS: z.coerce
    .number({ message: '必须是 0–60000 的整数' })
    .int('必须是 0–60000 的整数')
    .min(0, '必须是 0–60000 的整数')
    .max(60_000, '必须是 0–60000 的整数')
    .default(2000),
  // What the site's own QR codes encode (common/v1 qrcode_images): customer service and the user group.
  SITE_SERVICE_QR: z.string().trim().max(1000, '最长 1000 个字符').optional(),
  SITE_GROUP_QR: z.string().trim().max(1000, '最长 1000 个字符').optional(),
  ...memberEnv,
  ...demoEnv,
});

/** Every environment variable the program reads (deployment manifests are checked against it). */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape);

/** Provider settings that only work together: a half-configured provider would fail at its first user. */
const TOGETHER: { when: (c: Record<string, unknown>) => boolean; names: string[] }[] = [
  {
    when: (c) => c.SMS_PROVIDER === 'aliyun',
    names: [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ],
  },
  { when: (c) => Boolean(c.WECHAT_APPID || c.WECHAT_SECRET), names: ['WECHAT_APPID', 'WECHAT_SECRET'] },
  { when: (c) => Boolean(c.QQ_APPID || c.QQ_APPKEY), names: ['QQ_APPID', 'QQ_APPKEY'] },
  {
    when: (c) => Boolean(c.ALIPAY_APP_ID || c.ALIPAY_PRIVATE_KEY || c.ALIPAY_PUBLIC_KEY),
    names: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
  },
];
const checkedEnvSchema = envSchema.superRefine((c, ctx) => {
  const rec = c as Record<string, unknown>;
  for (const t of TOGETHER)
    if (t.when(rec))
      for (const n of t.names.filter((x) => !rec[x]))
        ctx.addIssue({ code: 'custom', path: [n], message: `需要与 ${t.names.join('、')} 一起设置` });
});

export type Config = z.output<typeof envSchema> & {
  dataDir: string;
  clockFixedMs: number | null;
  components: Set<Component>;
  /** A fixed share of the accounts, or 'auto': split among the live collectors (collectors/membership.ts). */
  shard: { index: number; count: number } | 'auto';
};

export class ConfigError extends Error {}

/** Validates the environment; throws ConfigError with one line naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv, roleArg?: string): Config {
  const input: Record<string, string | undefined> = { ...env };
  if (roleArg !== undefined) input.ROLE = roleArg;
  // Treat empty strings as unset so `PORT= npm start` means the default.
  for (const k of Object.keys(input)) if (input[k] === '') delete input[k];
  const parsed = checkedEnvSchema.safeParse(input);
  if (!parsed.success) {
    const parts = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? '配置');
      const shown = name === 'DATABASE_URL' ? '(已隐藏)' : JSON.stringify(input[name] ?? '');
      return `${name}=${shown} 无效：${i.message}`;
    });
    throw new ConfigError(`配置错误 (configuration error): ${parts.join('；')}`);
  }
  const c = parsed.data;
  const components = new Set<Component>(
    c.ROLE.includes('all')
      ? ['collector', 'stream', 'api', ...(c.SIMULATOR_URL ? [] : (['simulator'] as const))]
      : (c.ROLE as Component[]),
  );
  const role = c.ROLE.join(',');
  // The in-process bus only connects components of one process: a lone producer or consumer
  // would publish into, or wait on, nothing.
  if (!c.KAFKA_BROKERS && components.has('collector') !== components.has('stream')) {
    throw new ConfigError(
      `配置错误 (configuration error): ROLE=${role} 需要跨进程的消息总线：请设置 KAFKA_BROKERS（内置总线只连接同一进程内的 collector 与 stream）`,
    );
  }
  if (components.has('collector') && !c.SIMULATOR_URL && !components.has('simulator')) {
    throw new ConfigError(`配置错误 (configuration error): ROLE=${role} 需要上游：请设置 SIMULATOR_URL`);
  }
  if (c.CLICKHOUSE_CLUSTER && !c.CLICKHOUSE_URL) {
    throw new ConfigError('配置错误 (configuration error): CLICKHOUSE_CLUSTER 需要同时设置 CLICKHOUSE_URL');
  }
  return {
    ...c,
    components,
    dataDir: path.resolve(c.DATA_DIR),
    clockFixedMs: c.CLOCK.startsWith('fixed:') ? Date.parse(c.CLOCK.slice(6)) : null,
    shard:
      c.COLLECTOR_SHARD === 'auto'
        ? 'auto'
        : {
            index: Number(c.COLLECTOR_SHARD.split('/')[0]),
            count: Number(c.COLLECTOR_SHARD.split('/')[1]),
          },
  };
}
