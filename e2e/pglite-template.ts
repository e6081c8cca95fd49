import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../core/log';
import { openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';

/**
 * A migrated PGlite cluster made once per test run, copied into each test's data directory before the platform or
 * the test app opens it. Creating a PGlite cluster (initdb in WASM) and migrating it took about 2 s of CPU, and the
 * suite opens some 70 of them; a copy of the closed cluster opens as an existing one. The first-start path (initdb
 * and every migration on an empty directory) stays tested by postgres/db.test.ts, the CLI tests and `npm start`.
 */
const ENV = 'GZH_TEST_PGLITE_TEMPLATE';

/** Vitest global setup: makes the template and hands its path to the test processes through the environment. */
export default async function setup(): Promise<() => void> {
  // The api and browser tiers both list this setup: a run of both makes the template once.
  const made = process.env[ENV];
  if (made && existsSync(made)) return () => {};
  const dir = mkdtempSync(path.join(tmpdir(), 'gzh-pglite-template-'));
  const db = await openMemberDb({ dataDir: dir });
  await migrateMemberDb(db, createLogger('silent'));
  await db.close();
  process.env[ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Copies the template into `dataDir` when a run made one and the directory is new; otherwise PGlite makes it. */
export function seedMemberDataDir(dataDir: string): void {
  const template = process.env[ENV];
  if (!template || !existsSync(template) || existsSync(dataDir)) return;
  cpSync(template, dataDir, { recursive: true });
}
