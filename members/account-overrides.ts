import type { AnalyticsStore } from '../clickhouse/store';
import type { AccountOverride } from '../contract/shapes/monitor';
import type { MemberDb } from '../postgres/db';

/**
 * Manual industry (行业) overrides of accounts (monitor/v1 ManualSetMpAccountType). PostgreSQL keeps the record (who,
 * when, what the collectors said); ClickHouse account_overrides mirrors it, and the accounts_effective view applies it
 * wherever accounts are read (detail, searches, similar accounts, the stream's derived tables and rankings).
 */

/** The collectors' own industry of an account (not overridden); null when the account is not collected. */
export async function collectedMedia(store: AnalyticsStore, mid: number): Promise<string | null> {
  const [r] = await store.query<{ media: string }>(
    'SELECT media FROM accounts FINAL WHERE mid = {mid:UInt64}',
    { mid },
  );
  return r ? r.media : null;
}

/**
 * Sets (media) or clears (null) the override. The ClickHouse row's version is PostgreSQL's statement time of the
 * change, so of two racing admins the later change wins in both stores. The account's articles are marked dirty so
 * the stream recomputes their derived rows (article_metrics, account_stats) with the new industry on its next tick;
 * rankings pick it up at their next recomputation.
 */
export async function setAccountMedia(
  deps: { store: AnalyticsStore; db: MemberDb },
  f: { mid: number; media: string | null; collected: string; note: string; adminId: number },
): Promise<AccountOverride> {
  const [row] =
    f.media === null
      ? await deps.db.query<{ ms: number | string; at: string }>(
          `WITH d AS (DELETE FROM account_type_overrides WHERE mid = $1)
           SELECT floor(extract(epoch FROM statement_timestamp()) * 1000)::float8 AS ms,
                  to_char(statement_timestamp() AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS at`,
          [f.mid],
        )
      : await deps.db.query<{ ms: number | string; at: string }>(
          `INSERT INTO account_type_overrides (mid, media, previous_media, note, set_by, updated_at)
           VALUES ($1, $2, $3, $4, $5, statement_timestamp())
           ON CONFLICT (mid) DO UPDATE SET media = EXCLUDED.media, previous_media = EXCLUDED.previous_media,
             note = EXCLUDED.note, set_by = EXCLUDED.set_by, updated_at = EXCLUDED.updated_at
           RETURNING floor(extract(epoch FROM updated_at) * 1000)::float8 AS ms,
                     to_char(updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS at`,
          [f.mid, f.media, f.collected, f.note, f.adminId],
        );
  if (!row) throw new Error('override statement returned nothing');
  await deps.store.insert('account_overrides', [
    { mid: f.mid, media: f.media ?? '', is_deleted: f.media === null ? 1 : 0, updated_at: Number(row.ms) },
  ]);
  await deps.store.exec(
    `INSERT INTO analytics_dirty (mid, aid) SELECT mid, aid FROM articles FINAL WHERE mid = {mid:UInt64}`,
    { mid: f.mid },
  );
  return {
    mid: f.mid,
    media: f.media ?? f.collected,
    collected_media: f.collected,
    overridden: f.media === null ? 0 : 1,
    updated_at: row.at,
  };
}
