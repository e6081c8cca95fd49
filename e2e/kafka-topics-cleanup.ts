import { Kafka, logLevel } from 'kafkajs';
import { KAFKA_TEST_BROKERS, kafkaReachable } from './kafka';

/**
 * Vitest global setup: deletes the topics that test runs made on the shared broker. Every Kafka test names its topics
 * with a unique prefix (`uniquePrefix`, the short chaos run's `chaos.<pid>.<ms>.`), and a broker that kept them all
 * held some 900 partition directories after a few runs, which it keeps scanning while idle. Topics of this run are
 * deleted at teardown; at setup only those older than a day (a run that was killed), so a run beside this one keeps its
 * topics.
 */
/** Prefixes without a time (older runs) count as made at time 0. */
const TEST_TOPIC = /^(?:test\.[^.]+|chaos)\.\d+\.(?:(\d{13})\.)?/;
const ENV = 'GZH_TEST_KAFKA_CLEANUP';

async function deleteTopics(keep: (createdMs: number) => boolean): Promise<number> {
  const admin = new Kafka({ brokers: KAFKA_TEST_BROKERS, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const doomed = (await admin.listTopics()).filter((t) => {
      const m = TEST_TOPIC.exec(t);
      return m !== null && !keep(Number(m[1] ?? 0));
    });
    // Small batches: one request naming hundreds of topics can outlast the broker's request timeout.
    for (let i = 0; i < doomed.length; i += 50)
      await admin.deleteTopics({ topics: doomed.slice(i, i + 50), timeout: 30_000 });
    return doomed.length;
  } finally {
    await admin.disconnect();
  }
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // The unit and api tiers both list this setup: a run of both cleans once.
  if (process.env[ENV] || !(await kafkaReachable())) return undefined;
  const startedAt = Date.now();
  process.env[ENV] = String(startedAt);
  await deleteTopics((created) => created > startedAt - 86_400_000);
  return async () => {
    await deleteTopics((created) => created < startedAt).catch((e: Error) =>
      console.warn(`[kafka] test topics not deleted: ${e.message}`),
    );
  };
}
