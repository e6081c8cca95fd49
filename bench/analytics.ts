import { rmSync } from 'node:fs';
import path from 'node:path';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import { addDays, beijingDay, PERIODS, periodStart } from '../core/periods';
import { tempDir } from '../e2e/harness';
import { refreshFakeReports } from '../stream/analytics/fake-reports';
import { computeRankings } from '../stream/analytics/rankings';
import { AnalyticsProcessor } from '../stream/analytics-processor';
import { benchDataset } from './api-world';
import { DEFAULT_SEED, generateScale } from './scale/generate';

/**
 * Analytics at 100,000 accounts: (1) a full recomputation of every ranking (all types, day/week/month) over
 * the generated history, against the steady-state run of the running periods only; (2) how far behind real
 * time the incremental path runs while snapshots arrive at the ingest benchmark's rate.
 *
 * BENCH_ACCOUNTS (100000), BENCH_DAYS (35), BENCH_RATE (rows/s, 119330 = the ingest benchmark's chDB figure),
 * BENCH_SECONDS (30).
 *
 * BENCH_ANALYTICS_ON=scale runs on a copy of the scale generator's dataset instead (SCALE; 18 months, 10M articles
 * at full size; removed afterwards), already processed by the generator: the full recomputation is then the
 * generator's own figure, and this run times the running periods and the lag of the incremental path over it.
 */
