import { Kafka, logLevel } from 'kafkajs';
import { KAFKA_TEST_BROKERS, kafkaReachable } from './kafka';

/**
 * Vitest global setup: deletes the topics that this test run made on the shared broker. Every Kafka test names its
 * topics with a unique prefix that carries the run's tag (`uniquePrefix`, the short chaos run's `chaos.<run>.<pid>.<ms>.`),
 * and a broker that kept them all held some 900 partition directories after a few runs, which it keeps scanning while
 * idle. This run's topics are deleted at teardown, and only they: a run beside this one (a developer's single file
 * while the suite runs) keeps its own. At setup, test topics older than a day go too (runs that were killed), and
 * those named before the tag existed.
 */
const ENV = 'GZH_TEST_KAFKA_RUN';
const TAGGED = /^(?:test\.[^.]+|chaos)\.(r\d+|x)\.\d+\.(\d{13})\./;
const UNTAGGED = /^(?:test\.[^.]+|chaos)\.\d+\.(?:\d{13}\.)?/;

async function deleteTopics(doomed: (topic: string) => boolean): Promise<void> {
  const admin = new Kafka({ brokers: KAFKA_TEST_BROKERS, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter(doomed);
    // Small batches: one request naming hundreds of topics can outlast the broker's request timeout.
    for (let i = 0; i < topics.length; i += 50)
      await admin.deleteTopics({ topics: topics.slice(i, i + 50), timeout: 30_000 });
  } finally {
    await admin.disconnect();
  }
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  // The unit and api tiers both list this setup: a run of both tags and cleans once.
  if (process.env[ENV] || !(await kafkaReachable())) return undefined;
  const tag = `r${Date.now()}`;
  process.env[ENV] = tag;
  const dayAgo = Date.now() - 86_400_000;
  await deleteTopics((t) => {
    const m = TAGGED.exec(t);
    if (m) return Number(m[2]) < dayAgo;
    return UNTAGGED.test(t);
  });
  return async () => {
    await deleteTopics((t) => TAGGED.exec(t)?.[1] === tag).catch((e: Error) =>
      console.warn(`[kafka] test topics not deleted: ${e.message}`),
    );
  };
}
