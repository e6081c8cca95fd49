import path from 'node:path';
import type { Logger } from '../core/log';
import { readMigrations } from '../core/migration-files';
import type { MemberDb } from './db';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Applies pending SQL migrations in order, each in its own transaction, recorded in schema_migrations. */
export async function migrateMemberDb(db: MemberDb, log: Logger): Promise<number> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now())`);
  // Serialise concurrent starters (several api replicas) on one advisory lock.
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727274001)');
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    let applied = 0;
    for (const m of readMigrations(MIGRATIONS_DIR)) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
      log.info({ migration: m.name }, 'postgres migration applied');
      applied++;
    }
    return applied;
  });
}
