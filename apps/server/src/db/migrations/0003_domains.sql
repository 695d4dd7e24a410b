-- Accelerated domains. A name is held by one user at a time across the whole service.
CREATE TABLE domains (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  domain_name text NOT NULL,
  type text NOT NULL CHECK (type IN ('web', 'download', 'media', 'whole_site')),
  status text NOT NULL CHECK (status IN ('creating', 'configuring', 'enabled', 'disabled', 'deleting', 'abnormal',
                                         'under_review', 'review_rejected')),
  cname text,
  whole_site boolean NOT NULL DEFAULT false,
  review_reason text,
  abnormal_reason text,
  -- Millisecond precision, as the API and JS dates have it, so a keyset cursor read back from a row is exact.
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX domains_domain_name_key ON domains (domain_name);
-- The list pages by (created_at, id) newest first; the included columns let the page's ids, the search and the
-- filters be answered from the index alone (deferred join), at any offset.
CREATE INDEX domains_user_created_idx ON domains (user_id, created_at DESC, id DESC) INCLUDE (domain_name, status, type);
CREATE INDEX domains_user_status_idx ON domains (user_id, status, created_at DESC, id DESC);

-- Exact list totals without counting rows: kept by statement triggers, one row per user, type and status.
CREATE TABLE domain_counts (
  user_id bigint NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (user_id, type, status)
);

CREATE FUNCTION domain_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO domain_counts (user_id, type, status, n)
    SELECT user_id, type, status, count(*) FROM new_rows GROUP BY user_id, type, status
    ON CONFLICT (user_id, type, status) DO UPDATE SET n = domain_counts.n + excluded.n; RETURN NULL; END
$$;

CREATE FUNCTION domain_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE domain_counts c SET n = c.n - d.n
    FROM (SELECT user_id, type, status, count(*) AS n FROM old_rows GROUP BY user_id, type, status) d
   WHERE c.user_id = d.user_id AND c.type = d.type AND c.status = d.status; RETURN NULL; END
$$;

CREATE FUNCTION domain_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE domain_counts c SET n = c.n - d.n
    FROM (SELECT o.user_id, o.type, o.status, count(*) AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
           WHERE (o.user_id, o.type, o.status) IS DISTINCT FROM (w.user_id, w.type, w.status)
           GROUP BY o.user_id, o.type, o.status) d
   WHERE c.user_id = d.user_id AND c.type = d.type AND c.status = d.status; INSERT INTO domain_counts (user_id, type, status, n)
    SELECT w.user_id, w.type, w.status, count(*) FROM old_rows o JOIN new_rows w ON w.id = o.id
     WHERE (o.user_id, o.type, o.status) IS DISTINCT FROM (w.user_id, w.type, w.status)
     GROUP BY w.user_id, w.type, w.status
    ON CONFLICT (user_id, type, status) DO UPDATE SET n = domain_counts.n + excluded.n; RETURN NULL; END
$$;

CREATE TRIGGER domains_count_insert AFTER INSERT ON domains REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_counts_insert();
CREATE TRIGGER domains_count_delete AFTER DELETE ON domains REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_counts_delete();
CREATE TRIGGER domains_count_update AFTER UPDATE ON domains REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION domain_counts_update();

-- The whole configuration of a domain as one document; each settings piece replaces its own keys and bumps the
-- version in one statement. The certificate and its private key live beside the document (the key never appears
-- in a response); the edge snapshot carries both.
CREATE TABLE domain_configs (
  domain_id bigint PRIMARY KEY REFERENCES domains(id) ON DELETE CASCADE,
  config jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  https_certificate text,
  https_private_key text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Proof of ownership: a TXT record under the apex, one random value per user and apex.
CREATE TABLE domain_verifications (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  domain text NOT NULL,
  record_name text NOT NULL,
  record_value text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  verified_at timestamptz,
  checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, domain)
);

-- Durable background work: claimed with FOR UPDATE SKIP LOCKED, retried with backoff, resumed after a restart.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 10,
  locked_until timestamptz,
  done_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE done_at IS NULL AND failed_at IS NULL;
