import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ChdbPoolStore } from '../clickhouse/chdb-pool-store';
import { ChdbStore } from '../clickhouse/chdb-store';
import type { AnalyticsStore, QueryParams } from '../clickhouse/store';
import { quantile, seeded, zipfPicker } from './mix';
import { ensureDataset, scaleOptionsFromEnv } from './scale/generate';

/**
 * `npm run bench -- chdb-parallel` (issue #27, "measure first"): do reads on separate connections of libchdb.so run
 * in parallel in one Node process, and what does that give on this machine?
 *
 * 1. The FFI route: koffi (prebuilt, no compile step) loads the libchdb.so that chdb's platform package ships and
 *    opens a connection, in a child process on an empty directory. Koffi runs every foreign call on a stack of its
 *    own, and the engine checks that its frames lie within the thread's stack: the connect fails there (code 306,
 *    TOO_DEEP_RECURSION, "Stack size too large"), synchronous or asynchronous. The probe reports what it finds, so a
 *    later koffi or chDB where this works shows up here.
 * 2. The same engine through the chdb package's own prebuilt addon: one connection per `Session`, each call on a
 *    libuv thread. The store on it, clickhouse/chdb-pool-store.ts, with 1, 2 and 4 read connections, and today's
 *    single-session store (ChdbStore, where the package sends every bound query of the process through one queue)
 *    run one read mix of cold reads (accounts Zipf-distributed over 500 sampled ones, pages, periods, ranking days,
 *    title keywords; the same seeded sequence for every configuration) from BENCH_CONCURRENCY (16) callers, for
 *    BENCH_SECONDS (10) each, interleaved in BENCH_ROUNDS (5) slices with the order reversed every round: the
 *    machine is shared and its load drifts, and so falls on every configuration alike. Two mixes: `all` (with title
 *    searches and rankings) and `point` (per-account point reads only). Speedups are to 1 connection.
 * 3. Bound parameters stay per connection: BENCH_PARAM_CHECKS (4,000) bound reads in flight at once on 4
 *    connections, each answer checked against its own values.
 *
 * On the generated dataset (bench/scale/generate.ts; SCALE, default a tenth). Ends with
 * `RESULT chdb-parallel c1=… c2=… c4=… speedup2=… speedup4=… …` (reads per second).
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PARAM_CHECKS = Number(process.env.BENCH_PARAM_CHECKS ?? 4000);

interface Read {
  name: string;
  sql: string;
  params: QueryParams;
}

const bjDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

async function readMix(
  store: AnalyticsStore,
  nowMs: number,
  count: number,
  only?: Set<string>,
): Promise<Read[]> {
  const mids = (
    await store.query<{ mid: string }>(
      'SELECT toString(mid) AS mid FROM account_cards FINAL ORDER BY cityHash64(mid) LIMIT 500',
    )
  ).map((r) => r.mid);
  const days = (
    await store.query<{ d: string }>(
      `SELECT DISTINCT toString(period_start) AS d FROM rankings WHERE period = 'day' ORDER BY d DESC LIMIT 60`,
    )
  ).map((r) => r.d);
  const rankTypes = (
    await store.query<{ t: string }>(
      `SELECT DISTINCT rank_type AS t FROM rankings WHERE period = 'day' ORDER BY t`,
    )
  ).map((r) => r.t);
  // Keywords as members type them: two or three characters out of real titles.
  const titles = (
    await store.query<{ title: string }>(
      'SELECT title FROM account_articles ORDER BY cityHash64(mid, aid) LIMIT 100',
    )
  ).map((r) => [...r.title.replace(/[^\p{Script=Han}]/gu, '')]);
  if (mids.length === 0 || days.length === 0 || rankTypes.length === 0)
    throw new Error('dataset has no rows');
  const next = seeded(20261127);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  // Zipf over the sampled accounts: a few are asked for often, most rarely.
  const zipfMid = zipfPicker(mids, next);
  const keyword = () => {
    const chars = pick(titles.filter((t) => t.length >= 3));
    const len = next() < 0.5 ? 2 : 3;
    const at = Math.floor(next() * (chars.length - len + 1));
    return chars.slice(at, at + len).join('');
  };
  const kinds: [string, number, () => Read][] = [
    [
      'card',
      25,
      () => ({
        name: 'card',
        sql: 'SELECT mid, name, owner, media, tags FROM account_cards FINAL WHERE mid = {mid:UInt64}',
        params: { mid: zipfMid() },
      }),
    ],
    [
      'history',
      20,
      () => ({
        name: 'history',
        sql: `SELECT aid, idx, title, pubtime FROM account_articles FINAL WHERE mid = {mid:UInt64}
              ORDER BY pubtime DESC, idx LIMIT 20 OFFSET {off:UInt32}`,
        params: { mid: zipfMid(), off: 20 * Math.floor(next() * 3) },
      }),
    ],
    [
      'latest',
      15,
      () => ({
        name: 'latest',
        sql: `SELECT aid, argMaxMerge(reads) AS reads, argMaxMerge(likes) AS likes FROM article_latest
              WHERE mid = {mid:UInt64} GROUP BY aid ORDER BY reads DESC, aid LIMIT 20`,
        params: { mid: zipfMid() },
      }),
    ],
    [
      'daily',
      15,
      () => {
        const days = pick([7, 30, 90]);
        return {
          name: 'daily',
          sql: `SELECT day, sum(reads) AS reads, sum(articles) AS articles FROM account_daily
                WHERE mid = {mid:UInt64} AND day >= toDate({from:String}) GROUP BY day ORDER BY day`,
          params: { mid: zipfMid(), from: bjDay(nowMs - days * 86_400_000) },
        };
      },
    ],
    [
      'rank',
      15,
      () => ({
        name: 'rank',
        sql: `SELECT mid, score, reads FROM rankings FINAL
              WHERE rank_type = {t:String} AND period = 'day' AND period_start = toDate({d:String})
              ORDER BY score DESC, mid LIMIT 50`,
        params: { t: pick(rankTypes), d: pick(days) },
      }),
    ],
    [
      'search',
      10,
      () => ({
        name: 'search',
        sql: `SELECT mid, aid, title, count() OVER () AS total FROM articles AS a FINAL
              WHERE hasAllTokens(title, {kw:String}) AND positionCaseInsensitiveUTF8(title, {kw:String}) > 0
              ORDER BY a.pubtime DESC, mid, aid LIMIT 20`,
        params: { kw: keyword() },
      }),
    ],
  ];
  const chosen = only ? kinds.filter(([name]) => only.has(name)) : kinds;
  const sum = chosen.reduce((a, [, w]) => a + w, 0);
  const reads: Read[] = [];
  for (let i = 0; i < count; i++) {
    let x = next() * sum;
    for (const [, w, make] of chosen) {
      x -= w;
      if (x <= 0) {
        reads.push(make());
        break;
      }
    }
  }
  return reads;
}

interface Figures {
  label: string;
  reads: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  /** CPU time of this process (every thread: the engine's and Node's) per second of wall time. */
  cores: number;
}

