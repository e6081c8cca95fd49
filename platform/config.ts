import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export const ROLES = ['all', 'api', 'collector', 'stream', 'simulator'] as const;
export type Role = (typeof ROLES)[number];

const port = (fallback: number) =>
  z.coerce
    .number({ message: '必须是 0–65535 的整数' })
    .int('必须是 0–65535 的整数')
    .min(0, '必须是 0–65535 的整数')
    .max(65535, '必须是 0–65535 的整数')
    .default(fallback);

const positiveInt = (fallback: number, max: number) =>
  z.coerce
    .number({ message: `必须是 1–${max} 的整数` })
    .int(`必须是 1–${max} 的整数`)
    .min(1, `必须是 1–${max} 的整数`)
    .max(max, `必须是 1–${max} 的整数`)
    .default(fallback);

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

/** Environment variables the program reads; unset engine variables mean the embedded default. */
const envSchema = z.object({
  ROLE: z.enum(ROLES, { message: `必须是 ${ROLES.join(' / ')} 之一` }).default('all'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: port(8080),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  SIMULATOR_URL: optionalUrl(['http:', 'https:']),
  SIMULATOR_HOST: z.string().trim().min(1).default('127.0.0.1'),
  SIMULATOR_PORT: port(8090),
  SIM_SEED: z.coerce.number({ message: '必须是整数' }).int('必须是整数').default(20261122),
  SIM_ACCOUNTS: positiveInt(300, 1_000_000),
  SIM_HISTORY_DAYS: positiveInt(90, 3650),
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
  COLLECTOR_NAME: z.string().trim().min(1).max(100).default(os.hostname()),
  COLLECTOR_SHARD: z
    .string()
    .trim()
    .default('0/1')
    .refine(
      (v) => {
        const m = /^(\d+)\/(\d+)$/.exec(v);
        return m !== null && Number(m[2]) >= 1 && Number(m[1]) < Number(m[2]);
      },
      { message: '必须是 i/N 形式（0 ≤ i < N），例如 0/1 或 2/4' },
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
  UPSTREAM_TIMEOUT_S: positiveInt(15, 300),
  MONITOR_LEASE_S: positiveInt(90, 3600),
  SHUTDOWN_TIMEOUT_S: positiveInt(20, 600),
});

export type Config = z.output<typeof envSchema> & {
  dataDir: string;
  clockFixedMs: number | null;
  shard: { index: number; count: number };
};

export class ConfigError extends Error {}

/** Validates the environment; throws ConfigError with one line naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv, roleArg?: string): Config {
  const input: Record<string, string | undefined> = { ...env };
  if (roleArg !== undefined) input.ROLE = roleArg;
  // Treat empty strings as unset so `PORT= npm start` means the default.
  for (const k of Object.keys(input)) if (input[k] === '') delete input[k];
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const parts = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? '配置');
      const shown = name === 'DATABASE_URL' ? '(已隐藏)' : JSON.stringify(input[name] ?? '');
      return `${name}=${shown} 无效：${i.message}`;
    });
    throw new ConfigError(`配置错误 (configuration error): ${parts.join('；')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    clockFixedMs: c.CLOCK.startsWith('fixed:') ? Date.parse(c.CLOCK.slice(6)) : null,
    shard: {
      index: Number(c.COLLECTOR_SHARD.split('/')[0]),
      count: Number(c.COLLECTOR_SHARD.split('/')[1]),
    },
  };
}
