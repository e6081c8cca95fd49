import { createRequire } from 'node:module';
import path from 'node:path';
import type { QueryParams } from './store';

/**
 * The chdb package's own prebuilt addon (its per-platform package, no compile step) and its value formatter, used
 * directly for one thing the package's JavaScript layer does not allow: bound queries on separate connections at
 * the same time. chdb 3.4's `Session.queryBindAsync` sends every bound query of the process through one queue,
 * written against an older libchdb whose parameter state was not isolated per connection (chdb-node PR #51). The
 * libchdb it ships now (26.7.x) keeps parameters per connection: `bench -- chdb-parallel` checks it on every run
 * (thousands of concurrent bound queries on four connections, each answer carrying its own values).
 *
 * Everything else (opening, closing, streams, inserts) stays on the package's public `Session`.
 */
const require = createRequire(import.meta.url);
const chdbDir = path.dirname(require.resolve('chdb'));
const { loadNative } = require(path.join(chdbDir, 'dist', 'loader.js')) as { loadNative: () => NativeAddon };
const { formatParamValue } = require(path.join(chdbDir, 'dist', 'serialize.js')) as {
  formatParamValue: (v: unknown) => string;
};

interface NativeAddon {
  QueryAsyncConnection(
    conn: unknown,
    sql: string,
    format: string,
    params?: Record<string, string>,
  ): Promise<{ bytes: Uint8Array }>;
}

const native = loadNative();

/** Runs one query on this connection, parameters bound by the engine; resolves with the output bytes. */
export async function queryOnConnection(
  conn: unknown,
  sql: string,
  format: string,
  params?: QueryParams,
): Promise<Uint8Array> {
  let bound: Record<string, string> | undefined;
  if (params) {
    bound = {};
    for (const [k, v] of Object.entries(params)) bound[k] = formatParamValue(v);
  }
  const res = await (bound
    ? native.QueryAsyncConnection(conn, sql, format, bound)
    : native.QueryAsyncConnection(conn, sql, format));
  return res.bytes;
}
