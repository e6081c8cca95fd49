import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../core/config';
import { createLogger } from '../core/log';
import { type Platform, REPO_ROOT, startPlatform } from '../platform/platform';
import { templateCopy } from './pg-template';
import { seedMemberDataDir } from './pglite-template';

export const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), `gzh-${prefix}-`));

/** A small, fast demo population for tests; a fixed simulator clock keeps counters still. */
export const SMALL_WORLD = {
  SIM_ACCOUNTS: '40',
  SIM_HISTORY_DAYS: '20',
  CRAWL_DAYS: '10',
  // The demo's list floor and showcase are off: tests see only the accounts and polls they set up.
  SIM_LIST_FLOOR: '0',
  DEMO_SHOWCASE: '0',
  CLOCK: 'fixed:2026-11-01T21:30:00+08:00',
  SIMULATOR_PORT: '0',
  PORT: '0',
  LOG_LEVEL: 'warn',
};

/**
 * Starts the whole platform in this process (role all) on a fresh data directory. Its member store is PGlite in that
 * directory, or, in a tier whose global setup made a template database (e2e/pg-template.ts, the browser tier), a copy
 * of it on the PostgreSQL server; `embedded` keeps PGlite there too, an explicit DATABASE_URL is used as given.
 */
export async function startInProcess(
  env: Record<string, string> = {},
  { embedded = false }: { embedded?: boolean } = {},
): Promise<Platform & { dataDir: string }> {
  const dataDir = env.DATA_DIR ?? tempDir('data');
  const server = env.DATABASE_URL || embedded ? null : await templateCopy();
  if (!env.DATABASE_URL && !server) seedMemberDataDir(path.join(dataDir, 'postgres'));
  const config = loadConfig({
    ...SMALL_WORLD,
    DATA_DIR: dataDir,
    ...(server ? { DATABASE_URL: server.url } : {}),
    ...env,
  });
  const platform = await startPlatform(config, createLogger(config.LOG_LEVEL)).catch(async (e) => {
    await server?.drop();
    throw e;
  });
  return {
    ...platform,
    dataDir,
    stop: async () => {
      await platform.stop();
      await server?.drop();
    },
  };
}

/** Polls `f` until it answers something truthy, or fails naming `what` after `ms`. */
export async function until<T>(
  what: string,
  f: () => Promise<T | null | undefined | false>,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function waitReady(baseUrl: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${baseUrl}/health`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`platform at ${baseUrl} not ready within ${timeoutMs} ms`);
}

export interface SpawnedPlatform {
  child: ChildProcess;
  url: Promise<string>;
  /** The log's "platform ready" line: the address it names and the seconds since the process started. */
  ready: Promise<{ url: string; seconds: number }>;
  /** The first log line matching `pattern`, as soon as the process writes it. */
  line: (pattern: RegExp) => Promise<string>;
  stdout: () => string;
  stderr: () => string;
  /** The exit code, or the signal's name when a signal ended the process (a crash shows as SIGSEGV/SIGABRT). */
  exit: Promise<number | string | null>;
}

/** Runs the program as users do (a separate OS process) and finds its URL in the JSON logs. */
export function spawnPlatform(env: Record<string, string>, args: string[] = []): SpawnedPlatform {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'platform/main.ts'), ...args],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        SIM_LIST_FLOOR: SMALL_WORLD.SIM_LIST_FLOOR,
        DEMO_SHOWCASE: SMALL_WORLD.DEMO_SHOWCASE,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stderr?.on('data', (d) => {
    err += String(d);
  });
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = out.match(/"url":"(http:\/\/[^"/]+)(?:\/main\/)?"[^\n]*"msg":"platform listening"/);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', () =>
      reject(new Error(`exited before listening: ${err.slice(-1500)}${out.slice(-1500)}`)),
    );
  });
  url.catch(() => {});
  const ready = new Promise<{ url: string; seconds: number }>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const line = out.split('\n').find((l) => l.includes('"msg":"platform ready"'));
      if (line) resolve(JSON.parse(line) as { url: string; seconds: number });
    });
    child.once('exit', () =>
      reject(new Error(`exited before ready: ${err.slice(-1500)}${out.slice(-1500)}`)),
    );
  });
  ready.catch(() => {});
  const exit = new Promise<number | string | null>((r) =>
    child.once('exit', (code, signal) => r(code ?? signal)),
  );
  const line = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const found = out.split('\n').find((l) => pattern.test(l));
        if (!found) return;
        child.stdout?.off('data', look);
        resolve(found);
      };
      child.stdout?.on('data', look);
      child.once('exit', () =>
        reject(new Error(`exited before a line matched ${pattern}: ${out.slice(-1500)}`)),
      );
      look();
    });
  return { child, url, ready, line, stdout: () => out, stderr: () => err, exit };
}

/**
 * Publishes, as a monitor task would, 40 polls every 5 minutes of today's earliest hot article: 150 reads, 5 likes
 * and one 在看 each interval, and 5,000 reads that land inside the 20th interval (a step the detector must see).
 * Returns the report's `post` key and the article as today_hot lists it.
 */
export async function publishStepSeries(
  platform: Platform,
  baseUrl: string,
  // biome-ignore lint/suspicious/noExplicitAny: the article as the API answers it
): Promise<{ post: string; art: any }> {
  const body = (await (await fetch(`${baseUrl}/fbmain/main/v1/today_hot?num=50`)).json()) as {
    data: { article_list: { mid: number; aid: string; pubtime: string }[] };
  };
  const art = [...body.data.article_list].sort((a, b) => a.pubtime.localeCompare(b.pubtime))[0];
  if (!art) throw new Error('no article today to monitor');
  const pub = Math.floor(Date.parse(`${art.pubtime.replace(' ', 'T')}+08:00`) / 1000);
  const polls = Array.from({ length: 40 }, (_, k) => ({
    key: String(art.mid),
    value: {
      aid: art.aid,
      mid: art.mid,
      ts: pub + 300 * (k + 1),
      read: 150 * (k + 1) + (k >= 19 ? 5000 : 0),
      zan: 5 * (k + 1),
      looking: k + 1,
      share: 0,
      comment: 0,
    },
  }));
  await platform.bus?.publish('snapshots', polls);
  return { post: `${art.mid}_${art.aid}`, art };
}
