import type { Shard } from './crawler';

interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Dynamic crawl shards (COLLECTOR_SHARD=auto): every collector heartbeats its name into collector_members; the
 * members seen alive within the TTL, ordered by name, are the shards. When a collector joins or dies the others
 * re-split at their next round; a round that overlaps a change may crawl an account twice or skip it once, which
 * the idempotent writes and the next round absorb. Wall time, not the upstream clock: this is about processes.
 */
export class CollectorMembership {
  constructor(
    private db: Db,
    readonly name: string,
    private ttlMs: number,
    private now: () => number = Date.now,
  ) {}

  async heartbeat(): Promise<void> {
    await this.db.query(
      `INSERT INTO collector_members (name, heartbeat_at) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at`,
      [this.name, new Date(this.now())],
    );
  }

  /** This collector's shard among the live members (itself counted even if its heartbeat is late). */
  async shard(): Promise<Shard> {
    const rows = await this.db.query<{ name: string }>(
      'SELECT name FROM collector_members WHERE heartbeat_at > $1 ORDER BY name',
      [new Date(this.now() - this.ttlMs)],
    );
    const names = rows.map((r) => r.name);
    if (!names.includes(this.name)) names.push(this.name);
    names.sort();
    return { index: names.indexOf(this.name), count: names.length };
  }

  /** A clean shutdown hands the share to the others at once. */
  async leave(): Promise<void> {
    await this.db.query('DELETE FROM collector_members WHERE name = $1', [this.name]);
  }
}
