import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../platform/log';
import type { AnalyticsStore } from './store';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

/** Reads NNNN_name.sql files in order; shared by the ClickHouse and PostgreSQL migrators. */
export function readMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const sql = readFileSync(path.join(dir, f), 'utf8');
      return {
        version: Number(f.slice(0, 4)),
        name: f.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex').slice(0, 16),
      };
    });
}

/** Splits a migration into statements at semicolons that end a line (no procedural SQL here). */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) =>
      s
        .split('\n')
        .filter((l) => !l.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((s) => s.length > 0);
}

/** Applies pending migrations in order and records each in schema_migrations. */
export async function migrateClickHouse(store: AnalyticsStore, log: Logger): Promise<number> {
  await store.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version UInt32, name String, checksum String, applied_at DateTime DEFAULT now()
     ) ENGINE = ReplacingMergeTree ORDER BY version`,
  );
  const done = new Map(
    (
      await store.query<{ version: number; checksum: string }>(
        'SELECT version, checksum FROM schema_migrations FINAL',
      )
    ).map((r) => [Number(r.version), r.checksum]),
  );
  let applied = 0;
  for (const m of readMigrations(MIGRATIONS_DIR)) {
    const prev = done.get(m.version);
    if (prev !== undefined) {
      if (prev !== m.checksum)
        log.warn({ migration: m.name }, 'applied migration differs from the file on disk');
      continue;
    }
    for (const stmt of splitStatements(m.sql)) await store.exec(stmt);
    await store.insert('schema_migrations', [{ version: m.version, name: m.name, checksum: m.checksum }]);
    log.info({ migration: m.name }, 'clickhouse migration applied');
    applied++;
  }
  return applied;
}
