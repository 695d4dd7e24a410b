-- Short-lived secrets of the account area (captchas, email codes, reset and simulation tokens) are kept only as
-- hashes and answer once: used_at is set by a conditional update, so two requests cannot both consume one.

CREATE TABLE captchas (
  id text PRIMARY KEY,
  answer_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX captchas_expires_at_idx ON captchas (expires_at);

-- email is stored lower-cased; the newest row per email decides the resend interval and is the one checked.
CREATE TABLE email_codes (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX email_codes_email_idx ON email_codes (email, created_at DESC);
CREATE INDEX email_codes_expires_at_idx ON email_codes (expires_at);

-- Every login attempt. The lockout counts recent failures by name or by address; the login-log screen lists a
-- user's entries newest first (by user_id, or by name for attempts on a name that had no account).
CREATE TABLE login_log (
  id bigserial PRIMARY KEY,
  user_name text NOT NULL,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  ip text,
  user_agent text,
  result text NOT NULL CHECK (result IN ('success', 'failure')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_log_name_idx ON login_log (lower(user_name), created_at DESC);
CREATE INDEX login_log_ip_failures_idx ON login_log (ip, created_at) WHERE result = 'failure';
CREATE INDEX login_log_user_idx ON login_log (user_id, created_at DESC);

CREATE TABLE password_reset_tokens (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id, created_at DESC);
CREATE INDEX password_reset_tokens_expires_at_idx ON password_reset_tokens (expires_at);

CREATE TABLE simulation_tokens (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX simulation_tokens_expires_at_idx ON simulation_tokens (expires_at);

-- The sandbox mail provider's sent-mail folder (and the place e2e tests read codes and links from).
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (lower(recipient), id DESC);
