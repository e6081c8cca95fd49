import type { ReadKey } from '../clickhouse/keyed-reads';
import type { AnalyticsStore, QueryParams } from '../clickhouse/store';

/**
 * The API's view of the analytics store with a short-lived cache of read results (API_CACHE_MS). Every figure the
 * API shows is refreshed by the analytics processor once per tick (ANALYTICS_TICK_MS, 5 s) at best, so a read
 * answered from a result at most `ttlMs` old shows what a member would have seen a moment earlier; meanwhile the
 * hot lists, rankings and the detail page's shared lookups (one account is read by every tab) cost one query per
 * TTL instead of one per request. Concurrent identical reads share one query (single flight). A result past its TTL
 * but younger than twice the TTL is still answered while one read refreshes it in the background (stale while
 * revalidate), so a hot list's readers do not all wait on its refresh; no answer is older than twice the TTL.
 *
 * Invalidation: a write through this store (the API's own inserts and statements: overrides, keywords…) drops
 * every cached result, so the API reads its own writes at once. Inserts into an event log the API only appends to
 * (page_views: one per route change of every visitor) drop only the results that read that table, or they would
 * empty the cache on every page a visitor opens. Failed reads are not kept. Results over
 * `maxRows` rows (exports, large pages) are not kept; at most `maxEntries` results, the oldest dropped first.
 */
/** Append-only event tables: a view or query reads them only by name. */
const EVENT_TABLES = new Set(['page_views']);

export function cachedReads(
  store: AnalyticsStore,
  ttlMs: number,
  opts: { maxEntries?: number; maxRows?: number } = {},
): AnalyticsStore & { cacheSize: () => number } {
  const maxEntries = opts.maxEntries ?? 2000;
  const maxRows = opts.maxRows ?? 2000;
  type Entry = {
    at: number;
    rows: Promise<Record<string, unknown>[]>;
    done?: Record<string, unknown>[];
    /** The background refresh in flight, if any: a reader past the stale window waits for it, not a new read. */
    refreshing?: Promise<Record<string, unknown>[]>;
  };
  const entries = new Map<string, Entry>();
  // Bumped by every write: a read that started before the write must not store its (older) result. The event
  // table of each write since (null: any table) tells whether a read is affected.
  let epoch = 0;
  const writes: { epoch: number; table: string | null }[] = [];
  const reads = (sql: string, table: string) => new RegExp(`\\b${table}\\b`).test(sql);
  const invalidate = (table: string | null) => {
    epoch++;
    writes.push({ epoch, table });
    if (writes.length > 256) writes.shift();
    if (table === null) entries.clear();
    else for (const key of [...entries.keys()]) if (reads(key, table)) entries.delete(key);
  };
  const writtenSince = (started: number, sql: string) =>
    started < epoch &&
    ((writes[0]?.epoch ?? 0) > started + 1 ||
      writes.some((w) => w.epoch > started && (w.table === null || reads(sql, w.table))));
  // Callers may reshape the rows they get: each gets its own array and row objects.
  const copy = <T>(rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r })) as T[];

  const keep = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  /**
   * Reads from the engine and keeps the result under `key` unless a write happened meanwhile. `pending` registers
   * the read at once, for concurrent readers to share; a refresh leaves the stale entry in place until it lands.
   */
  const load = (
    key: string,
    sql: string,
    fetch: () => Promise<Record<string, unknown>[]>,
    pending: boolean,
  ) => {
    const started = epoch;
    const rows = fetch();
    const entry: Entry = { at: Date.now(), rows };
    if (pending) keep(key, entry);
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    rows.then((result) => {
      if (writtenSince(started, sql) || result.length > maxRows) return forget();
      entry.done = result;
      entry.at = Date.now();
      keep(key, entry);
    }, forget);
    return rows;
  };

  /** One cached read: a fresh hit, a stale hit refreshed behind it, a shared read in flight, or a new read. */
  const read = async <T>(key: string, sql: string, fetch: () => Promise<Record<string, unknown>[]>) => {
    const hit = entries.get(key);
    const age = hit ? Date.now() - hit.at : 0;
    if (hit?.done && age < 2 * ttlMs) {
      if (age >= ttlMs && !hit.refreshing) {
        const refresh = load(key, sql, fetch, false);
        hit.refreshing = refresh;
        // The refresh replaces this entry when it lands; a failed one leaves it for the next reader to retry.
        refresh.catch(() => {
          if (hit.refreshing === refresh) hit.refreshing = undefined;
        });
      }
      return copy<T>(hit.done);
    }
    // Past the stale window with its refresh still queued behind other reads (the engine runs bound queries one
    // at a time): wait for that refresh instead of queueing the same read again.
    if (hit?.refreshing) return copy<T>(await hit.refreshing);
    if (hit && !hit.done) return copy<T>(await hit.rows);
    return copy<T>(await load(key, sql, fetch, true));
  };

  return {
    kind: store.kind,
    cacheSize: () => entries.size,
    query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
      const key = params ? `${sql}\u0000${JSON.stringify(params)}` : sql;
      return read<T>(key, sql, () => store.query(sql, params));
    },
    // Cached per key: the misses of concurrent readers reach the engine as one batched read.
    queryByKey<T = Record<string, unknown>>(sql: string, k: ReadKey, params?: QueryParams): Promise<T[]> {
      const key = `${sql}\u0000${JSON.stringify(params ?? {})}\u0000${typeof k}:${k}`;
      return read<T>(key, sql, () => store.queryByKey(sql, k, params));
    },
    async exec(sql: string, params?: QueryParams): Promise<void> {
      try {
        await store.exec(sql, params);
      } finally {
        invalidate(null);
      }
    },
    async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
      try {
        await store.insert(table, rows);
      } finally {
        invalidate(EVENT_TABLES.has(table) ? table : null);
      }
    },
    stream: <T = Record<string, unknown>>(sql: string, params?: QueryParams) => store.stream<T>(sql, params),
    close: () => store.close(),
  };
}
