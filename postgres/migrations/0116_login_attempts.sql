-- Login attempts per key ('phone:…' or 'ip:…') in a 15-minute window, one row each. An attempt takes its slot in a
-- single conditional upsert before the password is checked, so parallel attempts cannot get past the limit; the
-- old login_failures rows were counted, then written, and 40 parallel wrong passwords got 13 checks past a limit of 5.
CREATE TABLE IF NOT EXISTS login_attempts (
  key text PRIMARY KEY,
  count int NOT NULL,
  window_start timestamptz NOT NULL DEFAULT now()
);
DROP TABLE IF EXISTS login_failures;
