-- Traffic statistics from the edge's access logs (modules/traffic). Each batch of log lines an edge node posts (or
-- `npm run ops -- logs import` reads) is recorded once per (node, batch id), which makes a batch posted twice count
-- once; its lines are kept gzip-compressed for TRAFFIC_RAW_RETENTION_DAYS, then dropped by the purge schedule.
CREATE TABLE traffic_batches (
  node text NOT NULL,
  batch_id text NOT NULL,
  received_at timestamptz NOT NULL,
  lines integer NOT NULL,
  accepted integer NOT NULL,
  rejected integer NOT NULL,
  unknown_host integer NOT NULL,
  raw_gzip bytea,
  PRIMARY KEY (node, batch_id)
);
CREATE INDEX traffic_batches_received_idx ON traffic_batches (received_at);

-- Per domain and bucket: 5-minute buckets as the lines fill them, and 1-hour, 4-hour and 1-day buckets summed from
-- them in the same transaction. Buckets start on the UTC+8 clock (a day is a Beijing day). peak_bytes is the largest
-- 5-minute byte count inside the bucket (its bandwidth is peak_bytes * 8 / 300 bits per second).
CREATE TABLE traffic_rollups (
  domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
  granularity text NOT NULL CHECK (granularity IN ('5m', '1h', '4h', '1d')),
  bucket_start timestamptz NOT NULL,
  requests bigint NOT NULL,
  bytes bigint NOT NULL,
  hits bigint NOT NULL,
  misses bigint NOT NULL,
  hit_bytes bigint NOT NULL,
  peak_bytes bigint NOT NULL,
  status_1xx bigint NOT NULL,
  status_2xx bigint NOT NULL,
  status_3xx bigint NOT NULL,
  status_4xx bigint NOT NULL,
  status_5xx bigint NOT NULL,
  PRIMARY KEY (granularity, domain_id, bucket_start)
);

-- The same buckets per account, summed over the account's domains in the same transaction: what the overview and
-- every query over all of a customer's domains read (one row per bucket instead of one per domain). They keep the
-- traffic of domains deleted since, as the account used it; the per-domain rows go with their domain.
CREATE TABLE traffic_account_rollups (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  granularity text NOT NULL CHECK (granularity IN ('5m', '1h', '4h', '1d')),
  bucket_start timestamptz NOT NULL,
  requests bigint NOT NULL,
  bytes bigint NOT NULL,
  hits bigint NOT NULL,
  misses bigint NOT NULL,
  hit_bytes bigint NOT NULL,
  peak_bytes bigint NOT NULL,
  status_1xx bigint NOT NULL,
  status_2xx bigint NOT NULL,
  status_3xx bigint NOT NULL,
  status_4xx bigint NOT NULL,
  status_5xx bigint NOT NULL,
  PRIMARY KEY (granularity, user_id, bucket_start)
);

-- Requests per status code, in the hourly, 4-hour and daily buckets of traffic_rollups (a distribution of codes is
-- read over ranges, to the hour; five-minute rows would be most of a batch's writes for nothing).
CREATE TABLE traffic_status_codes (
  domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
  granularity text NOT NULL CHECK (granularity IN ('1h', '4h', '1d')),
  bucket_start timestamptz NOT NULL,
  status integer NOT NULL,
  requests bigint NOT NULL,
  PRIMARY KEY (granularity, domain_id, bucket_start, status)
);

-- Rankings per domain and Beijing day: every URL, referer and client address seen, with its requests and bytes.
CREATE TABLE traffic_top_items (
  domain_id bigint NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
  day date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('url', 'referer', 'clientIp')),
  item text NOT NULL,
  requests bigint NOT NULL,
  bytes bigint NOT NULL,
  PRIMARY KEY (domain_id, day, kind, item)
);
