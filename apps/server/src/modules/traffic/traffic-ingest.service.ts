import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { EdgeLogBatchResult } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { domainsForHosts } from './domain-directory';
import { parseLines, type ReadLines } from './log-reader';
import { accountDeltas, coarseDeltas, type DomainLine, rollUp } from './rollup';
import * as repo from './traffic-write.repository';

const gzipAsync = promisify(gzip);

/**
 * A batch of lines: as text, or already read as it inflated (log-reader.ts) together with its gzip body, which is
 * kept as it came instead of compressed again.
 */
export type LogBatch = {
  /** The edge node (EDGE_NODE_TOKENS name) or `ops` for imported files. */
  node: string;
  /** Names the batch for idempotency; absent, the SHA-256 of the lines names it. */
  batchId?: string;
} & ({ text: string; problemsShown?: number } | { read: ReadLines; gzipped: Uint8Array });

export interface TrafficIngestDeps {
  db: Db;
  now: () => Date;
  rawRetentionDays: number;
}

/**
 * The one way access-log lines become statistics, for edge nodes and imported files alike: read the lines, find
 * each host's domain, sum them per domain (and per account) in memory, and write the batch's record, its rollups
 * and rankings in one transaction. A batch id seen before changes nothing and answers duplicate.
 */
export function createTrafficIngest(deps: TrafficIngestDeps) {
  return {
    async ingest(batch: LogBatch): Promise<EdgeLogBatchResult> {
      // Compressed on libuv's thread pool while this thread reads the lines; a duplicate batch's copy is dropped.
      const gzipping =
        deps.rawRetentionDays === 0 ? null : 'gzipped' in batch ? batch.gzipped : gzipAsync(batch.text, { level: 1 });
      if (gzipping instanceof Promise) gzipping.catch(() => undefined);
      const { lines, problems, rejected, total, sha256 } =
        'read' in batch ? batch.read : parseLines(batch.text, batch.problemsShown);
      const batchId = batch.batchId ?? `sha256:${sha256}`;
      const summary = { batchId, lines: total, rejected, problems };
      if (await repo.batchSeen(deps.db, batch.node, batchId)) {
        return { ...summary, duplicate: true, accepted: 0, unknownHost: 0 };
      }
      const domainOf = await domainsForHosts(deps.db, [...new Set(lines.map((l) => l.host))]);
      const known: DomainLine[] = [];
      const ownerOf = new Map<number, number>();
      for (const line of lines) {
        const domain = domainOf.get(line.host);
        if (domain === undefined) continue;
        known.push({ domainId: domain.id, line });
        ownerOf.set(domain.id, domain.userId);
      }
      const rollup = rollUp(known);
      const rawGzip = await gzipping;
      const counts = { accepted: known.length, unknownHost: lines.length - known.length };
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
