import {
  type BenchCall,
  benchCalls,
  benchDataset,
  memberStore,
  pickParameters,
  settle,
  startApi,
  topMember,
  verifyCall,
} from './api-world';
import { fmt, measureCeiling } from './ceiling';
import { type LoadFigures, loadShapeFromEnv, runWrk } from './wrk';

/** Targets of issue #11 at full scale: list and detail calls p95 < 100 ms, search p95 < 200 ms. */
export const TARGET_P95_MS = { list: 100, detail: 100, search: 200 } as const;

/**
 * `npm run bench -- api`: p50/p95/p99 and throughput of the calls a member hits most, each under the same wrk load
 * (BENCH_THREADS/BENCH_CONNECTIONS/BENCH_SECONDS, default -t2 -c16 -d10s) against the platform running as its own
 * process (ROLE=api) on the benchmark dataset, and the same load on a constant Hono route (the ceiling) in the
 * same run. BENCH_CALLS=name,name limits the calls.
 */
export async function run(): Promise<void> {
  const shape = loadShapeFromEnv();
  const dataset = await benchDataset();
  const picks = await pickParameters(dataset);
  const pg = await memberStore();
  console.log(
    `dataset: ${dataset.scale} in ${dataset.dataDir}; members on ${pg.label}; parameters: ${JSON.stringify({ ...picks, manyMids: `${picks.manyMids.length} accounts` })}`,
  );
  const token = await topMember(dataset, pg.url);
  const only = process.env.BENCH_CALLS?.split(',').filter(Boolean);
  const calls = benchCalls(picks).filter((c) => !only || only.includes(c.name));

  const ceiling = await measureCeiling(shape);
  console.log(
    `ceiling (constant Hono route): ${fmt(ceiling.rps, 0)} req/s, p95 ${fmt(ceiling.p95Ms, 2)} ms (wrk -t${shape.threads} -c${shape.connections} -d${shape.seconds}s)`,
  );

  const api = await startApi(dataset, pg.url);
  const rows: { call: BenchCall; f: LoadFigures }[] = [];
  try {
    // A bench that times errors is worthless: every call must answer success with data before any load.
    const broken: string[] = [];
    for (const c of calls) {
      const why = await verifyCall(api.base, token, c);
      if (why) broken.push(`${c.name} (${c.method} ${c.path}): ${why}`);
    }
    if (broken.length) throw new Error(`calls that do not answer correctly:\n${broken.join('\n')}`);
    // Warm-up: the whole mix for a few seconds (caches, JIT, the engine's marks and parts).
    await runWrk(api.base, calls, { ...shape, seconds: Number(process.env.BENCH_WARMUP_S ?? 5) }, token);
    for (const c of calls) {
      await settle(api.pid);
      const f = await runWrk(api.base, c.variants ?? [c], shape, token);
      rows.push({ call: c, f });
      console.log(
        `${c.name.padEnd(22)} ${fmt(f.rps, 0).padStart(7)} req/s  p50 ${fmt(f.p50Ms).padStart(7)}  p95 ${fmt(f.p95Ms).padStart(7)}  p99 ${fmt(f.p99Ms).padStart(7)} ms  errors ${f.errors}  ratio ${fmt(f.rps / ceiling.rps, 3)}`,
      );
    }
  } finally {
    // The throwaway member database goes even when the platform did not stop cleanly.
    await api.stop().finally(() => pg.drop());
  }

  console.log(
    '\n| call | kind | req/s | p50 ms | p95 ms | p99 ms | non-2xx/errors | rps/ceiling | p95 target |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const { call, f } of rows) {
    const target = TARGET_P95_MS[call.kind];
    console.log(
      `| ${call.name} | ${call.kind} | ${fmt(f.rps, 0)} | ${fmt(f.p50Ms)} | ${fmt(f.p95Ms)} | ${fmt(f.p99Ms)} | ${f.errors} | ${fmt(f.rps / ceiling.rps, 3)} | ${f.p95Ms < target ? 'ok' : 'MISSED'} < ${target} |`,
    );
  }
  const worst = rows.reduce((a, b) => (b.f.p95Ms > a.f.p95Ms ? b : a));
  const p99Max = Math.max(...rows.map((r) => r.f.p99Ms));
  const errors = rows.reduce((n, r) => n + r.f.errors, 0);
  const missed = rows.filter((r) => r.f.p95Ms >= TARGET_P95_MS[r.call.kind]).map((r) => r.call.name);
  const minRatio = Math.min(...rows.map((r) => r.f.rps / ceiling.rps));
  console.log(`calls over their p95 target: ${missed.length ? missed.join(', ') : 'none'}`);
  console.log(
    `RESULT api scale=${dataset.scale} calls=${rows.length} p95_ms_max=${fmt(worst.f.p95Ms)} p99_ms_max=${fmt(p99Max)} worst=${worst.call.name} errors=${errors} targets_missed=${missed.length} ceiling_rps=${fmt(ceiling.rps, 0)} min_ratio_to_ceiling=${fmt(minRatio, 3)} load=t${shape.threads}c${shape.connections}d${shape.seconds}`,
  );
}
