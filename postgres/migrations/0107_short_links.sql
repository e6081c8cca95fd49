-- Our own short links (long-to-short link tool, spec §2 /langchinge): a member shortens a WeChat article link;
-- GET /t/<code> redirects to it. One code per member and link; `hits` counts redirects.
CREATE TABLE IF NOT EXISTS short_links (
  code text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url text NOT NULL,
  hits bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, url)
);
CREATE INDEX IF NOT EXISTS short_links_user ON short_links (user_id, created_at DESC);
