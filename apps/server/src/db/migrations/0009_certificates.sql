-- Managed certificates: uploaded by the customer or applied for through ACME. The chain is public; the private key
-- is stored sealed (AES-256-GCM with the installation's CERTIFICATE_KEY, modules/certificate/secret-box.ts) and is
-- opened only to deploy it or for the owner's download. The parsed facts sit beside it for the list and filters.
CREATE TABLE certificates (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  source text NOT NULL CHECK (source IN ('uploaded', 'applied')),
  certificate_pem text NOT NULL,
  private_key_sealed text NOT NULL,
  common_name text NOT NULL,
  dns_names jsonb NOT NULL,
  subject text NOT NULL,
  issuer text NOT NULL,
  issuer_name text NOT NULL,
  key_type text NOT NULL CHECK (key_type IN ('RSA', 'ECC')),
  key_bits integer NOT NULL,
  not_before timestamptz NOT NULL,
  not_after timestamptz NOT NULL,
  fingerprint256 text NOT NULL,
  serial_number text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX certificates_user_created_idx ON certificates (user_id, created_at DESC, id DESC);
CREATE INDEX certificates_user_not_after_idx ON certificates (user_id, not_after);

-- Where a certificate is deployed: one certificate per domain. A deployed certificate cannot be deleted (RESTRICT);
-- a deleted domain drops its row. The domain's name (which never changes) is kept here so that the certificate area
-- lists its deployments without reading the domain area's tables.
CREATE TABLE certificate_deployments (
  domain_id bigint PRIMARY KEY REFERENCES domains(id) ON DELETE CASCADE,
  certificate_id bigint NOT NULL REFERENCES certificates(id) ON DELETE RESTRICT,
  domain_name text NOT NULL,
  deployed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX certificate_deployments_certificate_idx ON certificate_deployments (certificate_id);
