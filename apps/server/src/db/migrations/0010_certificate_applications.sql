-- The installation's ACME account, one per directory (ACME_DIRECTORY_URL): its key is sealed like certificates'
-- keys (AES-256-GCM with CERTIFICATE_KEY). Two processes creating it at once keep the first row (the primary key).
CREATE TABLE acme_accounts (
  directory_url text PRIMARY KEY,
  account_key_sealed text NOT NULL,
  account_url text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Certificate applications (spec section 4): creating -> pending (waiting for the customer's DNS-01 TXT records)
-- -> generating -> completed, or failed (with the reason; retried by the customer) or expired (left unverified for
-- 7 days). Every change of status is a conditional update from the status it leaves, so two processes never both
-- take a step; worker_lease_until keeps the issuance job of one application in one process at a time.
CREATE TABLE certificate_applications (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  domain_names jsonb NOT NULL,
  key_type text NOT NULL CHECK (key_type IN ('RSA', 'ECC')),
  status text NOT NULL CHECK (status IN ('creating', 'pending', 'generating', 'completed', 'failed', 'expired')),
  -- The domains the certificate is deployed to once issued (ids of the owner's domains).
  deploy_domain_ids jsonb NOT NULL DEFAULT '[]',
  deploy_results jsonb,
  order_url text,
  -- [{ domainName, name, value, authorizationUrl, challengeUrl }]: the TXT records the customer adds.
  records jsonb NOT NULL DEFAULT '[]',
  -- The certificate's key, made before the order is finalized so a resumed job finalizes with the same one.
  certificate_key_sealed text,
  certificate_id bigint REFERENCES certificates(id) ON DELETE SET NULL,
  -- Set for a renewal: the certificate whose chain and key the result replaces (redeployed where it is deployed).
  renewal_of bigint REFERENCES certificates(id) ON DELETE CASCADE,
  -- { key, params }: a message key and its parameters, translated when shown; stage tells what a retry redoes.
  failure jsonb,
  failure_stage text CHECK (failure_stage IN ('dns', 'acme')),
  dns_check jsonb,
  retry_count integer NOT NULL DEFAULT 0,
  worker_lease_until timestamptz,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  records_at timestamptz,
  verified_at timestamptz,
  completed_at timestamptz
);
CREATE INDEX certificate_applications_user_created_idx ON certificate_applications (user_id, created_at DESC, id DESC);
CREATE INDEX certificate_applications_status_idx ON certificate_applications (status, records_at);
CREATE UNIQUE INDEX certificate_applications_renewal_idx ON certificate_applications (renewal_of)
  WHERE status IN ('creating', 'pending', 'generating');

-- What happened to a customer's certificates that a message should tell them (renewed, renewal failed, renewal
-- waiting for DNS records). The message centre reads these rows when it lands.
CREATE TABLE certificate_events (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('renewed', 'renewalFailed', 'renewalNeedsDns')),
  certificate_id bigint REFERENCES certificates(id) ON DELETE SET NULL,
  application_id bigint REFERENCES certificate_applications(id) ON DELETE SET NULL,
  params jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX certificate_events_user_idx ON certificate_events (user_id, created_at DESC);
