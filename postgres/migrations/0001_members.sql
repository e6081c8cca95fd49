-- Members and what they own. Later migrations add sessions, orders, invoices, API keys.
CREATE TABLE IF NOT EXISTS users (
  id bigserial PRIMARY KEY,
  phone text UNIQUE,
  name text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  vip_id smallint NOT NULL DEFAULT 0,
  vip_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Account groups (分组) and the accounts favourited into them.
CREATE TABLE IF NOT EXISTS account_groups (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  top_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS account_favorites (
  group_id bigint NOT NULL REFERENCES account_groups(id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mid bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, mid)
);
CREATE INDEX IF NOT EXISTS account_favorites_mid ON account_favorites (mid);

-- Article collection groups (文章收藏分组) and collected articles.
CREATE TABLE IF NOT EXISTS article_groups (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  top_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS article_favorites (
  group_id bigint NOT NULL REFERENCES article_groups(id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  aid text NOT NULL,
  mid bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, aid)
);
CREATE INDEX IF NOT EXISTS article_favorites_aid ON article_favorites (aid);
