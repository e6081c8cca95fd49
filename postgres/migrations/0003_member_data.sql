-- Member-owned data beyond 0001: articles are keyed (mid, aid) because aid is unique only per account.
ALTER TABLE article_favorites DROP CONSTRAINT IF EXISTS article_favorites_pkey;
ALTER TABLE article_favorites ADD PRIMARY KEY (group_id, mid, aid);
ALTER TABLE article_favorites ADD COLUMN IF NOT EXISTS wxname text NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS account_groups_user ON account_groups (user_id);
CREATE INDEX IF NOT EXISTS article_groups_user ON article_groups (user_id);
CREATE INDEX IF NOT EXISTS account_favorites_user ON account_favorites (user_id, mid);
CREATE INDEX IF NOT EXISTS article_favorites_user ON article_favorites (user_id, mid, aid);

CREATE TABLE IF NOT EXISTS user_keywords (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  keyword text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, keyword)
);

CREATE TABLE IF NOT EXISTS search_records (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kw text NOT NULL,
  kind text NOT NULL DEFAULT 'account',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS search_records_user ON search_records (user_id, created_at DESC);

CREATE TABLE IF NOT EXISTS demands (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  phone text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
