import type { QueryParams } from './store';

export type ReadKey = number | string;

/** Most keys one read takes; more wait for the next read. */
const MAX_KEYS = 256;

/**
 * Point reads by key (one account, one owner) answered in batches: calls with the same SQL and parameters that
 * arrive while a read of that SQL is running are answered together by the next read, of all their keys. The SQL
 * takes the keys as `{keys:Array(T)}` and returns each row's key in a column named `key`, which is removed from the
 * rows handed back.
 *
 * Why: a point read's cost is mostly its fixed part (parse, plan, open the parts), not the granule it reads, so under
 * concurrent load N reads of one kind cost about one read of N keys. That matters most where reads queue: the
 * single-session embedded store runs bound queries one at a time, and the connection pool (chdb-pool-store.ts) has
 * only as many connections as CHDB_READ_CONNECTIONS. A lone call waits only for the calls made in the same turn of the
 * event loop (the callers a batch just answered, each asking for its next read): with no read of its SQL running,
 * it is sent then.
 */
export function keyedBatches(run: (sql: string, params: QueryParams) => Promise<Record<string, unknown>[]>) {
  type Waiter = { resolve: (rows: Record<string, unknown>[]) => void; reject: (e: unknown) => void };
  type Group = {
    sql: string;
    params: QueryParams;
    /** A read of this SQL is running or about to be sent: new keys wait for the next. */
    running: boolean;
    waiting: Map<string, { key: ReadKey; waiters: Waiter[] }>;
  };
  const groups = new Map<string, Group>();

  const send = (id: string, g: Group) => {
    const batch = [...g.waiting.entries()].slice(0, MAX_KEYS);
    for (const [k] of batch) g.waiting.delete(k);
    g.running = true;
    run(g.sql, { ...g.params, keys: batch.map(([, w]) => w.key) as readonly (string | number)[] })
      .then(
        (rows) => {
          const byKey = new Map<string, Record<string, unknown>[]>();
          for (const row of rows) {
            const { key, ...rest } = row;
            const k = String(key);
            const list = byKey.get(k);
            if (list) list.push(rest);
            else byKey.set(k, [rest]);
          }
          for (const [k, w] of batch) {
            const mine = byKey.get(k) ?? [];
            // Each waiter gets its own rows: callers may reshape them.
            for (const waiter of w.waiters) waiter.resolve(mine.map((r) => ({ ...r })));
          }
        },
        (e) => {
          for (const [, w] of batch) for (const waiter of w.waiters) waiter.reject(e);
        },
      )
      .finally(() => {
        g.running = false;
        if (g.waiting.size > 0) send(id, g);
        else groups.delete(id);
      });
  };

  return <T = Record<string, unknown>>(sql: string, key: ReadKey, params: QueryParams = {}): Promise<T[]> =>
    new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const id = `${sql}\u0000${JSON.stringify(params)}`;
      let g = groups.get(id);
      if (!g) {
        g = { sql, params, running: false, waiting: new Map() };
        groups.set(id, g);
      }
      const k = String(key);
      const slot = g.waiting.get(k);
      if (slot) slot.waiters.push({ resolve, reject });
      else g.waiting.set(k, { key, waiters: [{ resolve, reject }] });
      if (!g.running) {
        g.running = true;
        const group = g;
        queueMicrotask(() => send(id, group));
      }
    }) as Promise<T[]>;
}
