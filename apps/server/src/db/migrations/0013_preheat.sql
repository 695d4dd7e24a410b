-- Preheat and refresh: a customer's tasks (URL refresh, directory refresh, URL preheat) and the result of each URL.
-- A task is processing until the edge reports every URL, then success, or failed when any URL failed. Daily quotas
-- count url_count per user and type over a Beijing day, under a lock on the user's row (modules/preheat).

CREATE TABLE cache_tasks (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('refreshUrl', 'refreshDir', 'preheat')),
  status text NOT NULL CHECK (status IN ('processing', 'success', 'failed')),
  url_count integer NOT NULL CHECK (url_count > 0),
  failed_count integer NOT NULL DEFAULT 0,
  -- The task this one resubmits the failed URLs of.
  resubmit_of bigint REFERENCES cache_tasks(id) ON DELETE SET NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX cache_tasks_user_created ON cache_tasks (user_id, created_at DESC, id DESC);

CREATE TABLE cache_task_urls (
  task_id bigint NOT NULL REFERENCES cache_tasks(id) ON DELETE CASCADE,
  position integer NOT NULL,
  url text NOT NULL,
  domain_id bigint REFERENCES domains(id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('processing', 'success', 'failed')),
  reason text,
  PRIMARY KEY (task_id, position)
);
