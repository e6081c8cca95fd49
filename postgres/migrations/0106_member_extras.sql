-- Account, search and monitor extras (docs/api.md "Account, search and monitor extras").

-- 行业人工修正 (monitor/v1 ManualSetMpAccountType): an admin's override of an account's industry (media). This is
-- the record of who set what; the API mirrors it into ClickHouse account_overrides, where account reads apply it.
CREATE TABLE IF NOT EXISTS account_type_overrides (
  mid bigint PRIMARY KEY,
  media text NOT NULL,
  -- What the collectors said when the override was set, for the audit trail.
  previous_media text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  set_by bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- 收藏的刷量报告 (search/v1 favorite_report_option): a member's favourite fake-traffic reports, by post = <mid>_<aid>.
CREATE TABLE IF NOT EXISTS report_favorites (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mid bigint NOT NULL,
  aid text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, mid, aid)
);
CREATE INDEX IF NOT EXISTS report_favorites_recent ON report_favorites (user_id, created_at DESC);

-- 邀请兑换会员 (main/v1 invite_to_vip): which invited members were spent on a reward. An invitee counts once,
-- ever: the primary key makes a second redemption of the same invitee impossible, even under concurrency.
CREATE TABLE IF NOT EXISTS invite_redemptions (
  invitee_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  inviter_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reward_days integer NOT NULL,
  redeemed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS invite_redemptions_inviter ON invite_redemptions (inviter_id, redeemed_at DESC);
