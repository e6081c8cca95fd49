-- Site notices (网站公告) written by admins; the public list shows only published ones, pinned first.
CREATE TABLE IF NOT EXISTS notices (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  content text NOT NULL,
  pinned boolean NOT NULL DEFAULT false,
  published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS notices_public ON notices (published, pinned DESC, published_at DESC);

-- Bank transfers (对公转账) a member declares for an unpaid order; an admin confirms one against the bank
-- statement, which pays the order through the same code as the payment callback. One open claim per order.
CREATE TABLE IF NOT EXISTS bank_transfers (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  payer_name text NOT NULL,
  reference text NOT NULL,
  remark text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'rejected')),
  review_note text NOT NULL DEFAULT '',
  reviewed_by bigint REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS bank_transfers_user ON bank_transfers (user_id, created_at DESC);
CREATE INDEX IF NOT EXISTS bank_transfers_status ON bank_transfers (status, created_at DESC);
CREATE UNIQUE INDEX IF NOT EXISTS bank_transfers_open ON bank_transfers (order_id) WHERE status = 'pending';

-- Account deletion anonymises the user row (orders and invoices are accounting records that stay) and stamps it.
ALTER TABLE users ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
