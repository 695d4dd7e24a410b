-- The edge-platform (eo) variant: a domain belongs to the CDN or to the edge platform. Names stay unique across
-- both, so one name belongs to one variant.
ALTER TABLE domains ADD COLUMN variant text NOT NULL DEFAULT 'cdn' CHECK (variant IN ('cdn', 'eo'));

-- The list totals are per variant: each variant's list counts only its own domains.
ALTER TABLE domain_counts ADD COLUMN variant text NOT NULL DEFAULT 'cdn';
ALTER TABLE domain_counts DROP CONSTRAINT domain_counts_pkey;
ALTER TABLE domain_counts ADD PRIMARY KEY (user_id, variant, type, status);

CREATE OR REPLACE FUNCTION domain_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO domain_counts (user_id, variant, type, status, n)
    SELECT user_id, variant, type, status, count(*) FROM new_rows GROUP BY user_id, variant, type, status
    ON CONFLICT (user_id, variant, type, status) DO UPDATE SET n = domain_counts.n + excluded.n; RETURN NULL; END
$$;

CREATE OR REPLACE FUNCTION domain_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE domain_counts c SET n = c.n - d.n
    FROM (SELECT user_id, variant, type, status, count(*) AS n FROM old_rows GROUP BY user_id, variant, type, status) d
   WHERE c.user_id = d.user_id AND c.variant = d.variant AND c.type = d.type AND c.status = d.status;
  RETURN NULL; END
$$;

CREATE OR REPLACE FUNCTION domain_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE domain_counts c SET n = c.n - d.n
    FROM (SELECT o.user_id, o.variant, o.type, o.status, count(*) AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
           WHERE (o.user_id, o.variant, o.type, o.status) IS DISTINCT FROM (w.user_id, w.variant, w.type, w.status)
           GROUP BY o.user_id, o.variant, o.type, o.status) d
   WHERE c.user_id = d.user_id AND c.variant = d.variant AND c.type = d.type AND c.status = d.status;
  INSERT INTO domain_counts (user_id, variant, type, status, n)
    SELECT w.user_id, w.variant, w.type, w.status, count(*) FROM old_rows o JOIN new_rows w ON w.id = o.id
     WHERE (o.user_id, o.variant, o.type, o.status) IS DISTINCT FROM (w.user_id, w.variant, w.type, w.status)
     GROUP BY w.user_id, w.variant, w.type, w.status
    ON CONFLICT (user_id, variant, type, status) DO UPDATE SET n = domain_counts.n + excluded.n; RETURN NULL; END
$$;

-- The adaptive frequency control's baseline: requests per 10 s at the 7-day peak of the domain's own traffic,
-- recomputed every 24 hours by a schedule.
CREATE TABLE eo_rate_baselines (
  domain_id bigint PRIMARY KEY REFERENCES domains(id) ON DELETE CASCADE,
  peak_per_10s bigint NOT NULL,
  average_per_10s bigint NOT NULL,
  computed_at timestamptz NOT NULL
);

-- The account's variant is one of cdn, eo or all (both menus).
ALTER TABLE users ADD CONSTRAINT users_cdn_type_check CHECK (cdn_type IN ('cdn', 'eo', 'all'));

-- Every customer list reads one variant: the index the list's deferred join scans leads with it.
DROP INDEX domains_user_created_idx;
CREATE INDEX domains_user_variant_created_idx ON domains (user_id, variant, created_at DESC, id DESC)
  INCLUDE (domain_name, status, type);
