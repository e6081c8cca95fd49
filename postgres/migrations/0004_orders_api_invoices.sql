-- Orders (VIP packages and API recharge), payment notifications, API keys and metering, invoices.
CREATE TABLE IF NOT EXISTS orders (
  id bigserial PRIMARY KEY,
  out_trade_no text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('vip', 'api')),
  package_id text NOT NULL,
  subject text NOT NULL,
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'closed')),
  trade_no text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS orders_user ON orders (user_id, created_at DESC);

-- Every notification received, verified or not, for audit; notify_id makes replays visible.
CREATE TABLE IF NOT EXISTS payment_notifications (
  id bigserial PRIMARY KEY,
  provider text NOT NULL,
  out_trade_no text NOT NULL DEFAULT '',
  notify_id text NOT NULL DEFAULT '',
  verified boolean NOT NULL,
  applied boolean NOT NULL DEFAULT false,
  reason text NOT NULL DEFAULT '',
  body jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS api_keys (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  name text NOT NULL DEFAULT '',
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS api_keys_user ON api_keys (user_id);

-- One row per metered call (consumption record) and per credit (recharge, trial, refund).
CREATE TABLE IF NOT EXISTS api_ledger (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('call', 'refund', 'recharge', 'trial')),
  endpoint text NOT NULL DEFAULT '',
  amount bigint NOT NULL,
  balance_after bigint NOT NULL,
  ref text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS api_ledger_user ON api_ledger (user_id, created_at DESC);

CREATE TABLE IF NOT EXISTS invoice_addresses (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  receiver text NOT NULL,
  phone text NOT NULL,
  region text NOT NULL,
  address text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Invoice titles (抬头) a member keeps for reuse.
CREATE TABLE IF NOT EXISTS invoices (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title_type smallint NOT NULL CHECK (title_type IN (1, 2)),
  title text NOT NULL,
  tax_no text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- An invoice request for one paid order; status 0 pending, 1 issued, 2 rejected.
CREATE TABLE IF NOT EXISTS invoice_orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  order_id bigint NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
  invoice_id bigint REFERENCES invoices(id) ON DELETE SET NULL,
  address_id bigint REFERENCES invoice_addresses(id) ON DELETE SET NULL,
  title_snapshot jsonb NOT NULL,
  amount_fen bigint NOT NULL,
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  remark text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
