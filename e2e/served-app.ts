import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { ChdbStore } from '../clickhouse/chdb-store';
import type { Logger } from '../core/log';
import type { MemberDb } from '../postgres/db';
import { openTestApp } from './app-harness';
import { throwawayDatabase } from './postgres';

/**
 * openTestApp served over loopback HTTP, for tests that need members: signUp and buy (members-harness) go through
 * the real register and sandbox-cashier routes. `env` reaches the member configuration (e.g. ADMIN_PHONES);
 * `extra` is openTestApp's (upstream, site QR codes); `log` (silent by default) lets a test read what the app
 * logged, e.g. its 'unhandled error' lines. `app` answers the same requests without a socket (sweeps of thousands of
 * calls go through app.request). Fixtures go straight into ClickHouse; no collector or bus runs.
 */
export async function openServedApp(
  name: string,
  nowMs: number,
  env: Record<string, string> = {},
  extra: Parameters<typeof openTestApp>[2] = {},
  log?: Logger,
): Promise<{ base: string; app: Hono; store: ChdbStore; db: MemberDb; close: () => Promise<void> }> {
  const { app, store, db, close } = await openTestApp(name, nowMs, extra, env, log);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    app,
    store,
    db,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await close();
    },
  };
}

/**
 * openServedApp on one member engine of memberEngines(): PGlite, or a throwaway database on the PostgreSQL server
 * (dropped on close), so an API test checks its SQL on both.
 */
export async function openServedAppOn(
  engine: string,
  name: string,
  nowMs: number,
  env: Record<string, string> = {},
): Promise<Awaited<ReturnType<typeof openServedApp>>> {
  if (engine !== 'PostgreSQL server') return openServedApp(name, nowMs, env);
  const d = await throwawayDatabase();
  const app = await openServedApp(name, nowMs, { ...env, DATABASE_URL: d.url });
  return {
    ...app,
    close: async () => {
      await app.close();
      await d.drop();
    },
  };
}
