import { coarseGranularities, statisticsGranularities, topKinds } from '@edgeward/contract';
import { bigint, bigserial, date, integer, json, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, bytea, id } from './columns';
import { domains } from './domains';

/** A counter that can pass 2^31 (bytes, requests over a day); far below 2^53, so a number in code. */
const counter = (name: string) => bigint(name, { mode: 'number' });

export const trafficBatches = pgTable(
  'traffic_batches',
  {
    node: text('node').notNull(),
    batchId: text('batch_id').notNull(),
    receivedAt: at('received_at').notNull(),
    lines: integer('lines').notNull(),
    accepted: integer('accepted').notNull(),
    rejected: integer('rejected').notNull(),
    unknownHost: integer('unknown_host').notNull(),
    /** The lines as received, gzip; null once TRAFFIC_RAW_RETENTION_DAYS have passed. */
    rawGzip: bytea('raw_gzip'),
  },
  (t) => [primaryKey({ columns: [t.node, t.batchId] })],
);

const domainRef = () =>
  id('domain_id')
    .notNull()
    .references(() => domains.id, { onDelete: 'cascade' });

const bucketFigures = () => ({
  granularity: text('granularity', { enum: statisticsGranularities }).notNull(),
  bucketStart: at('bucket_start').notNull(),
  requests: counter('requests').notNull(),
  bytes: counter('bytes').notNull(),
  hits: counter('hits').notNull(),
  misses: counter('misses').notNull(),
  hitBytes: counter('hit_bytes').notNull(),
  /** The largest 5-minute byte count inside the bucket. */
  peakBytes: counter('peak_bytes').notNull(),
  status1xx: counter('status_1xx').notNull(),
  status2xx: counter('status_2xx').notNull(),
  status3xx: counter('status_3xx').notNull(),
  status4xx: counter('status_4xx').notNull(),
  status5xx: counter('status_5xx').notNull(),
});

export const trafficRollups = pgTable('traffic_rollups', { domainId: domainRef(), ...bucketFigures() }, (t) => [
  primaryKey({ columns: [t.granularity, t.domainId, t.bucketStart] }),
]);

/** The account's buckets: its domains' summed, deleted domains' traffic included. */
export const trafficAccountRollups = pgTable(
  'traffic_account_rollups',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...bucketFigures(),
  },
  (t) => [primaryKey({ columns: [t.granularity, t.userId, t.bucketStart] })],
);

export const trafficStatusCodes = pgTable(
  'traffic_status_codes',
  {
    domainId: domainRef(),
    granularity: text('granularity', { enum: coarseGranularities }).notNull(),
    bucketStart: at('bucket_start').notNull(),
    status: integer('status').notNull(),
    requests: counter('requests').notNull(),
  },
  (t) => [primaryKey({ columns: [t.granularity, t.domainId, t.bucketStart, t.status] })],
);

/** Its domain's rows go with the domain through a trigger, not a foreign key (migration 0032). */
export const trafficTopItems = pgTable(
  'traffic_top_items',
  {
    domainId: id('domain_id').notNull(),
    /** The Beijing day, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: topKinds }).notNull(),
    item: text('item').notNull(),
    requests: counter('requests').notNull(),
    bytes: counter('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.day, t.kind, t.item] })],
);

/** Ranking entries of recorded batches not yet folded into traffic_top_items, one row a batch (migration 0031). */
export const trafficRankingDeltas = pgTable('traffic_ranking_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  domainIds: counter('domain_ids').array().notNull(),
  entries: json('entries').notNull(),
});
