import { mkdirSync } from 'node:fs';
import { Session } from 'chdb';
import { queryOnConnection } from './chdb-native';
import { keyedBatches } from './keyed-reads';
import type { AnalyticsStore, QueryParams } from './store';

/** How long close() waits for operations still running. */
const CLOSE_WAIT_MS = 10_000;

/**
 * chDB with a pool of connections to one data path: reads run in parallel, one per read connection, so concurrent
 * requests use every core instead of queueing behind each other on one connection. The engine allows any number
 * of connections to the path its process has bound (one path per process); each keeps its own settings and bound
 * parameters. Writes (DDL, INSERT … SELECT, inserts) go one at a time, in call order, on a connection of their own,
 * as they did on the single session. Each stream opens a connection for its duration, so a caller that reads or
 * writes while consuming a stream never waits for itself.
 */
export class ChdbPoolStore implements AnalyticsStore {
  readonly kind = 'chdb' as const;
  private readonly dataPath: string;
  private readonly writer: Session;
  private readonly readers: Session[] = [];
  private readonly idle: Session[] = [];
  private readonly waiting: ((s: Session) => void)[] = [];
  private readonly streams = new Set<Session>();
  /** The tail of the write queue: each write starts when the one before it has finished. */
  private writes: Promise<unknown> = Promise.resolve();
  /** Operations running in the engine: close() waits for them, since closing under a running query crashes it. */
  private readonly inflight = new Set<Promise<unknown>>();
  private closed = false;
  /** The connections are closed (close() waited for the work in flight, or for CLOSE_WAIT_MS). */
  private released = false;

  constructor(dataPath: string, opts: { readConnections?: number } = {}) {
    const n = opts.readConnections ?? 4;
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`readConnections must be a positive integer, got ${n}`);
    mkdirSync(dataPath, { recursive: true });
    this.dataPath = dataPath;
    this.writer = new Session(dataPath);
    try {
      for (let i = 0; i < n; i++) this.readers.push(new Session(dataPath));
    } catch (e) {
      for (const s of [this.writer, ...this.readers]) s.close();
      throw e;
    }
    this.idle.push(...this.readers);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    const done = () => this.inflight.delete(p);
    p.then(done, done);
    return p;
  }

  private checkOpen(): void {
    if (this.closed) throw new Error('ClickHouse (chDB) is closed');
  }

  /** Work that close() stopped waiting for finds the connections gone. */
  private checkReleased(): void {
    if (this.released) throw new Error('ClickHouse (chDB) is closed');
  }

  /**
   * Runs `op` on an idle read connection, waiting for one when all are busy (first come, first served). A read
   * called before close() still runs: close() waits for it.
   */
  private onReader<T>(op: (s: Session) => Promise<T>): Promise<T> {
    this.checkOpen();
    return this.track(
      (async () => {
        const s = this.idle.pop() ?? (await new Promise<Session>((r) => this.waiting.push(r)));
        try {
          this.checkReleased();
          return await op(s);
        } finally {
          const next = this.waiting.shift();
          if (next) next(s);
          else this.idle.push(s);
        }
      })(),
    );
  }

  /** Runs `op` on the write connection after every write called before it. */
  private onWriter<T>(op: (s: Session) => Promise<T>): Promise<T> {
    this.checkOpen();
    const run = () => {
      this.checkReleased();
      return op(this.writer);
    };
    const p = this.track(this.writes.then(run, run));
    this.writes = p.catch(() => {});
    return p;
  }

  async query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]> {
    const bytes = await this.onReader((s) => queryOnConnection(s.connection, sql, 'JSONEachRow', params));
    if (bytes.length === 0) return [];
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    const rows: T[] = [];
    for (const line of text.split('\n')) if (line.length > 0) rows.push(JSON.parse(line) as T);
    return rows;
  }

  readonly queryByKey = keyedBatches((sql, params) => this.query(sql, params));

  async exec(sql: string, params?: QueryParams): Promise<void> {
    await this.onWriter((s) => queryOnConnection(s.connection, sql, 'Null', params));
  }

  async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    if (rows.length === 0) return;
    // JSONEachRow as one buffer: the engine parses it natively, no SQL text is built from values.
    let payload = '';
    for (const r of rows) payload += `${JSON.stringify(r)}\n`;
    await this.onWriter((s) => s.insert({ table, values: Buffer.from(payload), format: 'JSONEachRow' }));
  }

  async *stream<T = Record<string, unknown>>(sql: string, params?: QueryParams): AsyncIterable<T> {
    this.checkOpen();
    const s = new Session(this.dataPath);
    this.streams.add(s);
    // The whole iteration counts as one operation in flight.
    let finish = () => {};
    const streaming = new Promise<void>((r) => {
      finish = r;
    });
    this.inflight.add(streaming);
    try {
      const rows = params
        ? s.queryStreamBind(sql, params, { format: 'JSONEachRow' })
        : s.queryStream(sql, { format: 'JSONEachRow' });
      for await (const row of rows.rows<T>()) yield row;
    } finally {
      this.streams.delete(s);
      s.close();
      this.inflight.delete(streaming);
      finish();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // An export whose reader went away may never finish its stream: wait for the rest, not for ever.
    await Promise.race([
      Promise.allSettled([...this.inflight]),
      new Promise((r) => setTimeout(r, CLOSE_WAIT_MS).unref()),
    ]);
    this.released = true;
    // Reads still waiting for a connection find the store released when handed one.
    for (const w of this.waiting.splice(0)) w(this.readers[0] as Session);
    // Session.close() defers destroying a connection that still has an operation running on it.
    for (const s of [...this.streams, ...this.readers, this.writer]) s.close();
  }
}
