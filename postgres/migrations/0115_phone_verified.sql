-- A phone proven by an SMS code, or only typed in: a new WeChat/QQ user sets a phone without a code (the spec's
-- hidden code input), which must not take the number from its owner nor earn trial calls, invitation rewards or
-- admin rights until a code proves it (docs/security.md, issue #29 finding 1). Accounts from before cannot be told
-- apart and count as verified.
ALTER TABLE users ADD COLUMN IF NOT EXISTS phone_verified boolean NOT NULL DEFAULT true;
