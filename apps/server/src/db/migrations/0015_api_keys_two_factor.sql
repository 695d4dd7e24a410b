-- API keys and two-factor sign-in (modules/apikey, modules/account/two-factor*). Secrets the server must read back
-- (a key's SecretKey, to check HMAC signatures; the TOTP seed, to compute codes) are sealed with the secret box
-- (AES-256-GCM, ENCRYPTION_KEY); what it only compares (recovery codes, login challenges) is stored as a hash.

CREATE TABLE api_keys (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_id text NOT NULL UNIQUE,
  secret_key_sealed text NOT NULL,
  note text NOT NULL DEFAULT '',
  read_only boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  last_used_ip text,
  -- The demo account's sample keys (their SecretKeys were never shown to anyone).
  sample boolean NOT NULL DEFAULT false
);
CREATE INDEX api_keys_user ON api_keys (user_id, id);

-- Nonces of signed calls, kept while their timestamp could still be accepted: the primary key refuses a replay,
-- even of two copies racing, and the purge drops the expired ones.
CREATE TABLE api_key_nonces (
  api_key_id bigint NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (api_key_id, nonce)
);
CREATE INDEX api_key_nonces_expires ON api_key_nonces (expires_at);

-- One row per user who started setting up TOTP; enabled_at is null until the first code confirmed it. last_step is
-- the time step of the last code accepted, so a code is good once.
CREATE TABLE user_two_factor (
  user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  enabled_at timestamptz,
  last_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE two_factor_recovery_codes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);

-- The password step of a two-factor sign-in hands out a challenge; only its hash is kept, good for a few tries
-- within minutes and used up by the sign-in it completes.
CREATE TABLE login_challenges (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz
);

ALTER TABLE login_log DROP CONSTRAINT login_log_reason_check;
ALTER TABLE login_log ADD CONSTRAINT login_log_reason_check CHECK (reason IN ('captcha_invalid', 'captcha_required',
  'password', 'rate_limited', 'simulation', 'unknown_user', 'wrong_password', 'totp', 'recovery_code',
  'wrong_second_factor'));
