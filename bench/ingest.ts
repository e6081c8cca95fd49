import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Bus, BusRecord } from '../bus/bus';
import { KafkaBus } from '../bus/kafka-bus';
import { MemoryBus } from '../bus/memory-bus';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { KAFKA_TEST_BROKERS, kafkaReachable, uniquePrefix } from '../e2e/kafka';
import { rows, StreamWriter } from '../stream/writer';
import { benchDataset } from './api-world';

/**
 * Metric snapshots per second from the bus to queryable in ClickHouse (in-process bus and Kafka),
 * against the ceiling: a bare batched insert of the same rows into the same chDB table.
 * BENCH_INGEST_ON=scale writes into a copy of the scale generator's dataset (SCALE; removed afterwards) instead of
 * empty tables: every run then adds its rows to the 100M snapshots already there, and is counted by the difference.
 */
export async function run(): Promise<void> {
  const n = Number(process.env.BENCH_ROWS ?? 1_000_000);
  const log = createLogger('warn');
  const records: BusRecord<'snapshots'>[] = [];
  for (let i = 0; i < n; i++) {
    const mid = 3_000_000_000 + (i % 5000);
    const article = Math.floor(i / 5000) % 40;
    const poll = Math.floor(i / 200_000);
    const read = 100 + article * 37 + poll * 11;
    records.push({
      key: String(mid),
      value: {
        aid: `2247480000_${article % 8}${article}`,
        mid,
        ts: 1_760_000_000 + poll * 60 + (i % 3),
        read,
        zan: read >> 5,
        looking: read >> 7,
        share: read >> 6,
        comment: read >> 9,
      },
    });
  }
  const scale = process.env.BENCH_INGEST_ON === 'scale' ? await benchDataset('ingestbench') : null;
  const store = new ChdbStore(
    scale ? path.join(scale.dataDir, 'clickhouse') : path.join(tempDir('bench-ingest'), 'ch'),
  );
  await migrateClickHouse(store, log);
  const count = async () =>
    Number((await store.query<{ n: string }>('SELECT count() AS n FROM article_snapshots'))[0]?.n ?? 0);
  // Rows already there (the scale dataset's): each run is counted by what it adds, and empty tables are emptied again.
  const existing = await count();
  let before = existing;
  const queryable = async () => (await count()) - before;
  const reset = async () => {
    if (scale) {
      before = await count();
      return;
    }
    await store.exec('TRUNCATE TABLE article_snapshots');
    await store.exec('TRUNCATE TABLE article_latest');
  };

  // Ceiling: the same rows, batched, straight into chDB.
  const BATCH = 20_000;
  const t = performance.now();
  for (let i = 0; i < n; i += BATCH)
    await store.insert(
      'article_snapshots',
      records.slice(i, i + BATCH).map((r) => rows.snapshot(r.value)),
    );
  const ceilingS = (performance.now() - t) / 1000;
  const ceiling = Math.round(n / ceilingS);
  if ((await queryable()) < n) throw new Error('ceiling run lost rows');
  await reset();

  // On the scale dataset nothing is emptied between runs: each run's rows get their own article ids, or the table
  // (replacing by article and time) would merge them with the previous run's.
  let run = 0;
  const viaBus = async (bus: Bus) => {
    run++;
    const mine = scale
      ? records.map((r) => ({ ...r, value: { ...r.value, aid: `${run}${r.value.aid}` } }))
      : records;
    const writer = new StreamWriter(bus, store, log);
    await writer.start();
    const start = performance.now();
    for (let i = 0; i < n; i += 5000) await bus.publish('snapshots', mine.slice(i, i + 5000));
    await bus.drain();
    const s = (performance.now() - start) / 1000;
    await writer.stop();
    const got = await queryable();
    if (got < n) throw new Error(`lost rows: ${got} of ${n}`);
    await reset();
    return { s, perS: Math.round(n / s) };
  };

  const mem = await viaBus(new MemoryBus(log));
  let kafkaLine = 'kafka: skipped (no broker at 127.0.0.1:19092; `npm run kafka:local` starts one)';
  let kafkaPerS: number | null = null;
  if (await kafkaReachable()) {
    const bus = await KafkaBus.connect(
      { brokers: KAFKA_TEST_BROKERS, prefix: uniquePrefix('bench-ingest'), clientId: 'bench', partitions: 8 },
      log,
    );
    const k = await viaBus(bus);
    await bus.close();
    kafkaPerS = k.perS;
    kafkaLine = `kafka bus → chDB: ${k.s.toFixed(2)} s, ${k.perS} rows/s (ratio ${(k.perS / ceiling).toFixed(2)})`;
  }
  await store.close();
  if (scale) rmSync(scale.dataDir, { recursive: true, force: true });

  console.log(
    `dataset: ${n} metric snapshots (${5000} accounts × 40 articles × polls)${scale ? `, written into a copy of the ${scale.scale} scale dataset (${existing} snapshots before)` : ''}`,
  );
  console.log(
    `ceiling (batched insert into chDB, ${BATCH}/batch): ${ceilingS.toFixed(2)} s, ${ceiling} rows/s`,
  );
  console.log(
    `in-process bus → chDB: ${mem.s.toFixed(2)} s, ${mem.perS} rows/s (ratio ${(mem.perS / ceiling).toFixed(2)})`,
  );
  console.log(kafkaLine);
  console.log(
    `RESULT ingest${scale ? ` on=scale-${scale.scale}` : ''} rows_per_s=${mem.perS} ratio_to_ceiling=${(mem.perS / ceiling).toFixed(2)} ceiling_rows_per_s=${ceiling}${kafkaPerS === null ? '' : ` kafka_rows_per_s=${kafkaPerS} kafka_ratio_to_ceiling=${(kafkaPerS / ceiling).toFixed(2)}`}`,
  );
}
