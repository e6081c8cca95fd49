-- Each collector's latest view of its crawl tiers (collectors/crawl-priorities.ts) for the admin's sources page:
-- accounts per tier, the poll interval today's budget affords, how far behind the target, discovery latency.
CREATE TABLE IF NOT EXISTS collector_tiers (
  collector text NOT NULL,
  tier text NOT NULL CHECK (tier IN ('monitor', 'member', 'active', 'rest')),
  accounts integer NOT NULL,
  target_s integer NOT NULL,
  planned_s integer,
  stale_by_s integer,
  discovered integer NOT NULL,
  p50_s integer,
  p95_s integer,
  reported_at timestamptz NOT NULL,
  PRIMARY KEY (collector, tier)
);
