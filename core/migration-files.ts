import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A numbered migration file: NNNN_name.sql, with a checksum that catches an edited, already applied file. */
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
