-- Monitor tasks as the collectors hold them: the order, how far it got, and which collector owns it.
-- A collector renews its lease (heartbeat_at); tasks of a collector that stopped renewing are adopted
-- by another, so a restart or a lost instance does not lose monitoring, and no task is polled twice.
CREATE TABLE IF NOT EXISTS monitor_tasks (
  task_id text PRIMARY KEY,
  biz text NOT NULL,
  task jsonb NOT NULL,
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'monitoring', 'done', 'cancelled')),
  targets jsonb NOT NULL DEFAULT '[]',
  start_ms bigint,
  end_ms bigint,
  polls bigint NOT NULL DEFAULT 0,
  owner text,
  heartbeat_at bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS monitor_tasks_live ON monitor_tasks (state, owner) WHERE state IN ('waiting', 'monitoring');
