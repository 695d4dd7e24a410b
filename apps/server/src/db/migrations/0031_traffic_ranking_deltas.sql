-- A batch's ranking entries are kept here as one value when the batch is recorded, and folded into
-- traffic_top_items before rankings are read (and by a job each minute): adding some 20,000 entries of a busy batch
-- to the indexed rankings was most of a batch's writes, and one row holding them costs a fraction of it. The fold
-- drops the entries of domains deleted meanwhile.
CREATE TABLE traffic_ranking_deltas (
  id bigserial PRIMARY KEY,
  -- The domains the entries are for, locked against deletion while they are folded.
  domain_ids bigint[] NOT NULL,
  -- [{"d": domain id, "y": Beijing day, "k": kind, "i": item, "r": requests, "b": bytes}, ...]
  entries json NOT NULL
);