export async function run(): Promise<void> {
  const scale = process.env.BENCH_ANALYTICS_ON === 'scale' ? await benchDataset('analyticsbench') : null;
  let accounts = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
  const days = Number(process.env.BENCH_DAYS ?? 35);
  const rate = Number(process.env.BENCH_RATE ?? 119_330);
  const seconds = Number(process.env.BENCH_SECONDS ?? 30);
  const log = createLogger('warn');
  const nowMs = scale ? scale.nowMs : Date.parse('2026-11-01T21:30:00+08:00');
  const today = beijingDay(nowMs);
  const first = addDays(today, -(days - 1));
  const store = new ChdbStore(
    scale ? path.join(scale.dataDir, 'clickhouse') : path.join(tempDir('bench-analytics'), 'ch'),
  );
  await migrateClickHouse(store, log);

  let t = performance.now();
  let articleCount: number;
  if (scale) {
    const [c] = await store.query<{ a: string; r: string }>(
      'SELECT (SELECT count() FROM accounts) AS a, (SELECT count() FROM articles) AS r',
    );
    accounts = Number(c?.a ?? 0);
    articleCount = Number(c?.r ?? 0);
    console.log(
      `dataset: a copy of the ${scale.scale} scale dataset, ${accounts} accounts, ${articleCount} articles`,
    );
  } else {
    // Population from the scale generator (bench/scale/generate.ts), raw facts only: the processor is timed below.
    // About one article per account and day, two snapshots each.
    const generated = await generateScale(
      store,
      {
        accounts,
        articles: accounts * days,
        snapshots: accounts * days * 2,
        months: days / 30.44,
        nowMs,
        seed: DEFAULT_SEED,
      },
      () => {},
      { derive: false },
    );
    articleCount = generated.counts.articles;
    const genS = (performance.now() - t) / 1000;
    console.log(
      `generated ${accounts} accounts, ${articleCount} articles over ${days} days and ${generated.counts.snapshots} snapshots in ${genS.toFixed(1)} s`,
    );
  }

  const processor = new AnalyticsProcessor(store, fixedClock(nowMs), log, {
    tickMs: 1000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 3_600_000,
  });
  t = performance.now();
  if (scale) {
    // The generator processed the history: resume after it, as a restarted processor would.
    await processor.loadWatermarks();
    const caught = await processor.tick();
    console.log(`first tick after the generator's: ${(caught.tookMs / 1000).toFixed(1)} s`);
  } else {
    const backfill = await processor.tick();
    console.log(
      `incremental path over the whole history (one tick): ${(backfill.tookMs / 1000).toFixed(1)} s`,
    );
  }

  // (1) Full recomputation: every period of every kind over the history, vs the running periods only. On the scale
  // dataset the generator did the full recomputation (its `rankings over 18 months` line).
  let fullS: number | null = null;
  const fullRuns = [];
  if (!scale) {
    t = performance.now();
    for (const p of PERIODS)
      fullRuns.push(await computeRankings(store, p, periodStart(p, first), today, Date.now()));
    fullS = (performance.now() - t) / 1000;
  }
  const [{ n: rankRows } = { n: '0' }] = await store.query<{ n: string }>(
    'SELECT count() AS n FROM rankings FINAL',
  );
  t = performance.now();
  const current = [];
  for (const p of PERIODS)
    current.push(await computeRankings(store, p, periodStart(p, today), today, Date.now()));
  const currentS = (performance.now() - t) / 1000;
  const ranked = [...fullRuns, ...current].find((r) => r.period === 'month')?.accounts ?? 0;
  console.log(
    `${fullS === null ? 'full recomputation: see the generator' : `full recomputation of rankings (5 types × day/week/month over ${days} days, ${rankRows} rows): ${fullS.toFixed(2)} s`}; running periods only: ${currentS.toFixed(2)} s; accounts in this month's ranking: ${ranked}`,
  );

  // (2) Lag of the incremental path with snapshots arriving at `rate` rows/s for `seconds`.
  const aids = await store.query<{ mid: string; aid: string; pub: string }>(
    `SELECT toString(mid) AS mid, aid, toUnixTimestamp(pubtime) AS pub FROM articles
     WHERE pubtime >= toDateTime({from:Date}) ORDER BY cityHash64(aid, mid) LIMIT 200000`,
    { from: addDays(today, -2) },
  );
  const batch = 20_000;
  const inserted: { at: number; rows: number }[] = [];
  let stop = false;
  const lags: number[] = [];
  const ticks: number[] = [];
  const stepMs: Record<string, number> = {};
  const loop = (async () => {
    while (!stop) {
      const start = Date.now();
      const r = await processor.tick();
      ticks.push(r.tookMs);
      for (const [k, v] of Object.entries(r.steps)) stepMs[k] = (stepMs[k] ?? 0) + v;
      // Every batch inserted before this tick's window closed is now in the derived tables.
      while (inserted.length > 0 && (inserted[0] as { at: number }).at <= r.window.toMs)
        lags.push(Date.now() - (inserted.shift() as { at: number }).at);
      await new Promise((res) => setTimeout(res, Math.max(0, 1000 - (Date.now() - start))));
    }
  })();
  const t0 = Date.now();
  let sent = 0;
  let poll = 0;
  while (Date.now() - t0 < seconds * 1000) {
    const due = ((Date.now() - t0) / 1000) * rate;
    if (sent >= due) {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    poll++;
    const rows = [];
    for (let i = 0; i < batch; i++) {
      const a = aids[(sent + i) % aids.length] as { mid: string; aid: string; pub: string };
      const reads = 1000 + poll * 10 + (i % 97);
      rows.push({
        mid: Number(a.mid),
        aid: a.aid,
        ts: Number(a.pub) + 7200 + poll * 60,
        reads,
        likes: reads >> 5,
        looking: reads >> 7,
        shares: reads >> 6,
        comments: 0,
      });
    }
    await store.insert('article_snapshots', rows);
    inserted.push({ at: Date.now(), rows: batch });
    sent += batch;
  }
  const achieved = Math.round(sent / ((Date.now() - t0) / 1000));
  // Let the processor catch up with what was sent.
  const drainStart = Date.now();
  while (inserted.length > 0 && Date.now() - drainStart < 120_000)
    await new Promise((r) => setTimeout(r, 100));
  stop = true;
  await loop;
  // Fake verdicts run on their own cadence (FAKE_EVERY_S, 60 s by default), so within this run they are timed as
  // one pass over every article that received snapshots during it.
  t = performance.now();
  const judged = await refreshFakeReports(
    store,
    { fromMs: t0 - 10_000, toMs: Date.now() },
    Math.floor(nowMs / 1000),
    Date.now(),
  );
  const fakeS = (performance.now() - t) / 1000;
  console.log(
    `fake verdicts over everything the run touched (${judged} articles judged, the rest too short a series): ${fakeS.toFixed(1)} s`,
  );
  console.log(
    `time per step over the ticks: ${Object.entries(stepMs)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  lags.sort((a, b) => a - b);
  const q = (p: number) =>
    lags.length ? (lags[Math.min(lags.length - 1, Math.floor(p * lags.length))] as number) : 0;
  const tickMed = [...ticks].sort((a, b) => a - b)[Math.floor(ticks.length / 2)] ?? 0;
  console.log(
    `incremental: ${sent} snapshots in ${seconds} s (${achieved} rows/s of ${rate} asked), ${ticks.length} ticks (median ${tickMed} ms); lag behind real time p50 ${(q(0.5) / 1000).toFixed(1)} s, p95 ${(q(0.95) / 1000).toFixed(1)} s, max ${(q(1) / 1000).toFixed(1)} s`,
  );
  await store.close();
  if (scale) rmSync(scale.dataDir, { recursive: true, force: true });
  const full =
    fullS === null
      ? `on=scale-${scale?.scale}`
      : `full_rank_s=${fullS.toFixed(2)} ratio_full_to_current=${(fullS / currentS).toFixed(1)}`;
  console.log(
    `RESULT analytics accounts=${accounts} articles=${articleCount} ${full} current_rank_s=${currentS.toFixed(2)} ingest_rows_per_s=${achieved} fake_pass_s=${fakeS.toFixed(1)} lag_p50_s=${(q(0.5) / 1000).toFixed(1)} lag_max_s=${(q(1) / 1000).toFixed(1)} ratio_to_ingest_rate=${(achieved / rate).toFixed(2)}`,
  );
}
