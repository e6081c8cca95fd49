-- Members' minute-level monitoring orders (分钟级监测) and their monthly quota. An order is what the member
-- asked for and paid for in monitoring counts; where the task stands is reported by the collectors in
-- ClickHouse monitor_status. Each monitored article costs one count (a next-post task for all positions: 8).
CREATE TABLE IF NOT EXISTS monitor_orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  task_id text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('article', 'next_post')),
  biz text NOT NULL,
  mid bigint NOT NULL,
  -- Article tasks: the article; next-post tasks: the position (0 = all).
  msgid bigint,
  idx smallint,
  sn text,
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 8),
  freq_min smallint NOT NULL CHECK (freq_min IN (1, 2, 5, 10)),
  days smallint NOT NULL CHECK (days IN (1, 2, 3)),
  cost integer NOT NULL CHECK (cost > 0),
  -- Quota month (Asia/Shanghai, yyyy-mm) the cost was debited from.
  month text NOT NULL,
  refunded integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  cancelled_at timestamptz
);

CREATE INDEX IF NOT EXISTS monitor_orders_user ON monitor_orders (user_id, kind, created_at DESC);
CREATE INDEX IF NOT EXISTS monitor_orders_account ON monitor_orders (user_id, mid);

-- Counts used per member and month. The debit is one conditional upsert, so concurrent orders never overspend.
CREATE TABLE IF NOT EXISTS monitor_usage (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month text NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (user_id, month)
);
