-- Failure limits with backoff (wrong invite codes, failed sign-ins): one row per key, never one global
-- counter. A key is '<scope>:<keyed hash of the id>' (a chat, a code prefix, an account, an address):
-- no raw platform id, e-mail, address or code. A row is deleted once expires_at has passed.
CREATE TABLE attempt_limits (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  failures_expire_at timestamptz(3),
  blocked_until timestamptz(3),
  succeeded_at timestamptz(3),
  expires_at timestamptz(3) NOT NULL
);
CREATE INDEX attempt_limits_expires_at_idx ON attempt_limits (expires_at);

-- Its rows were keyed by the raw e-mail or client address; attempt_limits takes its place.
DROP TABLE login_failures;
