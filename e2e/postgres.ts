import pg from 'pg';

/** The real PostgreSQL server of the tests, and throwaway databases on it. */

export const PG_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function pgServerReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_SERVER, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A throwaway database on the server, dropped afterwards. */
export async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gzh_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: PG_SERVER });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
