-- Deleting an account zeroes its API balance; the ledger records that debit too ('forfeit'), so every balance
-- change has its row and a member's balance always equals the sum of their ledger.
ALTER TABLE api_ledger DROP CONSTRAINT IF EXISTS api_ledger_kind_check;
ALTER TABLE api_ledger ADD CONSTRAINT api_ledger_kind_check
  CHECK (kind IN ('call', 'refund', 'recharge', 'trial', 'forfeit'));

-- A debit is given back at most once: a second refund of the same call (ref '退还 #<ledger id>') violates this
-- index, which rolls back its balance update with it (one statement).
CREATE UNIQUE INDEX IF NOT EXISTS api_ledger_one_refund ON api_ledger (ref) WHERE kind = 'refund';
