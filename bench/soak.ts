import { readFileSync } from 'node:fs';
import {
  benchCalls,
  benchDataset,
  memberStore,
  pickParameters,
  startApi,
  topMember,
  verifyCall,
} from './api-world';
import { fmt } from './ceiling';
import { type LoadFigures, loadShapeFromEnv, runWrk } from './wrk';

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : 0;
}

/**
 * Bounds. Memory: after the first minute (warm-up: caches, JIT, the engine's marks and parts loaded) RSS may grow
 * at most 20% or 100 MB, whichever is larger: a leak of even 1 KB per request passes 100 MB within the run at this
 * load, while the chDB engine's own buffers vary by tens of MB. Latency: the last minute's p99 within 2× the first's.
 */
const RSS_GROWTH_RATIO = 0.2;
const RSS_GROWTH_MB = 100;
const P99_RATIO = 2;

/**
 * `npm run bench -- soak`: the api benchmark's mix (every call, cycled by every connection) for SOAK_SECONDS (600)
 * at the api benchmark's load, in one-minute wrk runs back to back; the server's RSS sampled every 10 s. Exits
 * non-zero when an answer is not 2xx, memory grows past the bound, or p99 drifts.
 */
export async function run(): Promise<void> {
  const seconds = Number(process.env.SOAK_SECONDS ?? 600);
  const minute = Math.min(60, seconds);
  const shape = { ...loadShapeFromEnv(), seconds: minute };
  const dataset = await benchDataset();
  const picks = await pickParameters(dataset);
  const pg = await memberStore();
  const token = await topMember(dataset, pg.url);
  const calls = benchCalls(picks);
  const api = await startApi(dataset, pg.url);
  const rss: { s: number; mb: number }[] = [];
  const minutes: LoadFigures[] = [];
  const t0 = Date.now();
  const sampler = setInterval(
    () => rss.push({ s: Math.round((Date.now() - t0) / 1000), mb: rssMb(api.pid) }),
    10_000,
  );
  try {
    for (const c of calls) {
      const why = await verifyCall(api.base, token, c);
      if (why) throw new Error(`${c.name} does not answer correctly: ${why}`);
    }
    rss.push({ s: 0, mb: rssMb(api.pid) });
    for (let done = 0; done < seconds; done += minute) {
      const f = await runWrk(api.base, calls, { ...shape, seconds: Math.min(minute, seconds - done) }, token);
      minutes.push(f);
      console.log(
        `minute ${minutes.length}: ${fmt(f.rps, 0)} req/s, p50 ${fmt(f.p50Ms)} ms, p99 ${fmt(f.p99Ms)} ms, errors ${f.errors}, rss ${fmt(rssMb(api.pid), 0)} MB`,
      );
    }
  } finally {
    clearInterval(sampler);
    // The throwaway member database goes even when the platform did not stop cleanly.
    await api.stop().finally(() => pg.drop());
  }
  console.log(`rss every 10 s (MB): ${rss.map((r) => fmt(r.mb, 0)).join(' ')}`);
  const requests = minutes.reduce((n, f) => n + f.requests, 0);
  const errors = minutes.reduce((n, f) => n + f.errors, 0);
  // Memory after warm-up: the first sample at or after one minute (or the first one in a short run).
  const warm = rss.find((r) => r.s >= 60) ?? (rss[0] as { mb: number });
  const end = rss[rss.length - 1] as { mb: number };
  const growth = end.mb - warm.mb;
  const rssBound = Math.max(RSS_GROWTH_MB, warm.mb * RSS_GROWTH_RATIO);
  const first = minutes[0] as LoadFigures;
  const last = minutes[minutes.length - 1] as LoadFigures;
  const broken = [
    errors > 0 ? `${errors} errors/non-2xx` : '',
    growth > rssBound ? `RSS grew ${fmt(growth, 0)} MB after warm-up (bound ${fmt(rssBound, 0)} MB)` : '',
    last.p99Ms > P99_RATIO * first.p99Ms
      ? `p99 of the last minute ${fmt(last.p99Ms)} ms > ${P99_RATIO}× the first's ${fmt(first.p99Ms)} ms`
      : '',
  ].filter(Boolean);
  console.log(broken.length ? `bounds broken: ${broken.join('; ')}` : 'all bounds held');
  console.log(
    `RESULT soak seconds=${seconds} requests=${requests} errors=${errors} rss_start_mb=${fmt(warm.mb, 0)} rss_end_mb=${fmt(end.mb, 0)} rss_bound_mb=${fmt(rssBound, 0)} p99_first_ms=${fmt(first.p99Ms)} p99_last_ms=${fmt(last.p99Ms)} scale=${dataset.scale} ok=${broken.length === 0 ? 1 : 0}`,
  );
  if (broken.length) process.exit(1);
}
