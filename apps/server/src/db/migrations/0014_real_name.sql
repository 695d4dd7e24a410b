-- Real-name verification (modules/identity). Each submission of a name and ID number is an attempt with its face
-- check at the identity service; a pass sets users.real_name_verified in the same transaction, and that flag stays
-- what every guard reads. The name and the ID number are sealed (AES-256-GCM with ENCRYPTION_KEY, bound to the
-- user); only their masked forms (first and last character) are kept in the clear, for the answers.

CREATE TABLE real_name_attempts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  real_name_sealed text NOT NULL,
  id_number_sealed text NOT NULL,
  real_name_masked text NOT NULL,
  id_number_masked text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'passed', 'failed', 'superseded', 'revoked')),
  -- The identity service that runs the face check and its reference for it.
  provider text NOT NULL,
  check_id text,
  check_url text,
  -- Passed by the operator's review (npm run ops -- user verify) rather than by a face check.
  operator_review boolean NOT NULL DEFAULT false,
  -- The demo account's sample identity.
  sample boolean NOT NULL DEFAULT false,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  finished_at timestamptz(3)
);
CREATE INDEX real_name_attempts_user ON real_name_attempts (user_id, id DESC);
CREATE UNIQUE INDEX real_name_attempts_check ON real_name_attempts (provider, check_id);

-- Callbacks already applied, by the service's notification id: a replay changes nothing.
CREATE TABLE face_check_notifications (
  provider text NOT NULL,
  notify_id text NOT NULL,
  attempt_id bigint REFERENCES real_name_attempts(id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, notify_id)
);

-- The sandbox face-check service's own book (providers/identity/sandbox-verifier.ts): what a real service keeps on
-- its side. It holds the masked identity only.
CREATE TABLE sandbox_face_checks (
  check_id text PRIMARY KEY,
  biz_no text NOT NULL,
  real_name_masked text NOT NULL,
  id_number_masked text NOT NULL,
  notify_url text NOT NULL,
  status text NOT NULL CHECK (status IN ('waiting', 'passed', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
