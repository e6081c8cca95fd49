import type { EngineMemoryRow } from '../core/metrics';
import type { AnalyticsStore } from './store';

/**
 * The engine's own memory, from `system.metrics`: `MemoryTracking` (everything its allocator tracks: queries,
 * caches, parts' metadata) and each cache that holds anything (marks, uncompressed blocks, primary index, query
 * condition cache …). Embedded (chDB) this is memory of our own process, so it is how to tell a cache that fills
 * to its limit from a leak in the JavaScript heap; against a server it is the server's.
 */
export async function engineMemory(store: AnalyticsStore): Promise<EngineMemoryRow[]> {
  const rows = await store.query<{ metric: string; value: string | number }>(
    `SELECT metric, value FROM system.metrics
     WHERE metric = 'MemoryTracking' OR (metric LIKE '%CacheBytes' AND value > 0)
     ORDER BY metric`,
  );
  return rows.map((r) => ({ kind: r.metric, bytes: Number(r.value) }));
}
