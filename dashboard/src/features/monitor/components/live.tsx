// Pieces of the real-time monitors: the polling status line and the growth of a counter since the page opened.
import { useRef } from 'react';
import { formatTotal } from '../../../lib/format';

/** How often the real-time monitors re-read their figures. */
export const LIVE_EVERY_MS = 5_000;

const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });

export function LiveStatus({ updatedAt, fetching }: { updatedAt: number; fetching: boolean }) {
  return (
    <span className="live-status" data-testid="live-status">
      <span className="live-dot" />
      实时更新中（每 {LIVE_EVERY_MS / 1000} 秒）
      {updatedAt > 0 && <span data-testid="live-updated">最近更新 {clock(updatedAt)}</span>}
      {fetching && <span>刷新中…</span>}
    </span>
  );
}

/**
 * The first value seen of every counter (by key), so a cell can show how much it grew while the page is open.
 * Kept in a ref: it only grows, and re-renders come from the polling query.
 */
export function useBaseline() {
  const seen = useRef(new Map<string, number>());
  return (key: string, value: number): number => {
    const first = seen.current.get(key);
    if (first === undefined) {
      seen.current.set(key, value);
      return 0;
    }
    return value - first;
  };
}

/** A counter with its growth since the page opened ("12,345 ↑120"). */
export function LiveCount({ value, growth, testId }: { value: number; growth: number; testId?: string }) {
  return (
    <span data-testid={testId}>
      {formatTotal(value)}
      {growth > 0 && <span className="live-figure-up">↑{formatTotal(growth)}</span>}
    </span>
  );
}
