-- Whether the edge serves the domain now: set when the edge reports a version applied, cleared when the domain is
-- disabled or the edge reports a failure. A domain rolling out a settings change (configuring) is still served by
-- its previous version, so refresh and preheat tasks are taken for it. Existing rows: an enabled domain is served;
-- a configuring one is when the edge applied it once (its CNAME is recorded at the first applied report).
ALTER TABLE domains ADD COLUMN edge_serving boolean NOT NULL DEFAULT false;
UPDATE domains SET edge_serving = true WHERE status = 'enabled' OR (status = 'configuring' AND cname IS NOT NULL);

-- Verifying an HTTPS origin's certificate is a per-domain switch (sources[0].verifyCertificate). Existing domains
-- keep what they had, no verification, written out so that the stored documents say so.
UPDATE domain_configs
  SET config = jsonb_set(config, '{sources,0,verifyCertificate}', '"off"')
  WHERE jsonb_typeof(config->'sources'->0) = 'object' AND NOT (config->'sources'->0 ? 'verifyCertificate');
