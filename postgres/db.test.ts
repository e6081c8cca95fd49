import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { PG_SERVER, pgServerReachable, throwawayDatabase } from '../e2e/postgres';
import { type MemberDb, openMemberDb } from './db';
import { migrateMemberDb } from './migrate';

const log = createLogger('silent');
const reachable = await pgServerReachable();
if (!reachable) console.warn(`[postgres server tests] skipped: ${PG_SERVER} is not reachable`);
// CI starts PostgreSQL, so there an unreachable server is a failure rather than a skip.
const requireServer = process.env.CI === 'true';

const engines: [string, () => Promise<{ db: MemberDb; cleanup: () => Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const db = await openMemberDb({ dataDir: tempDir('pglite') });
      return { db, cleanup: () => db.close() };
    },
  ],
  [
    'PostgreSQL server',
    async () => {
      const s = await throwawayDatabase();
      const db = await openMemberDb({ databaseUrl: s.url, dataDir: '' });
      return {
        db,
        cleanup: async () => {
          await db.close();
          await s.drop();
        },
      };
    },
  ],
];

describe.each(engines)('member store on %s', (name, open) => {
  const skip = name === 'PostgreSQL server' && !reachable && !requireServer;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it.skipIf(skip)('applies migrations once, records them, and runs transactions', async () => {
    const { db, cleanup } = await open();
    cleanups.push(cleanup);
    expect(await migrateMemberDb(db, log)).toBeGreaterThan(0);
    expect(await migrateMemberDb(db, log)).toBe(0);
    const versions = await db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(versions[0]?.version).toBe(1);

    const [u] = await db.query<{ id: string }>(
      'INSERT INTO users (phone, name) VALUES ($1, $2) RETURNING id',
      ['13800000000', '测试用户'],
    );
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO account_groups (user_id, name) VALUES ($1, $2)', [u?.id, '默认分组']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.query('SELECT * FROM account_groups')).toHaveLength(0);
    // Parameters are bound, so a quote in a value is just a character.
    const [g] = await db.query<{ name: string }>(
      'INSERT INTO account_groups (user_id, name) VALUES ($1, $2) RETURNING name',
      [u?.id, "x'); DROP TABLE users; --"],
    );
    expect(g?.name).toBe("x'); DROP TABLE users; --");
    expect(await db.query('SELECT id FROM users')).toHaveLength(1);
  });
});
