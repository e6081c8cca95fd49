import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { MemoryBus } from '../bus/memory-bus';
import { accountKey, articleMonitorTask } from '../collectors/messages-of';
import { MonitorScheduler } from '../collectors/monitor';
import { MpSource } from '../collectors/mp-source';
import { realTimers } from '../collectors/timer-clock';
import { createLogger } from '../core/log';
import { REPO_ROOT } from '../platform/platform';
import { SimWorld } from '../simulator/world';

/**
 * How many articles one collector process can monitor at a 1-minute frequency against the simulator.
 * The simulator runs in its own process (as in a deployment), so each side has a core. Baseline: the
 * upstream's own ceiling, the same getappmsgext requests made flat out with nothing behind them.
 * Then the monitor scheduler polls N tasks at 1/min for BENCH_MINUTES; the last minute is measured.
 */
export async function run(): Promise<void> {
  const accounts = Number(process.env.BENCH_ACCOUNTS ?? 14000);
  const historyDays = Number(process.env.BENCH_DAYS ?? 10);
  const minutes = Math.max(2, Number(process.env.BENCH_MINUTES ?? 2));
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 128);
  const seed = 77;
  const log = createLogger('warn');

  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'platform/main.ts'), 'simulator'],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        SIMULATOR_PORT: '0',
        SIM_SEED: String(seed),
        SIM_ACCOUNTS: String(accounts),
        SIM_HISTORY_DAYS: String(historyDays),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`simulator exited (${code})`)));
  });
  try {
    // The same world as the simulator's (same seed): the bench knows which articles exist.
    const world = new SimWorld({ seed, accounts, historyDays, now: () => Date.now() });
    const arts = world.accounts.flatMap((a) => world.pushes(a).flatMap((p) => p.articles));
    const source = new MpSource(url, { http: { timeoutMs: 30_000 } });

    // Baseline: the upstream's ceiling for counter requests; the first 5 s warm it up (its world
    // generates each account-day on first use) and are not counted.
    const baseS = 10;
    let n = 0;
    const countFrom = performance.now() + 5000;
    const until = countFrom + baseS * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, w) => {
        for (let i = w; performance.now() < until; i += concurrency) {
          await source.counts(arts[i % arts.length] as (typeof arts)[0]);
          if (performance.now() >= countFrom) n++;
        }
      }),
    );
    const upstreamPerMin = Math.round((n / baseS) * 60);

    // Well over what the upstream served in the baseline (and at least the 20,000 aimed for), one
    // article each: if the collector falls behind, what it polls in a minute is its capacity; if it
    // polls them all, the figure is a lower bound.
    const tasks = Math.min(
      arts.length,
      Number(process.env.BENCH_TASKS ?? Math.max(20_000, Math.ceil(upstreamPerMin * 1.5))),
    );
    const bus = new MemoryBus(log, 1_000_000);
    const perMinute = new Map<number, number>();
    const t0 = Date.now();
    await bus.subscribe('snapshots', 'bench', async (batch) => {
      for (const r of batch) {
        const m = Math.floor((r.value.ts * 1000 - t0) / 60_000);
        perMinute.set(m, (perMinute.get(m) ?? 0) + 1);
      }
    });
    const monitor = new MonitorScheduler(source, bus, log, { clock: realTimers(), name: 'bench' });
    await monitor.start();
    const orders = arts
      .slice(0, tasks)
      .map((a, i) => ({ key: accountKey(a.biz), value: articleMonitorTask(a, `b${i}`, 1, t0) }));
    await bus.publish('monitor.tasks', orders);
    await new Promise((r) => setTimeout(r, minutes * 60_000 + 2000));
    await monitor.stop();
    await bus.drain();

    const measured = minutes - 1;
    const polled = perMinute.get(measured) ?? 0;
    const ratio = polled / upstreamPerMin;
    console.log(
      `dataset: ${accounts} accounts, ${arts.length} articles; ${tasks} tasks at 1/min; simulator in its own process; concurrency ${concurrency}`,
    );
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} (other processes share these cores)`,
    );
    console.log(`upstream only: ${upstreamPerMin} counter requests/min (${Math.round(n / baseS)}/s)`);
    console.log(
      `collector: minute ${measured + 1} of ${minutes}: ${polled} articles polled (${((polled / tasks) * 100).toFixed(1)}% of tasks), ${monitor.stats.errors} errors, ${monitor.stats.late} late polls`,
    );
    if (polled >= tasks)
      console.log(`every task was polled on time: ${polled}/min is a lower bound (BENCH_TASKS raises it)`);
    console.log(
      `RESULT monitor articles_per_min=${polled} tasks=${tasks} upstream_per_min=${upstreamPerMin} ratio_to_upstream=${ratio.toFixed(2)}`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}
