import { abortChaos, runChaos } from './chaos/run';

/**
 * `npm run chaos`: the random-kill run of issue #12 (see e2e/chaos/run.ts). CHAOS_SEED (default: random),
 * CHAOS_ROUNDS (kill -9 rounds, default 3), CHAOS_SECONDS (load phase, default 120). Ends with one RESULT line.
 */
const int = (name: string, fallback: number, min: number) => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`${name}="${v}" 无效：必须是不小于 ${min} 的整数\n`);
    process.exit(2);
  }
  return n;
};
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.once(sig, () => {
    console.log(`[chaos] ${sig}: stopping the run's processes and servers`);
    void abortChaos().finally(() => process.exit(130));
  });
const seed = int('CHAOS_SEED', Math.floor(Math.random() * 2 ** 31), 0);
const r = await runChaos({
  seed,
  rounds: int('CHAOS_ROUNDS', 3, 2),
  seconds: int('CHAOS_SECONDS', 120, 30),
  kafkaRestart: true,
  pgRestart: true,
  outage: true,
  print: (line) => console.log(line),
});
console.log(
  `RESULT chaos kills=${r.kills} lost=${r.lost} duplicates=${r.duplicates} restarts_kafka=${r.restartsKafka} ` +
    `restarts_pg=${r.restartsPg} outages=${r.outages} failed_checks=${r.failures.length} seconds=${r.seconds} seed=${r.seed}`,
);
process.exit(r.lost === 0 && r.duplicates === 0 && r.failures.length === 0 ? 0 : 1);
