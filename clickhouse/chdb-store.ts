import { mkdirSync } from 'node:fs';
import { Session } from 'chdb';
import { keyedBatches } from './keyed-reads';
import type { AnalyticsStore, QueryParams } from './store';

/**
 * chDB (ClickHouse in-process). Only the async API is used so queries run off the event loop.
 * chDB allows one data path per process, so a process opens exactly one of these.
 */
/** How long close() waits for operations still running. */
const CLOSE_WAIT_MS = 10_000;

export class ChdbStore implements AnalyticsStore {
  readonly kind = 'chdb' as const;
  private session: Session;

  private ready: Promise<unknown> = Promise.resolve();
  /** Operations running in the engine: close() waits for them, since closing under a running query crashes it. */
  private inflight = new Set<Promise<unknown>>();
  private closed = false;

  private run<T>(op: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('ClickHouse (chDB) is closed'));
    const p = op();
    this.inflight.add(p);
    const done = () => this.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  /** `readonly` makes the session refuse writes and setting changes (for ad-hoc queries). */
  constructor(dataPath: string, opts: { readonly?: boolean } = {}) {
    mkdirSync(dataPath, { recursive: true });
    this.session = new Session(dataPath);
    if (opts.readonly) this.ready = this.session.queryAsync('SET readonly = 1');
  }

  async query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
    await this.ready;
    const res = await this.run(() =>
      params
        ? this.session.queryBindAsync(sql, params, { format: 'JSONEachRow' })
        : this.session.queryAsync(sql, { format: 'JSONEachRow' }),
    );
    const text = res.text();
    if (text.length === 0) return [];
    const rows: T[] = [];
    for (const line of text.split('\n')) if (line.length > 0) rows.push(JSON.parse(line) as T);
    return rows;
  }

  readonly queryByKey = keyedBatches((sql, params) => this.query(sql, params));

  async *stream<T = Record<string, unknown>>(sql: string, params?: QueryParams): AsyncIterable<T> {
    await this.ready;
    if (this.closed) throw new Error('ClickHouse (chDB) is closed');
    // chDB allows one active stream per session; callers consume one export at a time.
    const s = params
      ? this.session.queryStreamBind(sql, params, { format: 'JSONEachRow' })
      : this.session.queryStream(sql, { format: 'JSONEachRow' });
    // The whole iteration counts as one operation in flight.
    let finish = () => {};
    const streaming = new Promise<void>((r) => {
      finish = r;
    });
    this.inflight.add(streaming);
    try {
      for await (const row of s.rows<T>()) yield row;
    } finally {
      this.inflight.delete(streaming);
      finish();
    }
  }

  async exec(sql: string, params?: QueryParams): Promise<void> {
    await this.run(() =>
      params
        ? this.session.queryBindAsync(sql, params, { format: 'Null' })
        : this.session.queryAsync(sql, { format: 'Null' }),
    );
  }

  async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    if (rows.length === 0) return;
    // JSONEachRow as one buffer: the engine parses it natively, no SQL text is built from values.
    let payload = '';
    for (const r of rows) payload += `${JSON.stringify(r)}\n`;
    await this.run(() => this.session.insert({ table, values: Buffer.from(payload), format: 'JSONEachRow' }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // An export whose reader went away may never finish its stream: wait for the rest, not for ever.
    await Promise.race([
      Promise.allSettled([...this.inflight]),
      new Promise((r) => setTimeout(r, CLOSE_WAIT_MS).unref()),
    ]);
    this.session.close();
  }
}
