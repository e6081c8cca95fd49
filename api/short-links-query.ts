import { randomBytes } from 'node:crypto';
import type { MemberDb } from '../postgres/db';

/**
 * Our own short links (long-to-short link tool): PostgreSQL `short_links`, one code per member and link, so
 * shortening the same link twice gives the same code and each member sees only their own. GET /t/<code> redirects.
 */
export const SHORT_CODE_RE = /^[0-9A-Za-z]{6}$/;
/** Links one member may keep. */
export const SHORT_LINKS_PER_MEMBER = 1000;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 6 characters of 62: 5.7 × 10^10 codes; a collision is retried with a fresh code. */
function newCode(): string {
  const bytes = randomBytes(6);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % 62];
  return s;
}

export interface ShortLinkRow {
  code: string;
  url: string;
  hits: number;
  created_at: string;
}

/** The member's code for `url`, made if new; 'limit' when the member keeps SHORT_LINKS_PER_MEMBER already. */
export async function shortenLink(
  db: MemberDb,
  userId: number,
  url: string,
): Promise<{ code: string; created: boolean } | 'limit'> {
  return db.transaction(async (tx) => {
    // One member's creations in turn, so the limit and the one-code-per-link rule hold under concurrency.
    await tx.query('SELECT pg_advisory_xact_lock(727274107, $1::int)', [userId % 2_147_483_647]);
    const [seen] = await tx.query<{ code: string }>(
      'SELECT code FROM short_links WHERE user_id = $1 AND url = $2',
      [userId, url],
    );
    if (seen) return { code: seen.code, created: false };
    const [n] = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM short_links WHERE user_id = $1',
      [userId],
    );
    if ((n?.n ?? 0) >= SHORT_LINKS_PER_MEMBER) return 'limit' as const;
    for (;;) {
      const [made] = await tx.query<{ code: string }>(
        `INSERT INTO short_links (code, user_id, url) VALUES ($1, $2, $3)
         ON CONFLICT (code) DO NOTHING RETURNING code`,
        [newCode(), userId, url],
      );
      if (made) return { code: made.code, created: true };
    }
  });
}

/** A member's short links, newest first. */
export async function listShortLinks(
  db: MemberDb,
  userId: number,
  page: number,
  num: number,
): Promise<{ total: number; rows: ShortLinkRow[] }> {
  const [t] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM short_links WHERE user_id = $1', [
    userId,
  ]);
  const rows = await db.query<ShortLinkRow>(
    `SELECT code, url, hits::int AS hits,
       to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
     FROM short_links AS s WHERE user_id = $1 ORDER BY s.created_at DESC, s.code LIMIT $2 OFFSET $3`,
    [userId, num, (page - 1) * num],
  );
  return { total: t?.n ?? 0, rows: rows.map((r) => ({ ...r, hits: Number(r.hits) })) };
}

/** The link behind a code, counting the visit (the redirect); null for an unknown code. */
export async function followShortLink(db: MemberDb, code: string): Promise<string | null> {
  const [r] = await db.query<{ url: string }>(
    'UPDATE short_links SET hits = hits + 1 WHERE code = $1 RETURNING url',
    [code],
  );
  return r?.url ?? null;
}

/** The link behind a code, without counting a visit (short-to-long lookups). */
export async function lookupShortLink(db: MemberDb, code: string): Promise<string | null> {
  const [r] = await db.query<{ url: string }>('SELECT url FROM short_links WHERE code = $1', [code]);
  return r?.url ?? null;
}
