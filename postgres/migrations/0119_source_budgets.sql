-- Collecting within the upstreams' limits (docs/collectors.md): per-credential daily budgets, rates, expiry, bans
-- and last success; per-egress-IP and per-credential request counts per day; paid-API spend per month; and the
-- ordered source chain per capability, set by the admin (the environment gives the default).

-- 'paid': a commercial data API key ({key}); 'banned': retired after repeated refusals (an admin re-enables it).
ALTER TABLE upstream_credentials DROP CONSTRAINT IF EXISTS upstream_credentials_source_check;
ALTER TABLE upstream_credentials ADD CONSTRAINT upstream_credentials_source_check
  CHECK (source IN ('mp', 'weread', 'client', 'finder', 'paid'));
ALTER TABLE upstream_credentials DROP CONSTRAINT IF EXISTS upstream_credentials_state_check;
ALTER TABLE upstream_credentials ADD CONSTRAINT upstream_credentials_state_check
  CHECK (state IN ('active', 'cooling', 'expired', 'disabled', 'banned'));

-- daily_budget: requests per Beijing day (NULL: no limit); rate_per_min: NULL for the pool's default;
-- egress: the IP its requests leave from ('' the default egress); expires_at: when the login or key lapses;
-- cost_fen / monthly_cap_fen / charges_failures: a paid key's price per call, the admin's monthly cap (分), and
-- whether the provider charges a failed call.
ALTER TABLE upstream_credentials
  ADD COLUMN IF NOT EXISTS daily_budget integer CHECK (daily_budget IS NULL OR daily_budget >= 0),
  ADD COLUMN IF NOT EXISTS rate_per_min integer CHECK (rate_per_min IS NULL OR rate_per_min > 0),
  ADD COLUMN IF NOT EXISTS egress text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS expires_at timestamptz,
  ADD COLUMN IF NOT EXISTS last_success_at timestamptz,
  ADD COLUMN IF NOT EXISTS refusals_today integer NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS refusals_day date,
  ADD COLUMN IF NOT EXISTS cost_fen integer NOT NULL DEFAULT 0 CHECK (cost_fen >= 0),
  ADD COLUMN IF NOT EXISTS monthly_cap_fen integer CHECK (monthly_cap_fen IS NULL OR monthly_cap_fen >= 0),
  ADD COLUMN IF NOT EXISTS charges_failures boolean NOT NULL DEFAULT false;

-- Requests spent per (scope, key) and Beijing day: scope 'credential' (key: its id) or 'egress' (key: the IP).
-- Several collectors spend from one row with UPDATE … WHERE used < cap RETURNING, so none double-spends, and a
-- restarted collector finds the day's count where it was.
CREATE TABLE IF NOT EXISTS source_budget_days (
  scope text NOT NULL CHECK (scope IN ('credential', 'egress')),
  key text NOT NULL,
  day date NOT NULL,
  used integer NOT NULL DEFAULT 0,
  cap integer NOT NULL,
  PRIMARY KEY (scope, key, day)
);

-- A paid key's spend per Beijing month, in 分: calls, and failed calls the provider charged.
CREATE TABLE IF NOT EXISTS paid_spend_months (
  credential_id bigint NOT NULL REFERENCES upstream_credentials (id) ON DELETE CASCADE,
  month date NOT NULL,
  spent_fen bigint NOT NULL DEFAULT 0,
  calls integer NOT NULL DEFAULT 0,
  charged_failures integer NOT NULL DEFAULT 0,
  PRIMARY KEY (credential_id, month)
);

-- The ordered sources per capability (lists, counts, search, pages, videos), as the admin set them.
CREATE TABLE IF NOT EXISTS source_chains (
  capability text PRIMARY KEY CHECK (capability IN ('search', 'lists', 'counts', 'pages', 'videos')),
  chain text[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
