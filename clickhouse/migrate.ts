import path from 'node:path';
import type { Logger } from '../core/log';
import { readMigrations } from '../core/migration-files';
import type { AnalyticsStore } from './store';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

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

/**
 * The cluster variant of one statement (CLICKHOUSE_CLUSTER set): each table becomes a Replicated
 * `<name>_local` on every node plus a Distributed `<name>` sharded by its first sorting column, so
 * everything that reads or inserts by name stays unchanged; materialized views hang off the local
 * tables, so each shard derives from its own rows; plain views are created on every node as they are.
 */
export function clusterVariant(stmt: string, cluster: string): string[] {
  const table = stmt.match(/^CREATE TABLE IF NOT EXISTS (\w+) \(/);
  if (table) {
    const name = table[1] as string;
    const local = `${name}_local`;
    const engine = stmt.match(/ENGINE = (\w*MergeTree)(?:\(([^)]*)\))?/);
    if (!engine) throw new Error(`no MergeTree engine in ${name}`);
    const args = engine[2]?.trim();
    const replicated = `ENGINE = Replicated${engine[1]}('/clickhouse/tables/{shard}/{database}/${local}', '{replica}'${args ? `, ${args}` : ''})`;
    const orderBy = stmt.match(/ORDER BY \(?\s*(\w+)/);
    const shardKey = orderBy ? `cityHash64(${orderBy[1]})` : 'rand()';
    return [
      stmt
        .replace(
          `CREATE TABLE IF NOT EXISTS ${name} (`,
          `CREATE TABLE IF NOT EXISTS ${local} ON CLUSTER ${cluster} (`,
        )
        .replace(engine[0], replicated),
      `CREATE TABLE IF NOT EXISTS ${name} ON CLUSTER ${cluster} AS ${local} ENGINE = Distributed(${cluster}, currentDatabase(), ${local}, ${shardKey})`,
    ];
  }
  const mv = stmt.match(
    /^CREATE MATERIALIZED VIEW IF NOT EXISTS (\w+) TO (\w+) AS\s+([\s\S]*\bFROM\s+)(\w+)([\s\S]*)$/,
  );
  if (mv) {
    return [
      `CREATE MATERIALIZED VIEW IF NOT EXISTS ${mv[1]} ON CLUSTER ${cluster} TO ${mv[2]}_local AS ${mv[3]}${mv[4]}_local${mv[5]}`,
    ];
  }
  // A new column goes on the local tables and on the Distributed table in front of them.
  const addColumn = stmt.match(/^ALTER TABLE (\w+) (ADD COLUMN [\s\S]*)$/);
  if (addColumn)
    return [
      `ALTER TABLE ${addColumn[1]}_local ON CLUSTER ${cluster} ${addColumn[2]}`,
      `ALTER TABLE ${addColumn[1]} ON CLUSTER ${cluster} ${addColumn[2]}`,
    ];
  // A mutation rewrites the rows where they are: on every shard's local table.
  const mutation = stmt.match(/^ALTER TABLE (\w+) (UPDATE [\s\S]*)$/);
  if (mutation) return [`ALTER TABLE ${mutation[1]}_local ON CLUSTER ${cluster} ${mutation[2]}`];
  // A view dropped to be recreated: on every node, where the cluster variant created it.
  const dropView = stmt.match(/^DROP VIEW IF EXISTS (\w+)$/);
  if (dropView) return [`DROP VIEW IF EXISTS ${dropView[1]} ON CLUSTER ${cluster}`];
  // A backfill reads and writes the Distributed tables by name: run once, from the migrating node.
  if (/^INSERT INTO \w+\s/.test(stmt)) return [stmt];
  // A plain view reads the Distributed tables by name, so it only needs to exist on every node.
  const view = stmt.match(/^CREATE VIEW IF NOT EXISTS (\w+) AS\s/);
  if (view) {
    return [
      stmt.replace(
        `CREATE VIEW IF NOT EXISTS ${view[1]} AS`,
        `CREATE VIEW IF NOT EXISTS ${view[1]} ON CLUSTER ${cluster} AS`,
      ),
    ];
  }
  throw new Error(`no cluster variant for: ${stmt.slice(0, 80)}`);
}

/** Applies pending migrations in order and records each in schema_migrations. */
export async function migrateClickHouse(
  store: AnalyticsStore,
  log: Logger,
  cluster?: string,
): Promise<number> {
  const statements = (sql: string) =>
    cluster ? splitStatements(sql).flatMap((s) => clusterVariant(s, cluster)) : splitStatements(sql);
  // On a cluster the record is replicated to every node (one path for all shards), not sharded.
  await store.exec(
    cluster
      ? `CREATE TABLE IF NOT EXISTS schema_migrations ON CLUSTER ${cluster} (
           version UInt32, name String, checksum String, applied_at DateTime DEFAULT now()
         ) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{database}/schema_migrations', '{replica}')
         ORDER BY version`
      : `CREATE TABLE IF NOT EXISTS schema_migrations (
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
    for (const stmt of statements(m.sql)) await store.exec(stmt);
    await store.insert('schema_migrations', [{ version: m.version, name: m.name, checksum: m.checksum }]);
    log.info({ migration: m.name }, 'clickhouse migration applied');
    applied++;
  }
  return applied;
}
