-- A job may carry a merge key: enqueuing a job of the same kind and key while one is still waiting for its first
-- run updates that one instead of adding a row (ten saves of a domain's configuration publish it once). A job
-- leaves the index when it is first claimed (attempts > 0), so work already under way is never merged into.
ALTER TABLE jobs ADD COLUMN merge_key text;
CREATE UNIQUE INDEX jobs_merge_key_idx ON jobs (kind, merge_key) WHERE merge_key IS NOT NULL AND attempts = 0;

-- Periodic work. A process whose clock has passed next_run_at moves it on and enqueues the schedule's job in one
-- transaction, so each period is enqueued once however many processes share the database, and a restart resumes
-- from the stored time.
CREATE TABLE schedules (
  name text PRIMARY KEY,
  interval_ms bigint NOT NULL CHECK (interval_ms > 0),
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz
);
