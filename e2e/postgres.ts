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

/** A throwaway database on the server (a copy of `template` when given), dropped afterwards. */
export async function throwawayDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gzh_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await serverQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrl(name),
    drop: () => serverQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The URL of database `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's maintenance database (CREATE and DROP DATABASE). */
export async function serverQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_SERVER });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
