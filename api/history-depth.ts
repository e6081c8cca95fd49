import { historyStart } from '../members/membership';
import type { Member } from '../members/sessions';

/**
 * The one history-depth rule (spec §6, docs/members.md): no route lists an article published before the caller's
 * earliest day — 3, 3, 6, 12 or 18 months back (visitor, free, senior, deluxe, super) by the platform clock. The
 * caller is the session's member, a visitor, or the owner of an open-API key. Every route that lists articles
 * takes its first day from here: an asked day inside the depth is kept, an earlier one moves to the earliest day.
 */
export interface DepthWindow {
  /** First Beijing day (yyyy-mm-dd) the answer may cover. */
  start: string;
  /** The caller's earliest day. */
  earliest: string;
  /** True when the caller asked for earlier days than their level shows. */
  limited: boolean;
}

export function depthWindow(member: Member | null, nowMs: number, asked?: string | null): DepthWindow {
  const earliest = historyStart(member, new Date(nowMs));
  const limited = asked !== undefined && asked !== null && asked < earliest;
  return { start: asked && !limited ? asked : earliest, earliest, limited };
}
