import type { Config } from '../core/config';
import type { Logger } from '../core/log';
import type { Bus } from './bus';
import { KafkaBus } from './kafka-bus';
import { MemoryBus } from './memory-bus';

/** Kafka when KAFKA_BROKERS is set, the in-process bus otherwise. */
export async function openBus(config: Config, log: Logger): Promise<Bus> {
  if (!config.KAFKA_BROKERS) return new MemoryBus(log);
  return KafkaBus.connect(
    {
      brokers: config.KAFKA_BROKERS,
      prefix: config.KAFKA_TOPIC_PREFIX,
      clientId: `gzh-${config.ROLE.join('-')}-${process.pid}`,
      partitions: config.KAFKA_PARTITIONS,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
      sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_S * 1000,
    },
    log,
  );
}
