import type { ReadKey } from './keyed-reads';

/** Values bound server-side as {name:Type} placeholders; user input never enters SQL text. */
export type QueryParams = Record<string, string | number | boolean | null | readonly (string | number)[]>;

/**
 * The one analytics-store client every component uses. The embedded implementation is chDB;
 * a ClickHouse server implementation sits behind the same interface.
 */
export interface AnalyticsStore {
  readonly kind: 'chdb' | 'clickhouse';
  /** Runs a read query and returns its rows as objects. */
  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]>;
  /**
   * Runs a read for one key, batched with concurrent calls of the same SQL and parameters (keyed-reads.ts): the
   * SQL takes `{keys:Array(T)}` and returns each row's key in a `key` column; the rows of `key` come back.
   */
  queryByKey<T = Record<string, unknown>>(sql: string, key: ReadKey, params?: QueryParams): Promise<T[]>;
  /** Runs a statement that returns nothing (DDL, INSERT … SELECT). */
  exec(sql: string, params?: QueryParams): Promise<void>;
  /** Streams a read query's rows without holding the whole result (exports, full recomputations). */
  stream<T = Record<string, unknown>>(sql: string, params?: QueryParams): AsyncIterable<T>;
  /** Inserts rows (objects keyed by column name) in one batch. */
  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
  close(): Promise<void>;
}
