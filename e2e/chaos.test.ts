import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChaos } from './chaos/run';

/**
 * The reduced chaos run (`npm run chaos` is the full one): kill -9 of the api+stream process and of a collector,
 * each restarted, under load; nothing accepted lost, nothing doubled. It needs the PostgreSQL binaries (for its
 * private cluster) and the cached Kafka of `npm run kafka:local` (for its private broker).
 */
const kafkaCached = existsSync(
  path.join(process.env.KAFKA_HOME ?? path.join(homedir(), '.cache/gzh-kafka'), 'kafka-3.9.1/libs/.complete'),
);
const pgBinaries = existsSync('/usr/lib/postgresql/15/bin/initdb');
const run = (kafkaCached && pgBinaries) || process.env.CI === 'true';
if (!run)
  console.warn('[chaos test] skipped: needs /usr/lib/postgresql/15/bin and `npm run kafka:local` once');

describe.runIf(run)('chaos: kill -9 of each role under load', () => {
  it('loses nothing and doubles nothing', { timeout: 600_000 }, async () => {
    const r = await runChaos({
      seed: Number(process.env.CHAOS_SEED ?? 20261125),
      rounds: 2,
      seconds: 30,
      kafkaRestart: false,
      pgRestart: false,
      outage: false,
      print: (line) => console.log(line),
    });
    expect(r.kills).toBe(2);
    expect(r.failures).toEqual([]);
    expect(r.findings.length).toBeGreaterThan(10);
    expect(r.lost).toBe(0);
    expect(r.duplicates).toBe(0);
  });
});
