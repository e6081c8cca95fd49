-- Manual corrections of account data (monitor/v1 ManualSetMpAccountType). Collectors re-read every account's profile
-- each round, so a correction written into `accounts` would be replaced by the next crawl; it lives beside it and
-- is applied where accounts are read. PostgreSQL (account_type_overrides) keeps who set what; the API mirrors it here.

-- 行业修正: the newest row (by updated_at) per account wins; is_deleted = 1 (a cleared override) drops out under FINAL.
CREATE TABLE IF NOT EXISTS account_overrides (
  mid UInt64,
  media String,
  is_deleted UInt8,
  updated_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(updated_at, is_deleted)
ORDER BY mid;

-- 公众号资料（含人工修正）: `accounts FINAL` with the overrides applied; same columns, so readers swap the name.
-- `o.has = 1` rather than a key comparison, so the view reads the same under join_use_nulls = 1; GLOBAL so that on a
-- cluster the few overrides are read once and sent to the shards, not joined shard by shard.
CREATE VIEW IF NOT EXISTS accounts_effective AS
SELECT a.* REPLACE (if(o.has = 1, assumeNotNull(o.media), a.media) AS media)
FROM accounts AS a FINAL
GLOBAL LEFT JOIN (SELECT mid, media, 1 AS has FROM account_overrides FINAL) AS o ON o.mid = a.mid;
