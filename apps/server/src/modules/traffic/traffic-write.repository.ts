import { lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connect';
import { rowsOf } from '../../db/migrate';
import { trafficBatches } from '../../db/schema';
import type { BucketDelta, TopItemDelta } from './rollup';

// The bulk upserts below send their rows as one JSON parameter read by json_to_recordset: drizzle's builder would
// bind every value of every row (tens of thousands of parameters for a batch's rankings, past PostgreSQL's 65 535),
// and its `excluded` additions need SQL fragments anyway. Rows go in key order, so two batches writing the same
// buckets at once lock them in the same order and cannot deadlock.

export interface BatchRecord {
  node: string;
  batchId: string;
  receivedAt: Date;
  lines: number;
  accepted: number;
  rejected: number;
  unknownHost: number;
  rawGzip: Uint8Array | null;
}

/** Records the batch; false when (node, batchId) was recorded before, and then nothing must be counted. */
export async function recordBatch(ex: Executor, batch: BatchRecord): Promise<boolean> {
  const rows = await ex
    .insert(trafficBatches)
    .values(batch)
    .onConflictDoNothing()
    .returning({ batchId: trafficBatches.batchId });
  return rows.length === 1;
}

export async function batchSeen(ex: Executor, node: string, batchId: string): Promise<boolean> {
  const rows = await ex
    .select({ batchId: trafficBatches.batchId })
    .from(trafficBatches)
    .where(sql`${trafficBatches.node} = ${node} AND ${trafficBatches.batchId} = ${batchId}`)
    .limit(1);
  return rows.length === 1;
}

const byBucket = (a: BucketDelta, b: BucketDelta) =>
  a.granularity.localeCompare(b.granularity) || a.scopeId - b.scopeId || a.bucketStart - b.bucketStart;

/** Whose buckets: a domain's (traffic_rollups) or an account's (traffic_account_rollups). */
export type BucketScope = 'domain' | 'account';

const scopeTables = {
  domain: { table: sql.raw('traffic_rollups'), key: sql.raw('domain_id') },
  account: { table: sql.raw('traffic_account_rollups'), key: sql.raw('user_id') },
} as const;

/**
 * Adds the deltas to their buckets. Answers each bucket's byte total after the addition, keyed
 * `scopeId:bucketStart` (meant for 5-minute deltas). A 5-minute bucket's peak is its own total; a coarser one keeps the largest peak
 * candidate it was ever given (rollup.ts coarseDeltas).
 */
export async function addToBuckets(
  ex: Executor,
  scope: BucketScope,
  deltas: readonly BucketDelta[],
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  if (deltas.length === 0) return totals;
  const { table, key } = scopeTables[scope];
  const rows = [...deltas].sort(byBucket).map((d) => ({
    d: d.scopeId,
    g: d.granularity,
    t: new Date(d.bucketStart).toISOString(),
    r: d.requests,
    b: d.bytes,
    h: d.hits,
    m: d.misses,
    hb: d.hitBytes,
    p: d.peakBytes,
    s1: d.status[0],
    s2: d.status[1],
    s3: d.status[2],
    s4: d.status[3],
    s5: d.status[4],
  }));
  const result = await ex.execute(sql`
    INSERT INTO ${table} AS r (${key}, granularity, bucket_start, requests, bytes, hits, misses, hit_bytes,
      peak_bytes, status_1xx, status_2xx, status_3xx, status_4xx, status_5xx)
    SELECT d, g, t, r, b, h, m, hb, p, s1, s2, s3, s4, s5
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(d bigint, g text, t timestamptz, r bigint, b bigint,
      h bigint, m bigint, hb bigint, p bigint, s1 bigint, s2 bigint, s3 bigint, s4 bigint, s5 bigint)
    ON CONFLICT (granularity, ${key}, bucket_start) DO UPDATE SET
      requests = r.requests + excluded.requests,
      bytes = r.bytes + excluded.bytes,
      hits = r.hits + excluded.hits,
      misses = r.misses + excluded.misses,
      hit_bytes = r.hit_bytes + excluded.hit_bytes,
      peak_bytes = CASE WHEN r.granularity = '5m' THEN r.bytes + excluded.bytes
                        ELSE GREATEST(r.peak_bytes, excluded.peak_bytes) END,
      status_1xx = r.status_1xx + excluded.status_1xx,
      status_2xx = r.status_2xx + excluded.status_2xx,
      status_3xx = r.status_3xx + excluded.status_3xx,
      status_4xx = r.status_4xx + excluded.status_4xx,
      status_5xx = r.status_5xx + excluded.status_5xx
    RETURNING ${key} AS scope, (extract(epoch FROM bucket_start) * 1000)::bigint AS at, bytes`);
  for (const row of rowsOf<{ scope: string; at: string; bytes: string }>(result)) {
    totals.set(`${row.scope}:${row.at}`, Number(row.bytes));
  }
  return totals;
}

/** Adds the deltas' requests per status code. */
export async function addStatusCodes(ex: Executor, deltas: readonly BucketDelta[]): Promise<void> {
  const rows = [...deltas].sort(byBucket).flatMap((d) =>
    [...d.codes]
      .sort((a, b) => a[0] - b[0])
      .map(([code, n]) => ({
        d: d.scopeId,
        g: d.granularity,
        t: new Date(d.bucketStart).toISOString(),
        c: code,
        n,
      })),
  );
  if (rows.length === 0) return;
  await ex.execute(sql`
    INSERT INTO traffic_status_codes AS s (domain_id, granularity, bucket_start, status, requests)
    SELECT d, g, t, c, n FROM json_to_recordset(${JSON.stringify(rows)}::json)
      AS x(d bigint, g text, t timestamptz, c integer, n bigint)
    ON CONFLICT (granularity, domain_id, bucket_start, status) DO UPDATE SET requests = s.requests + excluded.requests`);
}

/**
 * Keeps a batch's ranking entries as one row, to be folded into the day's rankings by foldRankings (migration 0031
 * says why they are not added to the rankings at once).
 */
export async function appendTopItems(ex: Executor, items: readonly TopItemDelta[]): Promise<void> {
  if (items.length === 0) return;
  const entries = items.map((t) => ({ d: t.domainId, y: t.day, k: t.kind, i: t.item, r: t.requests, b: t.bytes }));
  const domainIds = [...new Set(items.map((t) => t.domainId))];
  await ex.execute(sql`
    INSERT INTO traffic_ranking_deltas (domain_ids, entries)
    VALUES (${idArray(domainIds)}, ${JSON.stringify(entries)}::json)`);
}

/** Ids as one bigint[] parameter (as text: both drivers hand int8 over as text, and take it so). */
const idArray = (ids: readonly (number | string)[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/**
 * Folds the ranking entries kept so far into the day's rankings, summed per item, in one transaction. Each kept row
 * is folded once: a fold waits for one that holds a row and then finds it gone, so a ranking read after its own
 * fold never misses entries another fold was adding. Entries of a domain deleted meanwhile are dropped; the
 * domains folded for are locked against deletion until the end.
 */
export async function foldRankings(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const taken = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT id FROM traffic_ranking_deltas ORDER BY id FOR UPDATE`),
    ).map((row) => row.id);
    if (taken.length === 0) return;
    const ids = idArray(taken);
    const live = rowsOf<{ id: string }>(
      await tx.execute(sql`
        SELECT id FROM domains
        WHERE id IN (SELECT unnest(domain_ids) FROM traffic_ranking_deltas WHERE id = ANY(${ids}))
        FOR KEY SHARE`),
    ).map((row) => row.id);
    // Items go in key order, so two folds adding to the same items lock them in the same order and cannot deadlock.
    await tx.execute(sql`
      WITH taken AS (DELETE FROM traffic_ranking_deltas WHERE id = ANY(${ids})
        RETURNING entries)
      INSERT INTO traffic_top_items AS t (domain_id, day, kind, item, requests, bytes)
      SELECT x.d, x.y, x.k, x.i, sum(x.r), sum(x.b)
      FROM taken, json_to_recordset(taken.entries) AS x(d bigint, y date, k text, i text, r bigint, b bigint)
      WHERE x.d = ANY(${idArray(live)})
      GROUP BY x.d, x.y, x.k, x.i
      ORDER BY x.d, x.y, x.k, x.i
      ON CONFLICT (domain_id, day, kind, item) DO UPDATE SET
        requests = t.requests + excluded.requests, bytes = t.bytes + excluded.bytes`);
  });
}

/** Drops the raw lines of batches received before `before`; answers how many batches lost them. */
export async function dropRawLinesBefore(ex: Executor, before: Date): Promise<number> {
  const rows = await ex
    .update(trafficBatches)
    .set({ rawGzip: null })
    .where(sql`${lt(trafficBatches.receivedAt, before)} AND ${trafficBatches.rawGzip} IS NOT NULL`)
    .returning({ batchId: trafficBatches.batchId });
  return rows.length;
}
