-- Derived analytics, kept incrementally by the stream's analytics processor (stream/analytics-processor.ts).
-- Definitions: docs/analytics.md. Every derived table is a ReplacingMergeTree keyed by what it describes,
-- so recomputing a key replaces it: a replay gives the same rows, whatever the delivery order.

-- Keys touched by new facts. Filled by materialized views as articles and snapshots are inserted (in the same
-- insert), read by the processor in windows of `ingested_at` after its watermark; a crash between insert and
-- processing loses nothing because the watermark only moves after a window is processed.
CREATE TABLE IF NOT EXISTS analytics_dirty (
  mid UInt64,
  aid String,
  ingested_at DateTime64(3, 'Asia/Shanghai') DEFAULT now64(3)
) ENGINE = MergeTree
PARTITION BY toDate(ingested_at)
ORDER BY (ingested_at, mid)
TTL toDateTime(ingested_at) + INTERVAL 3 DAY;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics_dirty_snapshots_mv TO analytics_dirty AS
SELECT mid, aid
FROM article_snapshots
GROUP BY mid, aid;

CREATE MATERIALIZED VIEW IF NOT EXISTS analytics_dirty_articles_mv TO analytics_dirty AS
SELECT mid, aid
FROM articles
GROUP BY mid, aid;

-- Where each processor job stands.
CREATE TABLE IF NOT EXISTS analytics_progress (
  job String,
  watermark DateTime64(3, 'Asia/Shanghai'),
  updated_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(updated_at)
ORDER BY job;

-- 账号日汇总: one row per account and Beijing publish day, from the latest counters of that day's articles.
-- Rankings for any day, week or month are sums and maxima over these rows.
CREATE TABLE IF NOT EXISTS account_daily (
  mid UInt64,
  day Date,
  articles UInt32,
  posts UInt32,
  originals UInt32,
  reads UInt64,
  likes UInt64,
  looking UInt64,
  shares UInt64,
  head_articles UInt32,
  head_reads UInt64,
  head_likes UInt64,
  head_looking UInt64,
  head_shares UInt64,
  max_reads UInt32,
  max_likes UInt32,
  max_looking UInt32,
  max_shares UInt32,
  original_reads UInt64,
  fake_articles UInt32,
  fake_reads UInt64,
  version UInt64
) ENGINE = ReplacingMergeTree(version)
PARTITION BY toYYYYMM(day)
ORDER BY (mid, day);

-- 账号指标: the per-account figures lists, sorts and similar accounts need (30-day window unless named).
CREATE TABLE IF NOT EXISTS account_stats (
  mid UInt64,
  media LowCardinality(String),
  area LowCardinality(String),
  owner String,
  articles_7d UInt32,
  articles_30d UInt32,
  posts_7d UInt32,
  head_avg_reads UInt32,
  head_avg_likes UInt32,
  median_reads UInt32,
  median_head_reads UInt32,
  avg_reads Float64,
  avg_likes Float64,
  fans UInt32,
  wci Float64,
  account_index Float64,
  originals_30d UInt32,
  last_pub DateTime('Asia/Shanghai'),
  version UInt64
) ENGINE = ReplacingMergeTree(version)
ORDER BY mid;

-- 文章指标: one row per article with its latest counters; 今日热文 and 低粉爆文 read it by day, joined with
-- account_stats, so their thresholds are settings applied at read time.
CREATE TABLE IF NOT EXISTS article_metrics (
  day Date,
  mid UInt64,
  aid String,
  pubtime DateTime('Asia/Shanghai'),
  idx UInt8,
  title String,
  href String,
  original UInt8,
  media LowCardinality(String),
  area LowCardinality(String),
  reads UInt32,
  likes UInt32,
  looking UInt32,
  shares UInt32,
  comments UInt32,
  version UInt64
) ENGINE = ReplacingMergeTree(version)
PARTITION BY toYYYYMM(day)
ORDER BY (day, mid, aid);

-- 榜单: one row per ranking type, period and account; every run rewrites all accounts of the period, so the
-- newest generation of each row is the ranking. rank = 0 means not ranked (e.g. no fake traffic).
CREATE TABLE IF NOT EXISTS rankings (
  rank_type LowCardinality(String),
  period LowCardinality(String),
  period_start Date,
  mid UInt64,
  media LowCardinality(String),
  area LowCardinality(String),
  score Float64,
  wci Float64,
  articles UInt32,
  posts UInt32,
  reads UInt64,
  likes UInt64,
  looking UInt64,
  head_avg_reads UInt32,
  max_reads UInt32,
  originals UInt32,
  fake_articles UInt32,
  fake_reads UInt64,
  rank UInt32,
  media_rank UInt32,
  area_rank UInt32,
  prev_rank UInt32,
  prev_media_rank UInt32,
  prev_area_rank UInt32,
  generation DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(generation)
ORDER BY (rank_type, period, period_start, mid);

-- 小程序榜: exposure of each mini-program over a period.
CREATE TABLE IF NOT EXISTS minipro_rankings (
  period LowCardinality(String),
  period_start Date,
  appid String,
  exposure_num UInt64,
  article_num UInt32,
  account_num UInt32,
  rank UInt32,
  prev_rank UInt32,
  generation DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(generation)
ORDER BY (period, period_start, appid);

-- Which ranking periods were computed, when, and how long it took.
CREATE TABLE IF NOT EXISTS ranking_runs (
  period LowCardinality(String),
  period_start Date,
  accounts UInt32,
  took_ms UInt32,
  generation DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(generation)
ORDER BY (period, period_start);

-- 刷量报告: the fake-traffic detector's verdict per article (stream/analytics/fake-reports.ts), read by
-- account_daily (fake articles and reads per day), the fake rankings and the monitoring reports.
CREATE TABLE IF NOT EXISTS fake_reports (
  mid UInt64,
  aid String,
  pubtime DateTime('Asia/Shanghai'),
  status UInt8,
  forecast_fake UInt32,
  forecast_fake_per Float32,
  reads UInt32,
  points UInt32,
  signals String,
  computed_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(computed_at)
ORDER BY (mid, aid);
