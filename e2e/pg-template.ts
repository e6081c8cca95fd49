import { createLogger } from '../core/log';
import { openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { databaseUrl, pgServerReachable, serverQuery, throwawayDatabase } from './postgres';

/**
 * Platforms started by the api and browser tiers keep their member store on the PostgreSQL server, as a deployment
 * at scale does; PGlite, the embedded default, carries the whole platform in e2e/pipeline.test.ts and e2e/cli.test.ts
 * and the member store in the app-level sweeps and the member tests. A migrated database is made once per run; each
 * platform gets a copy (CREATE DATABASE … TEMPLATE, a file copy on the server). PGlite in a test process cost some
 * 3–9 s of CPU per platform (its WASM Postgres starting and answering the platform's queries on the app's thread);
 * measured on e2e/analytics.test.ts, the file took 20.9 instead of 23.9 CPU-s (3 runs each).
 */
const ENV = 'GZH_TEST_PG_TEMPLATE';

/** Vitest global setup: makes the template database when the server is up, and names it to the test processes. */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env[ENV] || !(await pgServerReachable())) return async () => {};
  const name = `gzh_template_${process.pid}_${Date.now()}`;
  await serverQuery(`CREATE DATABASE ${name}`);
  const db = await openMemberDb({ databaseUrl: databaseUrl(name), dataDir: '' });
  await migrateMemberDb(db, createLogger('silent'));
  await db.close();
  process.env[ENV] = name;
  return async () => {
    delete process.env[ENV];
    await serverQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

/** A copy of the run's template database, dropped by `drop`; null when this run made none (PGlite is used). */
export async function templateCopy(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const template = process.env[ENV];
  return template ? throwawayDatabase(template) : null;
}
