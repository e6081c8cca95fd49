import type { AnalyticsStore, QueryParams } from '../clickhouse/store';

/**
 * The API's view of the analytics store with a short-lived cache of read results (API_CACHE_MS). Every figure the
 * API shows is refreshed by the analytics processor once per tick (ANALYTICS_TICK_MS, 5 s) at best, so a read
 * answered from a result at most `ttlMs` old shows what a member would have seen a moment earlier; meanwhile the
 * hot lists, rankings and the detail page's shared lookups (one account is read by every tab) cost one query per
 * TTL instead of one per request. Concurrent identical reads share one query (single flight).
 *
 * Invalidation: a write through this store (the API's own inserts and statements: overrides, page views…) drops
 * every cached result, so the API reads its own writes at once. Failed reads are not kept. Results over
 * `maxRows` rows (exports, large pages) are not kept; at most `maxEntries` results, the oldest dropped first.
 */
export function cachedReads(
  store: AnalyticsStore,
  ttlMs: number,
  opts: { maxEntries?: number; maxRows?: number } = {},
): AnalyticsStore & { cacheSize: () => number } {
  const maxEntries = opts.maxEntries ?? 2000;
  const maxRows = opts.maxRows ?? 2000;
  const entries = new Map<string, { at: number; rows: Promise<Record<string, unknown>[]> }>();
  // Bumped by every write: a read that started before the write must not store its (older) result.
  let epoch = 0;
  const invalidate = () => {
    epoch++;
    entries.clear();
  };
  // Callers may reshape the rows they get: each gets its own array and row objects.
  const copy = <T>(rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r })) as T[];

  return {
    kind: store.kind,
    cacheSize: () => entries.size,
    async query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
      const key = params ? `${sql}\u0000${JSON.stringify(params)}` : sql;
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return copy<T>(await hit.rows);
      const started = epoch;
      const rows = store.query<Record<string, unknown>>(sql, params);
      entries.delete(key);
      entries.set(key, { at: now, rows });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      const drop = () => {
        if (entries.get(key)?.rows === rows) entries.delete(key);
      };
      try {
        const result = await rows;
        if (epoch !== started || result.length > maxRows) drop();
        return copy<T>(result);
      } catch (e) {
        drop();
        throw e;
      }
    },
    async exec(sql: string, params?: QueryParams): Promise<void> {
      try {
        await store.exec(sql, params);
      } finally {
        invalidate();
      }
    },
    async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
      try {
        await store.insert(table, rows);
      } finally {
        invalidate();
      }
    },
    stream: <T = Record<string, unknown>>(sql: string, params?: QueryParams) => store.stream<T>(sql, params),
    close: () => store.close(),
  };
}
