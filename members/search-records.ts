import type { MemberDb } from '../postgres/db';

/** A member's search history holds the newest this many distinct (kind, keyword) pairs. */
const SEARCH_RECORDS_KEPT = 200;

/** How many records search_record shows. */
const SEARCH_RECORDS_SHOWN = 20;

/**
 * Records a member's search: a repeat moves its time (one row per kind and keyword, see migration 0114); only a
 * new keyword adds a row, and then the oldest past the newest 200 go.
 */
export async function recordSearch(db: MemberDb, userId: number, kw: string, kind: string): Promise<void> {
  if (!kw) return;
  const [row] = await db.query<{ added: boolean }>(
    `INSERT INTO search_records (user_id, kw, kind) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, kind, kw) DO UPDATE SET created_at = now()
     RETURNING (xmax = 0) AS added`,
    [userId, kw, kind],
  );
  if (!row?.added) return;
  await db.query(
    `DELETE FROM search_records WHERE id IN
       (SELECT id FROM search_records WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2)`,
    [userId, SEARCH_RECORDS_KEPT],
  );
}

/** The member's newest searches, newest first. */
export function searchRecords(
  db: MemberDb,
  userId: number,
): Promise<{ kw: string; kind: string; created_at: string }[]> {
  return db.query(
    // Ordered by the stored time (s.created_at), not by the output column of the same name (a string to the second).
    `SELECT kw, kind, to_char(s.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
     FROM search_records AS s WHERE user_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT $2`,
    [userId, SEARCH_RECORDS_SHOWN],
  );
}

/** Forgets all of the member's searches. */
export async function clearSearchRecords(db: MemberDb, userId: number): Promise<void> {
  await db.query('DELETE FROM search_records WHERE user_id = $1', [userId]);
}
