-- Monitoring orders placed through the paid open API are paid from the API balance (api_ledger), not from the
-- member's monthly monitoring counts: `paid_by` says which, and for 'api' orders `cost` is the calls charged.
ALTER TABLE monitor_orders ADD COLUMN IF NOT EXISTS paid_by text NOT NULL DEFAULT 'quota';
ALTER TABLE monitor_orders DROP CONSTRAINT IF EXISTS monitor_orders_paid_by_check;
ALTER TABLE monitor_orders ADD CONSTRAINT monitor_orders_paid_by_check CHECK (paid_by IN ('quota', 'api'));
