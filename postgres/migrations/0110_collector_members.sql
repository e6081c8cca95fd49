-- Collectors that share the regular crawl dynamically (COLLECTOR_SHARD=auto): each live collector renews its row;
-- the live rows, ordered by name, give every collector its index and the shard count, so replicas can come and go.
CREATE TABLE IF NOT EXISTS collector_members (
  name text PRIMARY KEY,
  heartbeat_at timestamptz NOT NULL
);
