-- The analytics store: raw facts from the collectors (accounts, articles, counter snapshots,
-- mini-programs, video accounts), crawl bookkeeping, and the derived tables the processors keep.
-- Times are DateTime('Asia/Shanghai') so they read as Beijing time.
-- Every fact table is keyed so that a redelivered message replaces itself (exactly-once results from
-- at-least-once delivery); read them with FINAL or argMax.

-- 公众号资料: one row per crawl; the newest (by updated_at) wins.
CREATE TABLE IF NOT EXISTS accounts (
  mid UInt64,
  biz String,
  name String,
  wxid String,
  gh_id String,
  avatar String,
  qrcode String,
  owner String,
  area LowCardinality(String),
  description String,
  media LowCardinality(String),
  tags Array(String),
  service_type UInt8,
  verified UInt8,
  reg_time DateTime('Asia/Shanghai'),
  group_age String,
  group_sex String,
  updated_at DateTime64(3, 'Asia/Shanghai'),
  INDEX name_ngram name TYPE text(tokenizer = ngrams(2)),
  INDEX owner_ngram owner TYPE text(tokenizer = ngrams(2)),
  INDEX desc_ngram description TYPE text(tokenizer = ngrams(2))
) ENGINE = ReplacingMergeTree(updated_at)
ORDER BY mid;

-- 历史文章: keyed by account then publish time, the order of the history page.
CREATE TABLE IF NOT EXISTS articles (
  mid UInt64,
  aid String,
  biz String,
  msgid UInt64,
  idx UInt8,
  sn String,
  title String,
  digest String,
  cover String,
  author String,
  href String,
  pubtime DateTime('Asia/Shanghai'),
  copyright_stat UInt8,
  source_url String,
  content String CODEC(ZSTD(3)),
  miniprogram_appids Array(String),
  item_show_type UInt8,
  updated_at DateTime64(3, 'Asia/Shanghai'),
  INDEX title_ngram title TYPE text(tokenizer = ngrams(2)),
  INDEX content_ngram content TYPE text(tokenizer = ngrams(2))
) ENGINE = ReplacingMergeTree(updated_at)
PARTITION BY toYYYYMM(pubtime)
ORDER BY (mid, pubtime, idx, aid);

-- 阅读/点赞/在看/转发/留言 snapshots, one per poll; (mid, aid, ts) makes a redelivered poll a no-op.
CREATE TABLE IF NOT EXISTS article_snapshots (
  mid UInt64,
  aid String,
  ts DateTime('Asia/Shanghai') CODEC(DoubleDelta, ZSTD(1)),
  reads UInt32 CODEC(Delta, ZSTD(1)),
  likes UInt32 CODEC(Delta, ZSTD(1)),
  looking UInt32 CODEC(Delta, ZSTD(1)),
  shares UInt32 CODEC(Delta, ZSTD(1)),
  comments UInt32 CODEC(Delta, ZSTD(1))
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (mid, aid, ts);

-- Latest counters per article, maintained incrementally from the snapshots.
CREATE TABLE IF NOT EXISTS article_latest (
  mid UInt64,
  aid String,
  reads AggregateFunction(argMax, UInt32, DateTime('Asia/Shanghai')),
  likes AggregateFunction(argMax, UInt32, DateTime('Asia/Shanghai')),
  looking AggregateFunction(argMax, UInt32, DateTime('Asia/Shanghai')),
  shares AggregateFunction(argMax, UInt32, DateTime('Asia/Shanghai')),
  comments AggregateFunction(argMax, UInt32, DateTime('Asia/Shanghai')),
  last_ts SimpleAggregateFunction(max, DateTime('Asia/Shanghai')),
  polls AggregateFunction(uniqExact, DateTime('Asia/Shanghai'))
) ENGINE = AggregatingMergeTree
ORDER BY (mid, aid);

CREATE MATERIALIZED VIEW IF NOT EXISTS article_latest_mv TO article_latest AS
SELECT mid, aid,
       argMaxState(reads, ts) AS reads,
       argMaxState(likes, ts) AS likes,
       argMaxState(looking, ts) AS looking,
       argMaxState(shares, ts) AS shares,
       argMaxState(comments, ts) AS comments,
       max(ts) AS last_ts,
       uniqExactState(ts) AS polls
FROM article_snapshots
GROUP BY mid, aid;

-- 小程序: cards embedded in articles.
CREATE TABLE IF NOT EXISTS miniprograms (
  appid String,
  title String,
  icon String,
  username String,
  labels Array(String),
  description String,
  updated_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(updated_at)
ORDER BY appid;

-- Which article embeds which mini-program, derived from articles as they arrive.
CREATE TABLE IF NOT EXISTS article_miniprograms (
  appid String,
  mid UInt64,
  aid String,
  pubtime DateTime('Asia/Shanghai')
) ENGINE = ReplacingMergeTree
ORDER BY (appid, mid, aid);

CREATE MATERIALIZED VIEW IF NOT EXISTS article_miniprograms_mv TO article_miniprograms AS
SELECT appid, mid, aid, pubtime
FROM articles
ARRAY JOIN miniprogram_appids AS appid;

-- 视频号 and their posts; counters polled like article snapshots.
CREATE TABLE IF NOT EXISTS video_accounts (
  finder_id String,
  name String,
  avatar String,
  owner String,
  description String,
  mid UInt64,
  updated_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(updated_at)
ORDER BY finder_id;

CREATE TABLE IF NOT EXISTS video_posts (
  finder_id String,
  post_id String,
  mid UInt64,
  description String,
  cover String,
  duration_s UInt32,
  pubtime DateTime('Asia/Shanghai'),
  updated_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(updated_at)
PARTITION BY toYYYYMM(pubtime)
ORDER BY (finder_id, pubtime, post_id);

CREATE TABLE IF NOT EXISTS video_snapshots (
  finder_id String,
  post_id String,
  ts DateTime('Asia/Shanghai') CODEC(DoubleDelta, ZSTD(1)),
  reads UInt32 CODEC(Delta, ZSTD(1)),
  likes UInt32 CODEC(Delta, ZSTD(1)),
  comments UInt32 CODEC(Delta, ZSTD(1)),
  forwards UInt32 CODEC(Delta, ZSTD(1)),
  favs UInt32 CODEC(Delta, ZSTD(1))
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (finder_id, post_id, ts);

-- One row per finished collector round; readiness waits for the first.
CREATE TABLE IF NOT EXISTS crawl_rounds (
  collector String,
  round UInt32,
  started_at DateTime64(3, 'Asia/Shanghai'),
  finished_at DateTime64(3, 'Asia/Shanghai'),
  accounts UInt32,
  articles UInt32,
  snapshots UInt32,
  errors UInt32
) ENGINE = ReplacingMergeTree
ORDER BY (collector, started_at, round);