interface Slice {
  lat: number[];
  seconds: number;
  errors: number;
  cpuSeconds: number;
}

/**
 * CONCURRENCY callers, each sending its next read as soon as its last one is answered, for `seconds`; `cursor` is
 * where this configuration is in the sequence, so every configuration reads the same sequence across its slices.
 */
async function slice(
  store: AnalyticsStore,
  reads: Read[],
  seconds: number,
  cursor: { i: number },
): Promise<Slice> {
  let errors = 0;
  const lat: number[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const r = reads[cursor.i++ % reads.length] as Read;
      const t = performance.now();
      try {
        await store.query(r.sql, r.params);
      } catch (e) {
        if (errors++ === 0) console.error(`  ${r.name}: ${(e as Error).message.slice(0, 300)}`);
      }
      lat.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
  const cpu = process.cpuUsage(cpu0);
  return { lat, seconds: (performance.now() - t0) / 1000, errors, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

function figures(label: string, slices: Slice[]): Figures {
  const lat = slices.flatMap((x) => x.lat);
  const seconds = slices.reduce((a, x) => a + x.seconds, 0);
  const f = {
    label,
    reads: lat.length,
    seconds,
    rps: lat.length / seconds,
    p50: quantile(lat, 0.5),
    p95: quantile(lat, 0.95),
    errors: slices.reduce((a, x) => a + x.errors, 0),
    cores: slices.reduce((a, x) => a + x.cpuSeconds, 0) / seconds,
  };
  console.log(
    `  ${label.padEnd(30)} ${String(f.reads).padStart(6)} reads in ${seconds.toFixed(1)} s = ${f.rps.toFixed(1).padStart(7)}/s` +
      `  p50 ${f.p50.toFixed(1)} ms  p95 ${f.p95.toFixed(1)} ms  cores used ${f.cores.toFixed(2)}  errors ${f.errors}`,
  );
  return f;
}

/** The FFI route (koffi), in a child process of its own on an empty directory: does a connection open and answer? */
function probeKoffi(): { ok: boolean; detail: string } {
  const require = createRequire(import.meta.url);
  let so: string;
  try {
    so = path.join(path.dirname(require.resolve('@chdb/lib-linux-x64-gnu/package.json')), 'libchdb.so');
    require.resolve('koffi');
  } catch (e) {
    return { ok: false, detail: `not available here: ${(e as Error).message.split('\n')[0]}` };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gzh-koffi-probe-'));
  const script = `
    const koffi = require('koffi');
    const lib = koffi.load(${JSON.stringify(so)});
    const connect = lib.func('void *chdb_connect(int argc, const char **argv)');
    const close = lib.func('void chdb_close_conn(void *conn)');
    const query = lib.func('void *chdb_query(void *conn, const char *q, const char *f)');
    const buf = lib.func('void *chdb_result_buffer(void *r)');
    const len = lib.func('size_t chdb_result_length(void *r)');
    const err = lib.func('const char *chdb_result_error(void *r)');
    const destroy = lib.func('void chdb_destroy_query_result(void *r)');
    const p = connect(2, ['chdb', ${JSON.stringify(`--path=${dir}`)}]);
    if (!p) { console.log('FAIL chdb_connect returned NULL'); process.exit(0); }
    const r = query(koffi.decode(p, 'void *'), 'SELECT 1 AS x', 'JSONEachRow');
    const e = err(r);
    console.log(e ? 'FAIL query: ' + e : 'OK ' + Buffer.from(koffi.view(buf(r), Number(len(r)))).toString().trim());
    destroy(r); close(p);`;
  const out = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
  rmSync(dir, { recursive: true, force: true });
  const line = out.stdout.trim().split('\n').pop() ?? '';
  const engine = (out.stderr.match(/Code: \d+\. DB::Exception: [^\n]*/)?.[0] ?? out.stderr.trim()).slice(
    0,
    300,
  );
  return line.startsWith('OK')
    ? { ok: true, detail: line }
    : { ok: false, detail: `${line || `exit ${out.status}`}${engine ? `; engine: ${engine}` : ''}` };
}

/** Bound reads in flight at once on 4 connections: how many answers carry another read's values. */
async function paramCheck(store: AnalyticsStore, n: number): Promise<number> {
  let wrong = 0;
  const batch = 200;
  for (let start = 0; start < n; start += batch) {
    const rows = await Promise.all(
      Array.from({ length: Math.min(batch, n - start) }, (_, j) => {
        const i = start + j;
        return store
          .query<{ v: number; s: string; n: number }>(
            'SELECT {v:UInt64} AS v, {s:String} AS s, count() AS n FROM numbers({k:UInt32})',
            { v: i, s: `s${i}`, k: 1 + (i % 5000) },
          )
          .then((r) => [i, r] as const);
      }),
    );
    for (const [i, r] of rows) {
      const row = r[0];
      if (!row || Number(row.v) !== i || row.s !== `s${i}` || Number(row.n) !== 1 + (i % 5000)) wrong++;
    }
  }
  return wrong;
}

export async function run(): Promise<void> {
  const o = scaleOptionsFromEnv();
  const { dataDir, manifest } = await ensureDataset(o, { progress: (m) => console.log(m) });
  const c = manifest.report.counts;
  const scale = `${c.accounts}/${c.articles}/${c.snapshots}`;
  const chPath = path.join(dataDir, 'clickhouse');
  console.log(`dataset ${dataDir}: ${scale} (accounts/articles/snapshots)`);

  const koffi = probeKoffi();
  console.log(`koffi (FFI, prebuilt) → libchdb.so: ${koffi.ok ? 'works' : 'does not work'}: ${koffi.detail}`);

  const setup = new ChdbPoolStore(chPath, { readConnections: 1 });
  const mixes: [string, Read[]][] = [
    ['all', await readMix(setup, manifest.options.nowMs, 20_000)],
    [
      'point',
      await readMix(setup, manifest.options.nowMs, 20_000, new Set(['card', 'history', 'latest', 'daily'])),
    ],
  ];
  await setup.close();

  const f = (x: number, d = 1) => x.toFixed(d);
  const results: string[] = [];
  let errors = 0;
  for (const [mix, reads] of mixes) {
    const byName = new Map<string, number>();
    for (const r of reads) byName.set(r.name, (byName.get(r.name) ?? 0) + 1);
    console.log(
      `\nmix "${mix}" (${reads.length} reads, seeded): ${[...byName].map(([k, v]) => `${k} ${((100 * v) / reads.length).toFixed(0)}%`).join(', ')}; ` +
        `${CONCURRENCY} callers, ${SECONDS} s per configuration in ${ROUNDS} slices`,
    );
    const configs: { label: string; store: AnalyticsStore; cursor: { i: number }; slices: Slice[] }[] = [
      ...[1, 2, 4].map((n) => ({
        label: `pool, ${n} read connection${n > 1 ? 's' : ''}`,
        store: new ChdbPoolStore(chPath, { readConnections: n }) as AnalyticsStore,
        cursor: { i: 0 },
        slices: [] as Slice[],
      })),
      { label: "today's store (one session)", store: new ChdbStore(chPath), cursor: { i: 0 }, slices: [] },
    ];
    try {
      // Interleaved in short slices, the order reversed every round: the load of the shared machine drifts, and
      // falls on every configuration alike.
      const sliceSeconds = SECONDS / ROUNDS;
      for (const c of configs) await slice(c.store, reads, Math.min(2, sliceSeconds), { i: 10_000 }); // warm-up
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? configs : [...configs].reverse();
        for (const c of order) c.slices.push(await slice(c.store, reads, sliceSeconds, c.cursor));
      }
    } finally {
      for (const c of configs) await c.store.close();
    }
    const [c1, c2, c4, binding] = configs.map((c) => figures(c.label, c.slices)) as [
      Figures,
      Figures,
      Figures,
      Figures,
    ];
    console.log(
      `  ${mix}: c1 ${f(c1.rps)}/s, c2 ${f(c2.rps)}/s (×${f(c2.rps / c1.rps, 2)}), c4 ${f(c4.rps)}/s ` +
        `(×${f(c4.rps / c1.rps, 2)}); today's store ${f(binding.rps)}/s (×${f(binding.rps / c1.rps, 2)}); ` +
        `load average ${f(os.loadavg()[0] ?? 0)}`,
    );
    errors += [c1, c2, c4, binding].reduce((a, x) => a + x.errors, 0);
    const k = mix === 'all' ? '' : `${mix}_`;
    results.push(
      `${k}c1=${f(c1.rps)} ${k}c2=${f(c2.rps)} ${k}c4=${f(c4.rps)} ${k}speedup2=${f(c2.rps / c1.rps, 2)} ` +
        `${k}speedup4=${f(c4.rps / c1.rps, 2)} ${k}today=${f(binding.rps)} ${k}p95_c1_ms=${f(c1.p95)} ` +
        `${k}p95_c4_ms=${f(c4.p95)} ${k}cores_c1=${f(c1.cores, 2)} ${k}cores_c4=${f(c4.cores, 2)}`,
    );
  }

  const checker = new ChdbPoolStore(chPath, { readConnections: 4 });
  let wrong: number;
  try {
    wrong = await paramCheck(checker, PARAM_CHECKS);
  } finally {
    await checker.close();
  }
  console.log(
    `\nbound parameters: ${PARAM_CHECKS} reads 200 at a time on 4 connections, ${wrong} answers with another read's values`,
  );
  console.log(
    `RESULT chdb-parallel scale=${scale} ${results.join(' ')} param_wrong=${wrong} errors=${errors} ` +
      `koffi=${koffi.ok ? 'ok' : 'fails'} load=c${CONCURRENCY}d${SECONDS}x${ROUNDS} loadavg=${f(os.loadavg()[0] ?? 0)}`,
  );
}
