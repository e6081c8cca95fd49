import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The one relational-store client: PGlite (Postgres in WASM) by default, a PostgreSQL server when
 * DATABASE_URL is set. Same SQL dialect on both; parameters are always bound ($1, $2, …).
 */
export type Tx = Pick<MemberDb, 'query' | 'exec'>;

export interface MemberDb {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction on one connection. */
  transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

class PgliteDb implements MemberDb {
  readonly kind = 'pglite' as const;
  constructor(private db: PGlite) {}
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.db.query<T>(sql, params)).rows;
  }
  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }
  async transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    return this.db.transaction((tx) =>
      fn({
        query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
        exec: async (sql: string) => {
          await tx.exec(sql);
        },
      }),
    );
  }
  async close(): Promise<void> {
    await this.db.close();
  }
}

/**
 * The server cannot be reached or is restarting: at start-up the process stops with this one line; while running,
 * callers answer "try again" (503), not an internal error.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown, message = `PostgreSQL unavailable: ${(cause as Error)?.message ?? cause}`) {
    super(message, { cause });
  }
}

/** Errors of a server that is down or restarting (refused, cut off, shutting down, starting up). */
function unavailable(e: unknown): boolean {
  const code = String((e as { code?: unknown })?.code ?? '');
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03'].includes(code) ||
    code.startsWith('08') ||
    /Connection terminated|timeout exceeded when trying to connect|connection error/i.test(
      (e as Error)?.message ?? '',
    )
  );
}

const classify = (e: unknown) => (unavailable(e) ? new DatabaseUnavailableError(e) : e);
const rethrow = (e: unknown): never => {
  throw classify(e);
};

class ServerDb implements MemberDb {
  readonly kind = 'postgres' as const;
  constructor(private pool: pg.Pool) {}
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params).catch(rethrow)).rows as T[];
  }
  async exec(sql: string): Promise<void> {
    // No parameters: the simple protocol, so a migration may hold several statements.
    await this.pool.query(sql).catch(rethrow);
  }
  async transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    const client = await this.pool.connect().catch(rethrow);
    // A checked-out client has no error listener of the pool's: the server going away mid-transaction would
    // emit an unhandled 'error' and end the process. The statement in flight fails anyway; the client is dropped.
    let broken: Error | undefined;
    const onError = (e: Error) => {
      broken = e;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const r = await fn({
        query: async <T>(sql: string, params: unknown[] = []) =>
          (await client.query(sql, params)).rows as T[],
        exec: async (sql: string) => {
          await client.query(sql);
        },
      });
      await client.query('COMMIT');
      return r;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      if (unavailable(e)) broken ??= e as Error;
      throw classify(e);
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }
  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** Opens the member store; a server that cannot be reached fails fast with one clear message. */
export async function openMemberDb(opts: { databaseUrl?: string; dataDir: string }): Promise<MemberDb> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // Idle clients can error when the server restarts; the pool replaces them, the process must not die.
    pool.on('error', () => {});
    try {
      await pool.query('SELECT 1');
    } catch (e) {
      await pool.end().catch(() => {});
      const u = new URL(opts.databaseUrl);
      throw new DatabaseUnavailableError(
        e,
        `无法连接 PostgreSQL (DATABASE_URL=${u.protocol}//${u.host}${u.pathname})：${(e as Error).message}`,
      );
    }
    return new ServerDb(pool);
  }
  mkdirSync(opts.dataDir, { recursive: true });
  return new PgliteDb(await PGlite.create(opts.dataDir));
}
