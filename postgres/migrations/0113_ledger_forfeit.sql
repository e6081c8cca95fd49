-- Deleting an account zeroes its API balance; the ledger records that debit too ('forfeit'), so every balance
-- change has its row and a member's balance always equals the sum of their ledger.
ALTER TABLE api_ledger DROP CONSTRAINT IF EXISTS api_ledger_kind_check;
ALTER TABLE api_ledger ADD CONSTRAINT api_ledger_kind_check
  CHECK (kind IN ('call', 'refund', 'recharge', 'trial', 'forfeit'));
