-- Credentials of upstream sources (cookies, tokens, client keys), with their state and usage.
-- state: active | cooling (until cooling_until, after 200013 freq control) | expired (login gone) | disabled.
CREATE TABLE IF NOT EXISTS upstream_credentials (
  id bigserial PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('mp', 'weread', 'client', 'finder')),
  label text NOT NULL DEFAULT '',
  secret jsonb NOT NULL,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'cooling', 'expired', 'disabled')),
  cooling_until timestamptz,
  last_error text NOT NULL DEFAULT '',
  requests bigint NOT NULL DEFAULT 0,
  failures bigint NOT NULL DEFAULT 0,
  freq_limited bigint NOT NULL DEFAULT 0,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX IF NOT EXISTS upstream_credentials_source_state ON upstream_credentials (source, state);
