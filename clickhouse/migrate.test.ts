import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../core/log';
import { readMigrations } from '../core/migration-files';
import { tempDir } from '../e2e/harness';
import { ChdbStore } from './chdb-store';
import { clusterVariant, migrateClickHouse, splitStatements } from './migrate';

/** A data backfill (INSERT … SELECT) in a migration: not DDL, so no ON CLUSTER. */
const isBackfill = (s: string) => /^INSERT INTO \w+\s/.test(s);

const log = createLogger('silent');

describe('ClickHouse migrations', () => {
  it('apply once on chDB, are recorded, and a second run applies nothing', async () => {
    const store = new ChdbStore(path.join(tempDir('ch-migrate'), 'ch'));
    try {
      const files = readMigrations(path.join(import.meta.dirname, 'migrations'));
      expect(await migrateClickHouse(store, log)).toBe(files.length);
      expect(await migrateClickHouse(store, log)).toBe(0);
      const rows = await store.query<{ version: number }>(
        'SELECT version FROM schema_migrations FINAL ORDER BY version',
      );
      // Versions as the files number them (a reserved number may be missing on a branch).
      expect(rows.map((r) => Number(r.version))).toEqual(files.map((m) => m.version));
    } finally {
      await store.close();
    }
  });

  it('have a cluster variant for every statement: Replicated locals behind Distributed tables', () => {
    const sql = readFileSync(path.join(import.meta.dirname, 'migrations/0001_core.sql'), 'utf8');
    const out = splitStatements(sql).flatMap((s) => clusterVariant(s, 'gzh'));
    const snapshots = out.filter((s) => s.includes('article_snapshots'));
    expect(snapshots[0]).toMatch(/^CREATE TABLE IF NOT EXISTS article_snapshots_local ON CLUSTER gzh \(/);
    expect(snapshots[0]).toContain(
      "ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/article_snapshots_local', '{replica}')",
    );
    expect(snapshots[1]).toBe(
      'CREATE TABLE IF NOT EXISTS article_snapshots ON CLUSTER gzh AS article_snapshots_local ENGINE = Distributed(gzh, currentDatabase(), article_snapshots_local, cityHash64(mid))',
    );
    const accounts = out.find((s) => s.startsWith('CREATE TABLE IF NOT EXISTS accounts_local'));
    expect(accounts).toContain("'{replica}', updated_at)");
    const mv = out.find((s) => s.startsWith('CREATE MATERIALIZED VIEW IF NOT EXISTS article_latest_mv'));
    expect(mv).toMatch(
      /ON CLUSTER gzh TO article_latest_local AS SELECT[\s\S]*FROM article_snapshots_local\s+GROUP BY/,
    );
    for (const s of out) expect(s).toMatch(/ON CLUSTER gzh/);
  });

  it('cluster variant of every migration file; the band index and video views hang off local tables', () => {
    for (const m of readMigrations(path.join(import.meta.dirname, 'migrations')))
      for (const s of splitStatements(m.sql).flatMap((x) => clusterVariant(x, 'gzh')))
        if (!isBackfill(s)) expect(s, m.name).toMatch(/ON CLUSTER gzh/);
    const sql = readFileSync(path.join(import.meta.dirname, 'migrations/0006_similar_video.sql'), 'utf8');
    const out = splitStatements(sql).flatMap((s) => clusterVariant(s, 'gzh'));
    expect(out).toContain(
      'CREATE TABLE IF NOT EXISTS article_bands ON CLUSTER gzh AS article_bands_local ENGINE = Distributed(gzh, currentDatabase(), article_bands_local, cityHash64(band))',
    );
    expect(out.find((s) => s.includes('article_bands_mv'))).toMatch(
      /TO article_bands_local AS SELECT[\s\S]*FROM article_signatures_local\s+ARRAY JOIN bands AS band$/,
    );
    expect(out.find((s) => s.includes('video_latest_mv'))).toMatch(
      /TO video_latest_local AS SELECT[\s\S]*FROM video_snapshots_local\s+GROUP BY/,
    );
    expect(out.find((s) => s.startsWith('CREATE TABLE IF NOT EXISTS video_account_stats_local'))).toContain(
      "'{replica}', version)",
    );
  });

  it('have a cluster variant for every statement of every migration, views included', () => {
    const all = readMigrations(path.join(import.meta.dirname, 'migrations')).flatMap((m) =>
      splitStatements(m.sql).flatMap((s) => clusterVariant(s, 'gzh')),
    );
    for (const s of all) if (!isBackfill(s)) expect(s).toMatch(/ON CLUSTER gzh/);
    // A backfill runs once, through the Distributed tables, so each row lands on its account's shard.
    const backfill = all.filter(isBackfill);
    expect(backfill).toEqual([
      expect.stringMatching(/^INSERT INTO account_articles\s[\s\S]*FROM articles$/),
      expect.stringMatching(/^INSERT INTO account_cards\s[\s\S]*FROM accounts$/),
    ]);
    const hits = all.filter((s) => /keyword_hits(_local)? ON CLUSTER/.test(s));
    expect(hits[0]).toContain(
      "ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/keyword_hits_local', '{replica}', version, is_deleted)",
    );
    expect(hits[1]).toContain(
      'ENGINE = Distributed(gzh, currentDatabase(), keyword_hits_local, cityHash64(keyword))',
    );
    const mv = all.find((s) => s.startsWith('CREATE MATERIALIZED VIEW IF NOT EXISTS article_text_dirty_mv'));
    expect(mv).toMatch(/TO article_text_dirty_local AS SELECT[\s\S]*FROM articles_local\s+GROUP BY/);
    const view = all.find((s) => s.startsWith('CREATE VIEW IF NOT EXISTS keyword_daily'));
    expect(view).toMatch(
      /^CREATE VIEW IF NOT EXISTS keyword_daily ON CLUSTER gzh AS\s+SELECT[\s\S]*FROM keyword_hits FINAL/,
    );
  });
});
