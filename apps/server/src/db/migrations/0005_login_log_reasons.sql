-- The reasons a login attempt is logged with: the drizzle schema names them (contract loginLogReasons); the
-- database now holds the same list, as it does for every other value list.
ALTER TABLE login_log ADD CONSTRAINT login_log_reason_check CHECK (reason IN ('captcha_invalid', 'captcha_required',
  'password', 'rate_limited', 'simulation', 'unknown_user', 'wrong_password'));
