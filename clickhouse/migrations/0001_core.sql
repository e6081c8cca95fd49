-- Core facts of the first slice: account profiles, articles, metric snapshots, crawl rounds.
-- Times are stored as DateTime('Asia/Shanghai') so they read as Beijing time.

-- 公众号资料. One row per crawl; ReplacingMergeTree keeps the newest by updated_at.
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
  reg_time DateTime('Asia/Shanghai'),
  updated_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(updated_at)
ORDER BY mid;

-- 历史文章. Keyed by account then publish time: the history page reads one account's range.
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
  updated_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(updated_at)
PARTITION BY toYYYYMM(pubtime)
ORDER BY (mid, pubtime, idx, aid);

-- 阅读/点赞/在看 snapshots, one per poll. The (mid, aid, ts) key makes a redelivered poll a no-op.
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
