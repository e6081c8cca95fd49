-- Members' history back-collection orders (历史回采) and their monthly counts. An order is what the member asked
-- for and paid for: one account over a window of at most 180 days (spec §9), handed to the collectors on
-- crawl.requests (kind backfill) under request_id. Where it stands is reported by the collectors in ClickHouse
-- crawl_progress; `state` here follows that report (settled when the API reads it) so that one running order
-- per member and account can be enforced by a unique index.
CREATE TABLE IF NOT EXISTS history_crawls (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  request_id text NOT NULL UNIQUE,
  mid bigint NOT NULL,
  biz text NOT NULL,
  -- The account's name when ordered: the list's keyword filter pages in SQL on it.
  name text NOT NULL DEFAULT '',
  days smallint NOT NULL CHECK (days BETWEEN 1 AND 180),
  -- Which position the member looks at (0 = all, 1 headline … 8); the collector reads whole pushes either way.
  position smallint NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 8),
  window_from timestamptz NOT NULL,
  window_to timestamptz NOT NULL,
  cost integer NOT NULL CHECK (cost > 0),
  -- Quota month (Asia/Shanghai, yyyy-mm) the cost was debited from.
  month text NOT NULL,
  refunded integer NOT NULL DEFAULT 0,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  cancelled_at timestamptz
);

CREATE INDEX IF NOT EXISTS history_crawls_user ON history_crawls (user_id, created_at DESC, id DESC);
-- At most one live order per member and account: a second order while one runs is refused, even when two
-- arrive at once.
CREATE UNIQUE INDEX IF NOT EXISTS history_crawls_live ON history_crawls (user_id, mid)
  WHERE state IN ('queued', 'running');

-- Counts used per member and month (same shape as monitor_usage; members/monthly-quota.ts).
CREATE TABLE IF NOT EXISTS history_crawl_usage (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month text NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (user_id, month)
);
