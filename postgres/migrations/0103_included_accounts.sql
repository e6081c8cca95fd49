-- Accounts the platform has included (收录) and crawls on its regular cadence.
CREATE TABLE IF NOT EXISTS included_accounts (
  biz text PRIMARY KEY,
  mid bigint NOT NULL,
  name text NOT NULL DEFAULT '',
  alias text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  via text NOT NULL DEFAULT 'directory' CHECK (via IN ('directory', 'name', 'url')),
  included_at timestamptz NOT NULL DEFAULT now()
);
