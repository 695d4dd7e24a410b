import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { EdgeLogBatchResult } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { readBatch } from './batch-reading';
import { domainsForHosts } from './domain-directory';
import type { PartReader } from './reading-threads';
import { accountDeltas, coarseDeltas, rollUp } from './rollup';
import * as repo from './traffic-write.repository';

const gzipAsync = promisify(gzip);

/** A batch of lines, with the gzip body it came in when it came so: kept as it came instead of compressed again. */
export interface LogBatch {
  /** The edge node (EDGE_NODE_TOKENS name) or `ops` for imported files. */
  node: string;
  /** Names the batch for idempotency; absent, the SHA-256 of the lines names it. */
  batchId?: string;
  text: string;
  gzipped?: Uint8Array;
  problemsShown?: number;
}

export interface TrafficIngestDeps {
  db: Db;
  now: () => Date;
  rawRetentionDays: number;
  /** Threads that read parts of a big batch beside the calling one (reading-threads.ts); none, it reads alone. */
  readers?: readonly PartReader[];
  /** A reading thread failed; its part was read on the calling thread instead. */
  onReaderFailure?: (error: unknown) => void;
}

/**
 * The one way access-log lines become statistics, for edge nodes and imported files alike: read the lines and sum
 * them per host (a big batch in parts, on several threads), find each host's domain, sum them per domain (and per
 * account), and write the batch's record, its rollups and rankings in one transaction. A batch id seen before changes
 * nothing and answers duplicate.
 */
export function createTrafficIngest(deps: TrafficIngestDeps) {
  return {
    async ingest(batch: LogBatch): Promise<EdgeLogBatchResult> {
      // Compressed on libuv's thread pool while the lines are read; a duplicate batch's copy is dropped.
      const gzipping = deps.rawRetentionDays === 0 ? null : (batch.gzipped ?? gzipAsync(batch.text, { level: 1 }));
      if (gzipping instanceof Promise) gzipping.catch(() => undefined);
      const reading = readBatch(batch.text, {
        helpers: deps.readers,
        problemsShown: batch.problemsShown,
        onHelperFailure: deps.onReaderFailure,
      });
      const batchId = batch.batchId ?? `sha256:${createHash('sha256').update(batch.text).digest('hex')}`;
      const { sums, problems, rejected, total } = await reading;
      const summary = { batchId, lines: total, rejected, problems };
      if (await repo.batchSeen(deps.db, batch.node, batchId)) {
        return { ...summary, duplicate: true, accepted: 0, unknownHost: 0 };
      }
      const domainOf = await domainsForHosts(deps.db, [...sums.keys()]);
      const rollup = rollUp(sums, (host) => domainOf.get(host)?.id);
      const ownerOf = new Map([...domainOf.values()].map((domain) => [domain.id, domain.userId]));
      const rawGzip = await gzipping;
      const counts = { accepted: rollup.lines, unknownHost: total - rejected - rollup.lines };
      const recorded = await deps.db.transaction(async (tx) => {
        const fresh = await repo.recordBatch(tx, {
          node: batch.node,
          batchId,
          receivedAt: deps.now(),
          lines: total,
          rejected,
          ...counts,
          rawGzip,
        });
        if (!fresh) return false;
        for (const scope of ['domain', 'account'] as const) {
          const fiveMinute =
            scope === 'domain' ? rollup.fiveMinute : accountDeltas(rollup.fiveMinute, (id) => ownerOf.get(id)!);
          const totals = await repo.addToBuckets(tx, scope, fiveMinute);
          const coarse = coarseDeltas(fiveMinute, (d) => totals.get(`${d.scopeId}:${d.bucketStart}`) ?? 0);
          await repo.addToBuckets(tx, scope, coarse);
          if (scope === 'domain') await repo.addStatusCodes(tx, coarse);
        }
        await repo.appendTopItems(tx, rollup.top);
        return true;
      });
      return recorded
        ? { ...summary, duplicate: false, ...counts }
        : { ...summary, duplicate: true, accepted: 0, unknownHost: 0 };
    },
  };
}

export type TrafficIngest = ReturnType<typeof createTrafficIngest>;
