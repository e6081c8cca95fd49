import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../e2e/harness';

/** One HTTP call as the load generator sends it: a path with its query, and a form body for POST. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, string>;
}

/** The same load for every call of a run: wrk's threads, connections and seconds. */
export interface LoadShape {
  threads: number;
  connections: number;
  seconds: number;
}

export interface LoadFigures {
  requests: number;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers outside 2xx, plus connect/read/write errors and timeouts. */
  errors: number;
}

/** BENCH_THREADS / BENCH_CONNECTIONS / BENCH_SECONDS, default -t2 -c16 -d10s. */
export function loadShapeFromEnv(seconds = 10): LoadShape {
  return {
    threads: Number(process.env.BENCH_THREADS ?? 2),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 16),
    seconds: Number(process.env.BENCH_SECONDS ?? seconds),
  };
}

export const formBody = (body: Record<string, string>) => new URLSearchParams(body).toString();

const dir = tempDir('wrk');
let files = 0;

/** wrk from Debian's packages: installed on first use when missing (as root), or a clear error. */
let wrkChecked = false;
function ensureWrk(): void {
  if (wrkChecked) return;
  const has = () => {
    try {
      execFileSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (!has() && process.getuid?.() === 0) {
    console.log('installing wrk (Debian package)…');
    execFileSync(
      'sh',
      [
        '-c',
        'apt-get install -y -qq wrk >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq wrk)',
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      },
    );
  }
  if (!has()) throw new Error('wrk is not installed: apt-get install wrk');
  wrkChecked = true;
}

/**
 * Drives `requests` (cycled by every connection) against `base` with wrk from its own process, so the load
 * generator does not share the server's event loop; the Lua script (bench/wrk.lua) reports percentiles and every
 * non-2xx answer.
 */
export async function runWrk(
  base: string,
  requests: LoadRequest[],
  shape: LoadShape,
  token = '',
): Promise<LoadFigures> {
  const file = path.join(dir, `requests-${files++}.tsv`);
  writeFileSync(
    file,
    requests.map((r) => `${r.method}\t${r.path}\t${r.body ? formBody(r.body) : ''}\n`).join(''),
  );
  const args = [
    `-t${shape.threads}`,
    `-c${shape.connections}`,
    `-d${shape.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    path.join(import.meta.dirname, 'wrk.lua'),
    base,
  ];
  ensureWrk();
  const child = spawn('wrk', args, {
    env: { ...process.env, WRK_REQUESTS: file, WRK_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += String(d);
  });
  child.stderr.on('data', (d) => {
    out += String(d);
  });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  const line = out.split('\n').find((l) => l.startsWith('WRK '));
  if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}): ${out.slice(-1000)}`);
  const w = JSON.parse(line.slice(4)) as Record<string, number>;
  const n = (k: string) => w[k] ?? 0;
  if (n('requests') === 0)
    throw new Error(`no request completed within ${shape.seconds} s: ${requests[0]?.path}`);
  return {
    requests: n('requests'),
    rps: n('requests') / (n('duration_us') / 1e6),
    p50Ms: n('p50_us') / 1000,
    p95Ms: n('p95_us') / 1000,
    p99Ms: n('p99_us') / 1000,
    maxMs: n('max_us') / 1000,
    errors: n('non2xx') + n('connect') + n('read') + n('write') + n('timeout'),
  };
}
