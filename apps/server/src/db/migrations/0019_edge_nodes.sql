-- The real edge (EDGE=nginx): the nodes the operator issued, the feed of domain snapshots and cache tasks the edge
-- agents pull, and what each node last reported per domain.

-- A node's credential is kept as the SHA-256 of its token only (hex); the token is shown once when it is issued.
CREATE TABLE edge_nodes (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  token_sha256 text NOT NULL UNIQUE,
  hostname text,
  agent_version text,
  nginx_version text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz,
  revoked_at timestamptz
);

-- Every change of the feed takes the next value: an agent asks for the rows past the last one it saw. 0 asks for
-- everything and 1 is the cursor of an empty feed, so rows start at 2.
CREATE SEQUENCE edge_feed_seq START 2;

-- One row per domain the edge holds or must forget; no foreign key: a removal outlives the domain's row until
-- every node has read it. The configuration (private key included) is sealed with the secret box.
CREATE TABLE edge_snapshots (
  domain_id bigint PRIMARY KEY,
  domain_name text NOT NULL,
  cname text NOT NULL,
  variant text NOT NULL CHECK (variant IN ('cdn', 'eo')),
  version integer NOT NULL,
  state text NOT NULL CHECK (state IN ('enabled', 'disabled', 'removed')),
  sealed_config text,
  seq bigint NOT NULL UNIQUE,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The refresh and preheat tasks handed to the edge; the feed's task id is this table's own id.
CREATE TABLE edge_cache_tasks (
  id bigserial PRIMARY KEY,
  task_id bigint NOT NULL UNIQUE REFERENCES cache_tasks (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('refreshUrl', 'refreshDir', 'preheat')),
  urls jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The node whose report was recorded: the first one wins.
  reported_by text,
  reported_at timestamptz
);

-- Each node's latest report per domain (applied, failed, removed), for `edge node list`.
CREATE TABLE edge_node_reports (
  node text NOT NULL,
  domain_id bigint NOT NULL,
  version integer NOT NULL,
  result text NOT NULL CHECK (result IN ('applied', 'failed', 'removed')),
  reason text,
  reported_at timestamptz NOT NULL,
  PRIMARY KEY (node, domain_id)
);
