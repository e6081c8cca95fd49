import type { MemberDb } from '../postgres/db';
import { newToken, sha256 } from './tokens';

export interface ApiKeyRow {
  id: number;
  prefix: string;
  name: string;
  created_at: string;
  revoked: boolean;
}

/** The PostgreSQL server hands a bigint back as text, PGlite as a number: the answer has a number either way. */
const numbered = (r: ApiKeyRow): ApiKeyRow => ({ ...r, id: Number(r.id) });

/** API keys: shown once at creation, stored as sha256, revocable. At most 5 active keys per member. */
export const MAX_ACTIVE_KEYS = 5;

/** How much of a key is kept in clear to tell keys apart (api_keys.prefix, ledger references). */
export const KEY_PREFIX_CHARS = 10;

/** A key as records show it: its prefix and an ellipsis. */
export const maskKey = (key: string) => `${key.slice(0, KEY_PREFIX_CHARS)}…`;

/**
 * A request URL fit for the ledger (shown in records and exports): its query read as the API reads it (names and
 * values decoded, so no escaping hides a key) with every `key` masked, then encoded again (PostgreSQL text holds no
 * NUL). Migration 0117 masked the rows written before.
 */
export function maskKeyInUrl(url: string): string {
  const u = new URL(url);
  const query = [...u.searchParams]
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${k === 'key' ? maskKey(encodeURIComponent(v)) : encodeURIComponent(v)}`,
    )
    .join('&');
  return `${u.origin}${u.pathname}${query ? `?${query}` : ''}`;
}

export class ApiKeys {
  constructor(private db: MemberDb) {}

  async create(userId: number, name: string): Promise<{ key: string; row: ApiKeyRow } | null> {
    const key = `gzh_${newToken(24)}`;
    const rows = await this.db.query<ApiKeyRow>(
      `INSERT INTO api_keys (user_id, key_hash, prefix, name)
       SELECT $1, $2, $3, $4
       WHERE (SELECT count(*) FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL) < $5
       RETURNING id, prefix, name, to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at,
                 false AS revoked`,
      [userId, sha256(key), key.slice(0, KEY_PREFIX_CHARS), name, MAX_ACTIVE_KEYS],
    );
    return rows[0] ? { key, row: numbered(rows[0]) } : null;
  }

  async list(userId: number): Promise<ApiKeyRow[]> {
    const rows = await this.db.query<ApiKeyRow>(
      `SELECT id, prefix, name, to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at,
              revoked_at IS NOT NULL AS revoked
       FROM api_keys WHERE user_id = $1 ORDER BY id DESC`,
      [userId],
    );
    return rows.map(numbered);
  }

  async revoke(userId: number, id: number): Promise<boolean> {
    const r = await this.db.query(
      'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING 1',
      [id, userId],
    );
    return r.length === 1;
  }

  /** The member behind a key, or null. */
  async resolve(key: string | undefined): Promise<number | null> {
    if (!key || key.length > 100) return null;
    const [r] = await this.db.query<{ user_id: number }>(
      'SELECT user_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
      [sha256(key)],
    );
    return r ? Number(r.user_id) : null;
  }
}
