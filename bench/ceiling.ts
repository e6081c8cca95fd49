import { spawn } from 'node:child_process';
import path from 'node:path';
import { type LoadFigures, type LoadShape, loadShapeFromEnv, runWrk } from './wrk';

/** Starts bench/ceiling-server.ts as its own process; resolves with its URL and a stop function. */
async function startCeilingServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'ceiling-server.ts')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = out.match(/listening (http:\/\/\S+)/);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`ceiling server exited (${code}) before listening`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The server's own ceiling: the constant route under `shape`, after a short warm-up. */
export async function measureCeiling(shape: LoadShape): Promise<LoadFigures> {
  const server = await startCeilingServer();
  try {
    const req = [{ method: 'GET' as const, path: '/constant' }];
    await runWrk(server.url, req, { ...shape, seconds: 2 });
    const f = await runWrk(server.url, req, shape);
    if (f.errors > 0) throw new Error(`ceiling route answered ${f.errors} errors`);
    return f;
  } finally {
    await server.stop();
  }
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** `npm run bench -- ceiling`: the constant Hono route under the api benchmark's load. */
export async function run(): Promise<void> {
  const shape = loadShapeFromEnv();
  console.log(`load: wrk -t${shape.threads} -c${shape.connections} -d${shape.seconds}s`);
  const f = await measureCeiling(shape);
  console.log(
    `constant route: ${fmt(f.rps, 0)} req/s, p50 ${fmt(f.p50Ms, 2)} ms, p95 ${fmt(f.p95Ms, 2)} ms, p99 ${fmt(f.p99Ms, 2)} ms, ${f.requests} requests, ${f.errors} errors`,
  );
  console.log(
    `RESULT ceiling rps=${fmt(f.rps, 0)} p50_ms=${fmt(f.p50Ms, 2)} p95_ms=${fmt(f.p95Ms, 2)} p99_ms=${fmt(f.p99Ms, 2)} threads=${shape.threads} connections=${shape.connections} seconds=${shape.seconds}`,
  );
}
