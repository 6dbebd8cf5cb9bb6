-- Sign-in for the supervisor review web app. Secrets are stored hashed: a password as scrypt
-- (salt and parameters in the string), set-password links and session ids as SHA-256, so a database
-- dump neither signs anyone in nor sets a password.
CREATE TABLE staff_credentials (
  staff_id uuid PRIMARY KEY REFERENCES staff_members(id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE password_setup_tokens (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE review_sessions (
  id_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  last_seen_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX review_sessions_staff_idx ON review_sessions (staff_id);

-- Failed sign-ins, keyed 'account:<email>' or 'address:<ip>'; counted over a window for lockout.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_at_idx ON login_failures (key, at);
