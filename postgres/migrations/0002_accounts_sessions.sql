-- Login, registration and sessions (issue 6). users gains credentials, identities and profile fields.
ALTER TABLE users ADD COLUMN IF NOT EXISTS password_hash text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS wx_openid text UNIQUE;
ALTER TABLE users ADD COLUMN IF NOT EXISTS qq_openid text UNIQUE;
ALTER TABLE users ADD COLUMN IF NOT EXISTS invite_code text UNIQUE;
ALTER TABLE users ADD COLUMN IF NOT EXISTS invited_by bigint REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN IF NOT EXISTS is_admin boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN IF NOT EXISTS bd_vid text NOT NULL DEFAULT '';
-- Metered API balance in calls; new users start with the free trial quota (set by the application).
ALTER TABLE users ADD COLUMN IF NOT EXISTS api_balance bigint NOT NULL DEFAULT 0 CHECK (api_balance >= 0);
ALTER TABLE users ADD COLUMN IF NOT EXISTS api_trial_granted bigint NOT NULL DEFAULT 0;
-- Profile collected after registration (register_collect).
ALTER TABLE users ADD COLUMN IF NOT EXISTS profile jsonb;
CREATE INDEX IF NOT EXISTS users_invited_by ON users (invited_by);

-- Opaque session tokens: only the sha256 of the token is stored.
CREATE TABLE IF NOT EXISTS sessions (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);

-- SMS verification codes (hashed), one row per send; cooldown and daily cap count these rows.
CREATE TABLE IF NOT EXISTS sms_codes (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  code_hash text NOT NULL,
  ip text NOT NULL DEFAULT '',
  attempts int NOT NULL DEFAULT 0,
  used_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sms_codes_phone ON sms_codes (phone, created_at DESC);

-- QR / OAuth login attempts. token: the qrcode value only the dialog knows and polls with; scan: what
-- the QR image carries (OAuth state); reg_token: issued to a confirmed identity without an account.
CREATE TABLE IF NOT EXISTS qr_logins (
  token_hash text PRIMARY KEY,
  scan_hash text NOT NULL UNIQUE,
  reg_token_hash text UNIQUE,
  provider text NOT NULL CHECK (provider IN ('wechat', 'qq')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'consumed')),
  openid text,
  nickname text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Failed logins, for rate limiting per account and per IP.
CREATE TABLE IF NOT EXISTS login_failures (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS login_failures_key ON login_failures (key, at);

-- Small key/value settings the program generates itself (for example the sandbox payment key pair).
CREATE TABLE IF NOT EXISTS app_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
