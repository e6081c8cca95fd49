import { type ClickHouseClient, createClient } from '@clickhouse/client';
import { keyedBatches } from './keyed-reads';
import type { AnalyticsStore, QueryParams } from './store';

/**
 * A ClickHouse server or cluster over HTTP (@clickhouse/client), behind the same interface as chDB.
 * The database is the URL's path (http://user:pass@host:8123/analytics), default `default`.
 */
export class ServerStore implements AnalyticsStore {
  readonly kind = 'clickhouse' as const;
  private client: ClickHouseClient;

  constructor(url: string, opts: { readonly?: boolean } = {}) {
    const u = new URL(url);
    const database = u.pathname.replace(/^\//, '') || 'default';
    u.pathname = '/';
    this.client = createClient({
      url: u.toString(),
      database,
      request_timeout: 60_000,
      clickhouse_settings: opts.readonly
        ? { readonly: '1' }
        : { date_time_input_format: 'best_effort', async_insert: 0 },
    });
  }

  async ping(): Promise<void> {
    const r = await this.client.ping();
    if (!r.success) throw r.error;
  }

  async query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
    const rs = await this.client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
    return rs.json<T>();
  }

  readonly queryByKey = keyedBatches((sql, params) => this.query(sql, params));

  async *stream<T = Record<string, unknown>>(sql: string, params?: QueryParams): AsyncIterable<T> {
    const rs = await this.client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
    for await (const rows of rs.stream()) for (const row of rows) yield row.json<T>();
  }

  async exec(sql: string, params?: QueryParams): Promise<void> {
    await this.client.command({ query: sql, query_params: params });
  }

  async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.client.insert({ table, values: rows as Record<string, unknown>[], format: 'JSONEachRow' });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
