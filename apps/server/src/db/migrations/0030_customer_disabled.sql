-- An operator can disable a customer's account (issue 28): its sessions are revoked at once, and while disabled_at is
-- set no session, API key or password opens it. The reason is the operator's, kept for the next one to read.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
ALTER TABLE users ADD COLUMN disabled_reason text;

-- The login log says why a disabled account's correct password was refused.
ALTER TABLE login_log DROP CONSTRAINT login_log_reason_check;
ALTER TABLE login_log ADD CONSTRAINT login_log_reason_check CHECK (reason IN ('captcha_invalid', 'captcha_required',
  'password', 'rate_limited', 'simulation', 'unknown_user', 'wrong_password', 'totp', 'recovery_code',
  'wrong_second_factor', 'account_disabled'));
