import type { CrawlProgressMessage } from '../../bus/messages';
import type { AnalyticsStore } from '../../clickhouse/store';

/** Where a crawl request stands, as the stream wrote the collectors' reports into crawl_progress. */
export type Progress = Pick<CrawlProgressMessage, 'state' | 'message' | 'percent'> & {
  request_id: string;
  result: string;
};

export async function progressOf(
  store: AnalyticsStore,
  requestIds: string[],
): Promise<Map<string, Progress>> {
  const rows = await store.query<Progress>(
    `SELECT request_id, state, message, percent, result FROM crawl_progress FINAL
     WHERE request_id IN {ids:Array(String)}`,
    { ids: requestIds },
  );
  return new Map(rows.map((r) => [r.request_id, r]));
}
