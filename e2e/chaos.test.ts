import { describe, expect, it } from 'vitest';
import { runChaos } from './chaos/run';
import { kafkaTestGate } from './kafka';
import { pgServerReachable } from './postgres';

/**
 * The reduced chaos run (`npm run chaos` is the full one, with private broker and PostgreSQL cluster restarts and an
 * upstream outage): kill -9 of the api+stream process and of a collector, each restarted, under load; nothing
 * accepted lost, nothing doubled. It runs on the shared broker (its own topic prefix) and the shared PostgreSQL
 * server (its own database), as it restarts neither.
 */
const run = (await kafkaTestGate('chaos test')) && ((await pgServerReachable()) || process.env.CI === 'true');

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
