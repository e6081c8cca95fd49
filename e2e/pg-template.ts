import { createLogger } from '../platform/log';
import { openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { databaseUrl, pgServerReachable, serverQuery, throwawayDatabase } from './postgres';

/**
 * The browser tier runs its platforms on the PostgreSQL server, as a deployment at scale does (the api tier runs
 * them on PGlite, the embedded default, so both member stores carry the whole platform in the suite). A migrated
 * database is made once per run; each platform gets a copy (CREATE DATABASE … TEMPLATE, a file copy on the server).
 * Opening PGlite in a test process cost some 9 s of CPU (its WASM Postgres starting and answering the platform's
 * first queries on the same thread as the app); the server does that work in its own processes, on the other core.
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
