import { Kafka, logLevel } from 'kafkajs';

/** The local broker of `npm run kafka:local` (or KAFKA_TEST_BROKERS). */
export const KAFKA_TEST_BROKERS = (process.env.KAFKA_TEST_BROKERS ?? '127.0.0.1:19092').split(',');

export async function kafkaReachable(): Promise<boolean> {
  const admin = new Kafka({
    brokers: KAFKA_TEST_BROKERS,
    logLevel: logLevel.NOTHING,
    retry: { retries: 0 },
    connectionTimeout: 1500,
  }).admin();
  try {
    await admin.connect();
    await admin.listTopics();
    return true;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/** Kafka tests run where a broker is reachable; in CI (`npm run test:setup` starts one) they must. */
export async function kafkaTestGate(label: string): Promise<boolean> {
  const up = await kafkaReachable();
  if (!up && process.env.CI !== 'true') {
    console.warn(
      `[${label}] skipped: no Kafka at ${KAFKA_TEST_BROKERS.join(',')} (start one with \`npm run kafka:local\`)`,
    );
  }
  return up || process.env.CI === 'true';
}

/**
 * The test run's tag in topic names: set by e2e/kafka-topics-cleanup.ts, which deletes this run's topics (and only
 * them: a test run beside it keeps its own) when the run ends; `x` outside a run.
 */
export const testRunTag = () => process.env.GZH_TEST_KAFKA_RUN ?? 'x';

export const uniquePrefix = (label: string) => `test.${label}.${testRunTag()}.${process.pid}.${Date.now()}.`;
