import path from 'node:path';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import type { QueryParams } from '../clickhouse/store';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';

/**
 * Disk per metric snapshot, for sizing ClickHouse (docs/deploy.md: shards per billion snapshots). Fills
 * article_snapshots with minute-level monitor series (BENCH_ARTICLES articles × BENCH_POLLS polls, counters that grow
 * like a real article's: fast at first, then slowly, with noise of up to 0.1% of the total per poll, which is
 * rougher than the simulator's curves, so the size errs high) directly in SQL, merges, and reads the compressed size from
 * system.parts. Baseline: the same rows uncompressed (the ratio is the compression). Also times one article's
 * series read (what a fake-traffic report does) against a full scan's count, both on the merged table.
 */
export async function run(): Promise<void> {
  const articles = Number(process.env.BENCH_ARTICLES ?? 5000);
  const polls = Number(process.env.BENCH_POLLS ?? 1440);
  const n = articles * polls;
  const store = new ChdbStore(path.join(tempDir('bench-storage'), 'ch'));
  await migrateClickHouse(store, createLogger('warn'));

  const t0 = performance.now();
  // Article k: 1/7 of accounts large; reads saturate towards a per-article total with τ ≈ 6 h of polls.
  await store.exec(
    `INSERT INTO article_snapshots (mid, aid, ts, reads, likes, looking, shares, comments)
     SELECT 3000000000 + intDiv(k, 4) AS mid,
            concat(toString(2247480000 + k), '_', toString(1 + k % 4)) AS aid,
            toDateTime(1760000000 + p * 60 + k % 60, 'Asia/Shanghai') AS ts,
            toUInt32(total * (1 - exp(-p / 360.0)) + cityHash64(k, p) % (1 + intDiv(total, 1000))) AS reads,
            toUInt32(reads / 40) AS likes, toUInt32(reads / 90) AS looking,
            toUInt32(reads / 70) AS shares, toUInt32(reads / 500) AS comments
     FROM (SELECT intDiv(number, {polls:UInt32}) AS k, number % {polls:UInt32} AS p,
                  if(k % 7 = 0, 100000, 3000) * (1 + cityHash64(k) % 10) AS total
           FROM numbers({n:UInt64}))`,
    { polls, n },
  );
  const insertS = (performance.now() - t0) / 1000;
  await store.exec('OPTIMIZE TABLE article_snapshots FINAL');

  const [parts] = await store.query<{ rows: string; compressed: string; uncompressed: string }>(
    `SELECT sum(rows) AS rows, sum(data_compressed_bytes) AS compressed, sum(data_uncompressed_bytes) AS uncompressed
     FROM system.parts WHERE database = currentDatabase() AND table = 'article_snapshots' AND active`,
  );
  const rows = Number(parts?.rows ?? 0);
  if (rows !== n) throw new Error(`expected ${n} rows, found ${rows}`);
  const compressed = Number(parts?.compressed);
  const uncompressed = Number(parts?.uncompressed);
  const bytesPerRow = compressed / rows;
  const gbPerBillion = (bytesPerRow * 1e9) / 2 ** 30;

  const median = async (sql: string, params: QueryParams, runs = 9) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await store.query(sql, params);
      ms.push(performance.now() - t);
    }
    return ms.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
  };
  const k = Math.floor(articles / 2);
  const seriesMs = await median(
    `SELECT ts, reads, likes FROM article_snapshots FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String} ORDER BY ts`,
    { mid: 3_000_000_000 + Math.floor(k / 4), aid: `${2_247_480_000 + k}_${1 + (k % 4)}` },
  );
  const scanMs = await median('SELECT sum(reads) FROM article_snapshots', {}, 3);
  await store.close();

  console.log(`rows: ${rows.toLocaleString('en')} (${articles} articles × ${polls} minute polls)`);
  console.log(
    `insert (SQL, in chDB): ${insertS.toFixed(1)} s = ${Math.round(n / insertS).toLocaleString('en')} rows/s`,
  );
  console.log(
    `article_snapshots on disk: ${(compressed / 2 ** 20).toFixed(1)} MiB compressed, ${(uncompressed / 2 ** 20).toFixed(1)} MiB uncompressed`,
  );
  console.log(
    `bytes per snapshot: ${bytesPerRow.toFixed(2)} → ${gbPerBillion.toFixed(1)} GiB per billion snapshots`,
  );
  console.log(
    `one article's series (report read): median ${seriesMs.toFixed(1)} ms; full scan sum(reads): ${scanMs.toFixed(1)} ms`,
  );
  console.log(
    `RESULT storage rows=${rows} bytes_per_row=${bytesPerRow.toFixed(2)} gib_per_billion=${gbPerBillion.toFixed(1)} compression_ratio=${(uncompressed / compressed).toFixed(1)} series_ms=${seriesMs.toFixed(1)} scan_ms=${scanMs.toFixed(1)} ratio_series_to_scan=${(seriesMs / scanMs).toFixed(3)}`,
  );
}
