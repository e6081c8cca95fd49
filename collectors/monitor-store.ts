import type { MonitorTaskMessage } from '../bus/messages';
import type { Tx } from '../postgres/db';

export interface MonitorTarget {
  biz: string;
  msgid: number;
  idx: number;
  sn: string;
}

export type MonitorState = 'waiting' | 'monitoring' | 'done' | 'cancelled';

export interface StoredTask {
  task: MonitorTaskMessage;
  state: MonitorState;
  targets: MonitorTarget[];
  startMs: number | null;
  endMs: number | null;
  polls: number;
}

/** Where monitor tasks outlive a collector; leases keep one owner per task across instances. */
export interface MonitorTaskStore {
  /** Records a task (idempotent) and claims it for `owner` if nobody holds a live lease on it. */
  receive(
    task: MonitorTaskMessage,
    owner: string,
    nowMs: number,
    leaseMs: number,
  ): Promise<StoredTask | null>;
  /** Claims live tasks that are this owner's or whose owner's lease ran out; returns them. */
  adopt(owner: string, nowMs: number, leaseMs: number): Promise<StoredTask[]>;
  heartbeat(owner: string, nowMs: number): Promise<void>;
  progress(taskId: string, p: Omit<StoredTask, 'task'>): Promise<void>;
  /** Lets go of this owner's tasks (clean shutdown), so another collector can take them at once. */
  release(owner: string): Promise<void>;
}

interface Row {
  task: MonitorTaskMessage;
  state: MonitorState;
  targets: MonitorTarget[];
  start_ms: string | null;
  end_ms: string | null;
  polls: string;
}

const fromRow = (r: Row): StoredTask => ({
  task: r.task,
  state: r.state,
  targets: r.targets,
  startMs: r.start_ms === null ? null : Number(r.start_ms),
  endMs: r.end_ms === null ? null : Number(r.end_ms),
  polls: Number(r.polls),
});

/** Monitor tasks in PostgreSQL (table monitor_tasks, migration 0102). */
export class PgMonitorTaskStore implements MonitorTaskStore {
  constructor(private db: Pick<Tx, 'query'>) {}

  async receive(task: MonitorTaskMessage, owner: string, nowMs: number, leaseMs: number) {
    const state = task.cancelled ? 'cancelled' : 'waiting';
    // A redelivered task keeps its progress; a cancellation always wins.
    const rows = await this.db.query<Row>(
      `INSERT INTO monitor_tasks (task_id, biz, task, state, owner, heartbeat_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (task_id) DO UPDATE SET
         state = CASE WHEN $4 = 'cancelled' THEN 'cancelled' ELSE monitor_tasks.state END,
         owner = CASE WHEN monitor_tasks.owner IS NULL OR monitor_tasks.owner = $5
                        OR monitor_tasks.heartbeat_at < $6 - $7 THEN $5 ELSE monitor_tasks.owner END,
         heartbeat_at = CASE WHEN monitor_tasks.owner IS NULL OR monitor_tasks.owner = $5
                        OR monitor_tasks.heartbeat_at < $6 - $7 THEN $6 ELSE monitor_tasks.heartbeat_at END,
         updated_at = now()
       RETURNING task, state, targets, start_ms, end_ms, polls, owner`,
      [task.task_id, task.biz, JSON.stringify(task), state, owner, nowMs, leaseMs],
    );
    const r = rows[0] as (Row & { owner: string }) | undefined;
    return r && r.owner === owner ? fromRow(r) : null;
  }

  async adopt(owner: string, nowMs: number, leaseMs: number) {
    const rows = await this.db.query<Row>(
      `UPDATE monitor_tasks SET owner = $1, heartbeat_at = $2, updated_at = now()
       WHERE state IN ('waiting', 'monitoring') AND (end_ms IS NULL OR end_ms > $2)
         AND (owner IS NULL OR owner = $1 OR heartbeat_at < $2 - $3)
       RETURNING task, state, targets, start_ms, end_ms, polls`,
      [owner, nowMs, leaseMs],
    );
    return rows.map(fromRow);
  }

  async heartbeat(owner: string, nowMs: number) {
    await this.db.query(
      `UPDATE monitor_tasks SET heartbeat_at = $2 WHERE owner = $1 AND state IN ('waiting', 'monitoring')`,
      [owner, nowMs],
    );
  }

  async progress(taskId: string, p: Omit<StoredTask, 'task'>) {
    await this.db.query(
      `UPDATE monitor_tasks SET state = CASE WHEN state = 'cancelled' THEN state ELSE $2 END,
         targets = $3, start_ms = $4, end_ms = $5, polls = $6, updated_at = now()
       WHERE task_id = $1`,
      [taskId, p.state, JSON.stringify(p.targets), p.startMs, p.endMs, p.polls],
    );
  }

  async release(owner: string) {
    await this.db.query(`UPDATE monitor_tasks SET owner = NULL WHERE owner = $1`, [owner]);
  }
}
