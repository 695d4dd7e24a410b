-- The operator console's staff (issue 28): accounts of their own, never customers; their sessions, their sign-in
-- challenges and an append-only audit log of everything they do.

CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  user_name text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'support', 'finance', 'reviewer', 'operations')),
  -- The TOTP seed, sealed; null until the member has set two-factor sign-in up (required at the first sign-in).
  totp_secret_sealed text,
  totp_last_step bigint NOT NULL DEFAULT 0,
  -- Only the demo installation's admin (loopback): signs in without two-factor, with a banner that says so.
  two_factor_exempt boolean NOT NULL DEFAULT false,
  -- Wrong passwords and codes since failures_since; at limits.staff.loginFailures the sign-in is locked.
  failures integer NOT NULL DEFAULT 0,
  failures_since timestamptz,
  locked_until timestamptz,
  disabled_at timestamptz,
  last_sign_in_at timestamptz,
  last_sign_in_ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff_sessions (
  id bigserial PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- The step between password and code: 'verify' for a member with two-factor, 'setup' (with the new seed, sealed)
-- for one setting it up.
CREATE TABLE staff_challenges (
  id bigserial PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'setup')),
  secret_sealed text,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_challenges_expires ON staff_challenges (expires_at);

-- Every staff action: who, what, on which object and customer, before and after, why and from where. Append-only
-- like the customers' operation log: the triggers refuse UPDATE, DELETE and TRUNCATE, whoever runs them.
CREATE TABLE staff_audit_log (
  id bigserial PRIMARY KEY,
  -- Null for what the operator's command line did (npm run ops -- staff ...): staff_name says so.
  staff_id bigint REFERENCES staff(id),
  staff_name text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text,
  target_name text,
  customer_id bigint,
  before jsonb,
  after jsonb,
  reason text,
  address text,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_log_created ON staff_audit_log (created_at DESC, id DESC);

CREATE FUNCTION staff_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER staff_audit_log_no_update_delete BEFORE UPDATE OR DELETE ON staff_audit_log
  FOR EACH ROW EXECUTE FUNCTION staff_audit_log_refuse_change();
CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_log_refuse_change();
