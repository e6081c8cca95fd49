import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../e2e/chaos/services';
import { tempDir } from '../e2e/harness';

/**
 * `npm run bench -- startup`: a fresh demo from start to the log's `platform ready` (what someone who ran `npm start`
 * waits for), on a fresh DATA_DIR each time, the dashboard build left out. The default demo (list floor, showcase)
 * against a baseline measured in the same run and interleaved with it: the plain simulator world
 * (`SIM_LIST_FLOOR=0 DEMO_SHOWCASE=0`). BENCH_RUNS (3) of each; medians, with where the time went (PostgreSQL's first
 * initdb until the collectors start, the first crawl round, then until ready).
 */
const ROOT = path.resolve(import.meta.dirname, '..');

interface StartRun {
  readyS: number;
  storesS: number;
  crawlS: number;
  afterS: number;
  articles: number;
  accounts: number;
}

async function once(extra: Record<string, string>): Promise<StartRun> {
  const dir = tempDir('bench-startup');
  const env = {
    ...process.env,
    DATA_DIR: dir,
    PORT: String(await freePort()),
    SIMULATOR_PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    ...extra,
  };
  const t0 = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'platform/main.ts')],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const at: Record<string, number> = {};
  let round: { accounts?: number; articles?: number } = {};
  try {
    await new Promise<void>((resolve, reject) => {
      let rest = '';
      child.once('exit', (code) => reject(new Error(`platform exited (${code}) before it was ready`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          let msg = '';
          let j: Record<string, unknown> = {};
          try {
            j = JSON.parse(line) as Record<string, unknown>;
            msg = String(j.msg ?? '');
          } catch {
            continue;
          }
          const s = (performance.now() - t0) / 1000;
          if (msg === 'source chains' && at.stores === undefined) at.stores = s;
          if (msg === 'crawl round finished' && at.crawl === undefined) {
            at.crawl = s;
            round = j as typeof round;
          }
          if (msg === 'platform ready') {
            at.ready = s;
            resolve();
          }
        }
      });
    });
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
  const ready = at.ready ?? 0;
  const stores = at.stores ?? 0;
  const crawl = at.crawl ?? ready;
  return {
    readyS: ready,
    storesS: stores,
    crawlS: crawl - stores,
    afterS: ready - crawl,
    articles: Number(round.articles ?? 0),
    accounts: Number(round.accounts ?? 0),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const f1 = (x: number) => x.toFixed(1);

export async function run(): Promise<void> {
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const configs = {
    demo: {},
    plain: { SIM_LIST_FLOOR: '0', DEMO_SHOWCASE: '0' },
  } as const;
  const results: Record<keyof typeof configs, StartRun[]> = { demo: [], plain: [] };
  for (let i = 0; i < runs; i++)
    for (const name of (i % 2 ? ['plain', 'demo'] : ['demo', 'plain']) as (keyof typeof configs)[]) {
      const r = await once(configs[name]);
      results[name].push(r);
      console.log(
        `${name.padEnd(5)} run ${i + 1}: ready ${f1(r.readyS)} s (stores ${f1(r.storesS)}, first crawl ${f1(r.crawlS)} ` +
          `for ${r.accounts} accounts / ${r.articles} articles, then ${f1(r.afterS)})`,
      );
    }
  const med = (name: keyof typeof configs, k: keyof StartRun) => median(results[name].map((r) => r[k]));
  for (const name of Object.keys(configs) as (keyof typeof configs)[])
    console.log(
      `${name.padEnd(5)} median: ready ${f1(med(name, 'readyS'))} s = stores ${f1(med(name, 'storesS'))} + first crawl ` +
        `${f1(med(name, 'crawlS'))} + after ${f1(med(name, 'afterS'))}; ${med(name, 'accounts')} accounts, ${med(name, 'articles')} articles`,
    );
  const ratio = med('demo', 'readyS') / Math.max(0.001, med('plain', 'readyS'));
  console.log(`demo / plain ready: ×${ratio.toFixed(2)}`);
  console.log(
    `RESULT startup runs=${runs} ready_s=${f1(med('demo', 'readyS'))} plain_ready_s=${f1(med('plain', 'readyS'))} ` +
      `ratio=${ratio.toFixed(2)} stores_s=${f1(med('demo', 'storesS'))} crawl_s=${f1(med('demo', 'crawlS'))} ` +
      `after_s=${f1(med('demo', 'afterS'))} articles=${med('demo', 'articles')}`,
  );
}
