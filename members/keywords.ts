import type { MemberDb } from '../postgres/db';

/**
 * A member's subscribed keywords (舆情关键词, user_keywords): at most 20 per member, unique per member. The API
 * mirrors every change into ClickHouse's keyword_terms (api/keywords-query.ts syncKeywordTerms).
 */

/** How many keywords a member may subscribe. */
export const KEYWORDS_PER_MEMBER = 20;

export interface MemberKeyword {
  id: number;
  keyword: string;
}

export async function memberKeywords(db: MemberDb, userId: number): Promise<MemberKeyword[]> {
  const rows = await db.query<{ id: number | string; keyword: string }>(
    'SELECT id, keyword FROM user_keywords WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((r) => ({ id: Number(r.id), keyword: r.keyword }));
}

/**
 * Whether any member subscribes the term, and PostgreSQL's statement time of the check in ms (the mirror's
 * version: of two racing changes the one that saw the later state wins).
 */
export async function termSubscribed(
  db: MemberDb,
  keyword: string,
): Promise<{ active: boolean; at: number }> {
  const [state] = await db.query<{ active: boolean; ms: number | string }>(
    `SELECT EXISTS (SELECT 1 FROM user_keywords WHERE keyword = $1) AS active,
            floor(extract(epoch FROM statement_timestamp()) * 1000)::float8 AS ms`,
    [keyword],
  );
  return { active: Boolean(state?.active), at: Number(state?.ms) };
}

/** The member's keywords with the time each was added, in the order added (userkeyword GET). */
export async function keywordList(
  db: MemberDb,
  userId: number,
): Promise<{ id: number; keyword: string; created_at: string }[]> {
  const rows = await db.query<{ id: number; keyword: string; created_at: string }>(
    `SELECT id, keyword, to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
     FROM user_keywords WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Subscribes a keyword: its id, or null when the member has it already or holds the most allowed. */
export async function addKeyword(db: MemberDb, userId: number, keyword: string): Promise<number | null> {
  const [r] = await db.query<{ id: number }>(
    `INSERT INTO user_keywords (user_id, keyword)
     SELECT $1, $2 WHERE (SELECT count(*) FROM user_keywords WHERE user_id = $1) < $3
     ON CONFLICT (user_id, keyword) DO NOTHING RETURNING id`,
    [userId, keyword, KEYWORDS_PER_MEMBER],
  );
  return r ? Number(r.id) : null;
}

/** Changes one of the member's keywords: the previous term, null when it is not theirs, 'exists' for a duplicate. */
export async function modifyKeyword(
  db: MemberDb,
  userId: number,
  id: number,
  keyword: string,
): Promise<string | null | 'exists'> {
  try {
    // The CTE reads the row as it was before the update: the previous term may lose its last subscriber.
    const [r] = await db.query<{ previous: string }>(
      `WITH old AS (SELECT keyword FROM user_keywords WHERE id = $1 AND user_id = $2)
       UPDATE user_keywords SET keyword = $3 WHERE id = $1 AND user_id = $2
       RETURNING (SELECT keyword FROM old) AS previous`,
      [id, userId, keyword],
    );
    return r ? r.previous : null;
  } catch (e) {
    if ((e as { code?: string }).code === '23505') return 'exists';
    throw e;
  }
}

/** Drops one of the member's keywords: the term, or null when it is not theirs. */
export async function deleteKeyword(db: MemberDb, userId: number, id: number): Promise<string | null> {
  const [r] = await db.query<{ keyword: string }>(
    'DELETE FROM user_keywords WHERE id = $1 AND user_id = $2 RETURNING keyword',
    [id, userId],
  );
  return r ? r.keyword : null;
}
