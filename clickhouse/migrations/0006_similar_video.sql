-- Similar articles (follow/v1/similar_article) and video-account (视频号) statistics.
-- Definitions: docs/analytics.md. Like 0003, derived rows are ReplacingMergeTree keyed by what they describe, so
-- recomputing a key replaces it and a replay gives the same rows.

-- 文章签名: per article, the character bigrams of its normalised title and digest (as sorted 64-bit hashes) and a
-- MinHash of the title bigrams cut into LSH bands. Kept by stream/analytics/similar-articles.ts for the articles
-- of each dirty window whose title or digest changed, so a lookup reads one article's bands and its candidates'
-- rows instead of rescanning every title. Chinese has no spaces: bigrams of characters are the words here.
CREATE TABLE IF NOT EXISTS article_signatures (
  mid UInt64,
  aid String,
  pubtime DateTime('Asia/Shanghai'),
  -- cityHash64(title, digest): an unchanged article is not recomputed.
  text_hash UInt64,
  title_grams Array(UInt64),
  digest_grams Array(UInt64),
  minhash Array(UInt64),
  bands Array(UInt64),
  version UInt64
) ENGINE = ReplacingMergeTree(version)
PARTITION BY toYYYYMM(pubtime)
ORDER BY (mid, aid);

-- LSH band index: one row per (band key, article), so the candidates of an article are the rows sharing one of
-- its band keys (an index lookup on the sorting key), limited to a publish-time window. Filled from
-- article_signatures as signatures are inserted. A signature recomputed after a title edit leaves its old band
-- rows behind; they only add candidates, and every candidate is scored from its current signature.
CREATE TABLE IF NOT EXISTS article_bands (
  band UInt64,
  pubtime DateTime('Asia/Shanghai'),
  mid UInt64,
  aid String
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(pubtime)
ORDER BY (band, pubtime, mid, aid);

CREATE MATERIALIZED VIEW IF NOT EXISTS article_bands_mv TO article_bands AS
SELECT band, pubtime, mid, aid
FROM article_signatures
ARRAY JOIN bands AS band;

-- Latest counters per video post, maintained incrementally from the snapshots (as article_latest is).
CREATE TABLE IF NOT EXISTS video_latest (
  finder_id String,
  post_id String,
  reads AggregateFunction(argMax, UInt32, DateTime('Asia/Shanghai')),
  likes AggregateFunction(argMax, UInt32, DateTime('Asia/Shanghai')),
  comments AggregateFunction(argMax, UInt32, DateTime('Asia/Shanghai')),
  forwards AggregateFunction(argMax, UInt32, DateTime('Asia/Shanghai')),
  favs AggregateFunction(argMax, UInt32, DateTime('Asia/Shanghai')),
  last_ts SimpleAggregateFunction(max, DateTime('Asia/Shanghai')),
  polls AggregateFunction(uniqExact, DateTime('Asia/Shanghai'))
) ENGINE = AggregatingMergeTree
ORDER BY (finder_id, post_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS video_latest_mv TO video_latest AS
SELECT finder_id, post_id,
       argMaxState(reads, ts) AS reads,
       argMaxState(likes, ts) AS likes,
       argMaxState(comments, ts) AS comments,
       argMaxState(forwards, ts) AS forwards,
       argMaxState(favs, ts) AS favs,
       max(ts) AS last_ts,
       uniqExactState(ts) AS polls
FROM video_snapshots
GROUP BY finder_id, post_id;

-- Video accounts touched by new posts or snapshots. analytics_dirty is keyed by (mid, aid) of articles, and a
-- snapshot's ts is the collector's clock, not the ingest time, so the video steps need their own ingest-time
-- record; read in the same windows as analytics_dirty.
CREATE TABLE IF NOT EXISTS video_dirty (
  finder_id String,
  ingested_at DateTime64(3, 'Asia/Shanghai') DEFAULT now64(3)
) ENGINE = MergeTree
PARTITION BY toDate(ingested_at)
ORDER BY (ingested_at, finder_id)
TTL toDateTime(ingested_at) + INTERVAL 3 DAY;

CREATE MATERIALIZED VIEW IF NOT EXISTS video_dirty_snapshots_mv TO video_dirty AS
SELECT finder_id
FROM video_snapshots
GROUP BY finder_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS video_dirty_posts_mv TO video_dirty AS
SELECT finder_id
FROM video_posts
GROUP BY finder_id;

-- 视频号指标: one row per video account from its posts' latest counters; 7/30-day windows are Beijing calendar
-- days including today, averages and the engagement rate over the posts of the 30-day window.
CREATE TABLE IF NOT EXISTS video_account_stats (
  finder_id String,
  mid UInt64,
  posts_total UInt32,
  posts_7d UInt32,
  posts_30d UInt32,
  reads_30d UInt64,
  likes_30d UInt64,
  comments_30d UInt64,
  forwards_30d UInt64,
  favs_30d UInt64,
  avg_reads Float64,
  max_reads UInt32,
  avg_likes Float64,
  avg_comments Float64,
  avg_forwards Float64,
  avg_favs Float64,
  engagement_rate Float64,
  last_pub DateTime('Asia/Shanghai'),
  version UInt64
) ENGINE = ReplacingMergeTree(version)
ORDER BY finder_id;
