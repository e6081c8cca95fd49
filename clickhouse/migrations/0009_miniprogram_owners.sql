-- 小程序主体: the owner (主体) of each mini-program, from its profile (更多资料), which the collector reads the
-- first time an article page embeds the appid (article pages do not name the owner). Kept apart from
-- `miniprograms` so a card row without an owner never blanks a known one. The newest (by updated_at) wins.
-- Read by common/v1 same_owner_minipro: mini-programs of the same owner as an account or a mini-program.
CREATE TABLE IF NOT EXISTS miniprogram_owners (
  appid String,
  owner String,
  updated_at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(updated_at)
ORDER BY appid;
