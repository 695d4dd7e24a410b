-- The domain list's name search is a substring (LIKE '%...%'), which no B-tree can seek: at a million domains it read
-- every one of the customer's index entries. A trigram index finds a name by any three characters inside it.
-- pg_trgm goes into public, wherever the migrations themselves run: the tests and benches give each run a schema of
-- its own in one database, and dropping such a schema must not take the extension (and every other schema's index)
-- with it. Where the database already has pg_trgm in another schema, that one is used.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
DO $$
DECLARE
  home text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                 WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX domains_name_trgm_idx ON domains USING gin (domain_name %I.gin_trgm_ops)', home);
END $$;
