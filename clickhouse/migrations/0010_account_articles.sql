-- 账号文章索引: the columns one account's pages read (history list, detail header counts, 阅读原文 list, the
-- analysis tabs), kept by a materialized view from `articles` (same key, same ReplacingMergeTree version, so
-- `FINAL` gives the same rows). Why a second table: `articles` is partitioned by month, so one account's rows
-- sit in every monthly part and a history page read one granule of titles and bodies per part (18+ granules of up
-- to 8,192 rows). Here an account's articles are contiguous in few parts, with small granules, and no bodies.
-- Bodies (body search) and digests stay in `articles`.
CREATE TABLE IF NOT EXISTS account_articles (
  mid UInt64,
  pubtime DateTime('Asia/Shanghai'),
  idx UInt8,
  aid String,
  title String,
  href String,
  copyright_stat UInt8,
  source_url String,
  updated_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(updated_at)
ORDER BY (mid, pubtime, idx, aid)
SETTINGS index_granularity = 1024;

CREATE MATERIALIZED VIEW IF NOT EXISTS account_articles_mv TO account_articles AS
SELECT mid, pubtime, idx, aid, title, href, copyright_stat, source_url, updated_at
FROM articles;

-- Backfill what `articles` held before the view existed (a row also caught by the view replaces itself).
INSERT INTO account_articles
SELECT mid, pubtime, idx, aid, title, href, copyright_stat, source_url, updated_at
FROM articles;
