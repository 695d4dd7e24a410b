import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { EdgeLogBatchResult } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { domainsForHosts } from './domain-directory';
import { type AccessLogLine, newLineMemo, parseLogLine } from './log-line';
import { accountDeltas, coarseDeltas, type DomainLine, rollUp } from './rollup';
import * as repo from './traffic-write.repository';

const gzipAsync = promisify(gzip);

/** Rejected lines described in a batch's answer; the rest are only counted. */
const PROBLEMS_SHOWN = 10;

export interface LogBatch {
  /** The edge node (EDGE_NODE_TOKENS name) or `ops` for imported files. */
  node: string;
  /** Names the batch for idempotency; absent, the SHA-256 of the lines names it. */
  batchId?: string;
  /** The JSON lines. */
  text: string;
  /** The same lines gzip-compressed, when they arrived so (kept as they are instead of compressed again). */
  gzipped?: Uint8Array;
}

export interface TrafficIngestDeps {
  db: Db;
  now: () => Date;
  rawRetentionDays: number;
}

function batchIdOf(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** Splits the text into lines and reads each; empty lines are skipped, bad ones counted with a few described. */
export function parseLines(text: string) {
  const lines: AccessLogLine[] = [];
  const problems: EdgeLogBatchResult['problems'] = [];
  let rejected = 0;
  let total = 0;
  let start = 0;
  let number = 0;
  const memo = newLineMemo();
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    number++;
    const raw = text.slice(start, end).trim();
    start = end + 1;
    if (raw === '') continue;
    total++;
    const parsed = parseLogLine(raw, memo);
    if (parsed.ok) {
      lines.push(parsed.line);
    } else {
      rejected++;
      if (problems.length < PROBLEMS_SHOWN) problems.push({ line: number, problem: parsed.problem });
    }
  }
  return { lines, problems, rejected, total };
}

/**
 * The one way access-log lines become statistics, for edge nodes and imported files alike: read the lines, find
 * each host's domain, sum them per domain (and per account) in memory, and write the batch's record, its rollups
 * and rankings in one transaction. A batch id seen before changes nothing and answers duplicate.
 */
export function createTrafficIngest(deps: TrafficIngestDeps) {
  return {
    async ingest(batch: LogBatch): Promise<EdgeLogBatchResult> {
      const batchId = batch.batchId ?? batchIdOf(batch.text);
      const { lines, problems, rejected, total } = parseLines(batch.text);
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
      const rawGzip = deps.rawRetentionDays > 0 ? (batch.gzipped ?? (await gzipAsync(batch.text, { level: 1 }))) : null;
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
        await repo.addTopItems(tx, rollup.top);
        return true;
      });
      return recorded
        ? { ...summary, duplicate: false, ...counts }
        : { ...summary, duplicate: true, accepted: 0, unknownHost: 0 };
    },
  };
}

export type TrafficIngest = ReturnType<typeof createTrafficIngest>;
