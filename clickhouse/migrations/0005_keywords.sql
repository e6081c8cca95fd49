-- Keyword monitoring (舆情): members' subscribed keywords matched against articles as they arrive.
-- Definitions: docs/analytics.md. Members and their keywords live in PostgreSQL (user_keywords); the stream
-- processor only has ClickHouse, so the API mirrors the set of subscribed terms here.

-- 监测词: one row per term and change; the newest (by updated_at, PostgreSQL's statement time of the change)
-- says whether any member still subscribes it. Terms are stored as members typed them; matching ignores case.
CREATE TABLE IF NOT EXISTS keyword_terms (
  keyword String,
  active UInt8,
  updated_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(updated_at)
ORDER BY keyword;

-- Articles whose text arrived, in windows of `ingested_at` like analytics_dirty. Kept apart from analytics_dirty
-- because that one is also filled by every counter poll: keyword matching and similar-article signatures read
-- text only when text arrives, not every poll.
CREATE TABLE IF NOT EXISTS article_text_dirty (
  mid UInt64,
  aid String,
  ingested_at DateTime64(3, 'Asia/Shanghai') DEFAULT now64(3)
) ENGINE = MergeTree
PARTITION BY toDate(ingested_at)
ORDER BY (ingested_at, mid)
TTL toDateTime(ingested_at) + INTERVAL 3 DAY;

CREATE MATERIALIZED VIEW IF NOT EXISTS article_text_dirty_mv TO article_text_dirty AS
SELECT mid, aid
FROM articles
GROUP BY mid, aid;

-- 关键词命中: one row per term and matching article, keyed by what it describes so a recomputation replaces it.
-- Counters are the article's latest, refreshed when new polls arrive. A row that stops matching (edited text) is
-- replaced by one with is_deleted = 1, which FINAL leaves out.
CREATE TABLE IF NOT EXISTS keyword_hits (
  keyword String,
  day Date,
  mid UInt64,
  aid String,
  pubtime DateTime('Asia/Shanghai'),
  idx UInt8,
  title String,
  in_title UInt8,
  in_body UInt8,
  reads UInt32,
  likes UInt32,
  looking UInt32,
  is_deleted UInt8,
  version UInt64
) ENGINE = ReplacingMergeTree(version, is_deleted)
PARTITION BY toYYYYMM(day)
ORDER BY (keyword, day, mid, aid);

-- 关键词日统计: per term and Beijing publish day. A view over keyword_hits FINAL rather than a table, so it cannot
-- double count after re-runs or disagree with the hits; filters on keyword and day reach the hits' sorting key.
CREATE VIEW IF NOT EXISTS keyword_daily AS
SELECT keyword, day,
  count() AS articles,
  uniqExact(mid) AS accounts,
  sum(reads) AS reads,
  countIf(in_title = 1) AS title_hits
FROM keyword_hits FINAL
GROUP BY keyword, day;
