-- The operation log: every change a customer (or the operator, on a customer's objects) makes, written in the
-- transaction of the change itself (modules/operation-log). Rows are append-only: the triggers below refuse every
-- UPDATE, DELETE and TRUNCATE, whoever runs them. No cascade from users for the same reason.

CREATE TABLE operation_log (
  id bigserial PRIMARY KEY,
  -- The account whose object changed; the customer reads their own rows only.
  user_id bigint NOT NULL REFERENCES users(id),
  actor text NOT NULL CHECK (actor IN ('user', 'operator')),
  -- The session or API key that made a customer's change (no foreign key: sessions are purged, the log stays).
  session_id bigint,
  api_key_id bigint,
  address text,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text,
  target_name text,
  -- [{ field, before, after }], short texts (operation-log/change-summary.ts).
  changes jsonb NOT NULL DEFAULT '[]'::jsonb,
  sample boolean NOT NULL DEFAULT false,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX operation_log_user_created ON operation_log (user_id, created_at DESC, id DESC);

CREATE FUNCTION operation_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operation_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER operation_log_no_update_delete BEFORE UPDATE OR DELETE ON operation_log
  FOR EACH ROW EXECUTE FUNCTION operation_log_refuse_change();
CREATE TRIGGER operation_log_no_truncate BEFORE TRUNCATE ON operation_log
  FOR EACH STATEMENT EXECUTE FUNCTION operation_log_refuse_change();
