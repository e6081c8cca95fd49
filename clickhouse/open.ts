import path from 'node:path';
import type { Config } from '../core/config';
import type { Logger } from '../core/log';
import { insertedRows } from '../core/metrics';
import { ChdbPoolStore } from './chdb-pool-store';
import { ChdbStore } from './chdb-store';
import { migrateClickHouse } from './migrate';
import { ServerStore } from './server-store';
import type { AnalyticsStore } from './store';

export class ClickHouseUnreachableError extends Error {}

/**
 * A ClickHouse server when CLICKHOUSE_URL is set, chDB under DATA_DIR otherwise (with CHDB_READ_CONNECTIONS
 * connections for reads, or one session when 0); migrated before use.
 */
export async function openAnalyticsStore(config: Config, log: Logger): Promise<AnalyticsStore> {
  let store: AnalyticsStore;
  if (config.CLICKHOUSE_URL) {
    const server = new ServerStore(config.CLICKHOUSE_URL);
    try {
      await server.ping();
    } catch (e) {
      await server.close();
      const u = new URL(config.CLICKHOUSE_URL);
      throw new ClickHouseUnreachableError(
        `无法连接 ClickHouse (CLICKHOUSE_URL=${u.protocol}//${u.host}${u.pathname})：${(e as Error).message}`,
      );
    }
    store = server;
  } else {
    const dir = path.join(config.dataDir, 'clickhouse');
    store =
      config.CHDB_READ_CONNECTIONS > 0
        ? new ChdbPoolStore(dir, { readConnections: config.CHDB_READ_CONNECTIONS })
        : new ChdbStore(dir);
  }
  try {
    await migrateClickHouse(store, log, config.CLICKHOUSE_CLUSTER);
  } catch (e) {
    await store.close();
    throw e;
  }
  return countingInserts(store);
}

/** The same store, counting inserted rows per table for /metrics (the insert rate of the stream role). */
function countingInserts(store: AnalyticsStore): AnalyticsStore {
  return {
    kind: store.kind,
    query: (sql, params) => store.query(sql, params),
    queryByKey: (sql, key, params) => store.queryByKey(sql, key, params),
    exec: (sql, params) => store.exec(sql, params),
    stream: (sql, params) => store.stream(sql, params),
    insert: async (table, rows) => {
      await store.insert(table, rows);
      insertedRows.inc({ table }, rows.length);
    },
    close: () => store.close(),
  };
}
