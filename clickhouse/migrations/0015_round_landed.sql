-- When a round's row landed, on ClickHouse's clock (the clock of the analytics watermarks): readiness waits until
-- the analytics cover it. Rows written before this column read the current time, which readiness also accepts.
ALTER TABLE crawl_rounds ADD COLUMN IF NOT EXISTS landed_at DateTime64(3) DEFAULT now64(3);
