-- One value sealed with the installation's ENCRYPTION_KEY at its first start: a process whose key cannot open it
-- refuses to start, rather than answering 500 for every secret another process sealed (secrets/key-canary.ts).
CREATE TABLE encryption_canary (
  id smallint PRIMARY KEY CHECK (id = 1),
  sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
