import { coarseGranularities, type StatisticsGranularity, type TopKind } from '@edgeward/contract';
import { bucketStart, utc8Day } from './buckets';
import { type AccessLogLine, isCacheHit } from './log-line';

/** What every bucket counts. status[0] is 1xx ... status[4] is 5xx. */
export interface Counters {
  requests: number;
  bytes: number;
  hits: number;
  misses: number;
  hitBytes: number;
  status: [number, number, number, number, number];
}

/** One bucket as a batch adds to it: a domain's, or (summed over its domains) an account's. */
export interface BucketDelta extends Counters {
  /** The domain's id, or the account's (user) id for account buckets. */
  scopeId: number;
  granularity: StatisticsGranularity;
  bucketStart: number;
  /** Requests per status code. */
  codes: Map<number, number>;
  /** The largest 5-minute byte total inside the bucket once the batch is added (coarse buckets only). */
  peakBytes: number;
}

export interface TopItemDelta {
  domainId: number;
  /** Beijing day, YYYY-MM-DD. */
  day: string;
  kind: TopKind;
  item: string;
  requests: number;
  bytes: number;
}

/** A batch's lines summed per domain: its 5-minute buckets and its ranking entries. */
export interface BatchRollup {
  fiveMinute: BucketDelta[];
  top: TopItemDelta[];
}

export interface DomainLine {
  domainId: number;
  line: AccessLogLine;
}

const FIVE_MINUTES = 300_000;

function emptyBucket(scopeId: number, granularity: StatisticsGranularity, start: number): BucketDelta {
  return {
    scopeId,
    granularity,
    bucketStart: start,
    requests: 0,
    bytes: 0,
    hits: 0,
    misses: 0,
    hitBytes: 0,
    status: [0, 0, 0, 0, 0],
    codes: new Map(),
    peakBytes: 0,
  };
}

function addCounters(into: Counters, from: Counters): void {
  into.requests += from.requests;
  into.bytes += from.bytes;
  into.hits += from.hits;
  into.misses += from.misses;
  into.hitBytes += from.hitBytes;
  for (let i = 0; i < 5; i++) into.status[i]! += from.status[i]!;
}

function addCodes(into: Map<number, number>, from: Map<number, number>): void {
  for (const [code, n] of from) into.set(code, (into.get(code) ?? 0) + n);
}

/** Sums the lines in memory: one delta per domain and 5-minute bucket, one per domain, day and ranked item. */
export function rollUp(lines: Iterable<DomainLine>): BatchRollup {
  const buckets = new Map<string, BucketDelta>();
  const top = new Map<string, TopItemDelta>();
  const dayOf = new Map<number, string>();
  const rank = (domainId: number, day: string, kind: TopKind, item: string, bytes: number) => {
    if (item === '') return;
    const key = `${domainId}\u0000${day}\u0000${kind}\u0000${item}`;
    const entry = top.get(key);
    if (entry) {
      entry.requests++;
      entry.bytes += bytes;
    } else {
      top.set(key, { domainId, day, kind, item, requests: 1, bytes });
    }
  };
  for (const { domainId, line } of lines) {
    const start = Math.floor(line.time / FIVE_MINUTES) * FIVE_MINUTES;
    const key = `${domainId}:${start}`;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = emptyBucket(domainId, '5m', start);
      buckets.set(key, bucket);
    }
    bucket.requests++;
    bucket.bytes += line.bytesSent;
    if (isCacheHit(line.cacheStatus)) {
      bucket.hits++;
      bucket.hitBytes += line.bytesSent;
    } else {
      bucket.misses++;
    }
    bucket.status[Math.floor(line.status / 100) - 1]!++;
    bucket.codes.set(line.status, (bucket.codes.get(line.status) ?? 0) + 1);

    const dayStart = bucketStart(line.time, '1d');
    let day = dayOf.get(dayStart);
    if (day === undefined) {
      day = utc8Day(line.time);
      dayOf.set(dayStart, day);
    }
    rank(domainId, day, 'url', line.path, line.bytesSent);
    rank(domainId, day, 'referer', line.referer, line.bytesSent);
    rank(domainId, day, 'clientIp', line.clientIp, line.bytesSent);
  }
  for (const bucket of buckets.values()) bucket.peakBytes = bucket.bytes;
  return { fiveMinute: [...buckets.values()], top: [...top.values()] };
}

/**
 * The 1-hour, 4-hour and 1-day deltas of a batch: its 5-minute deltas summed into the coarser buckets. A coarse
 * bucket's peak candidate is the largest 5-minute total inside it after the batch (`totalBytesAfter`, read back
 * from the stored 5-minute rows): 5-minute totals only grow, so keeping the largest candidate ever seen gives the
 * largest final total, whatever the batches were.
 */
export function coarseDeltas(fiveMinute: readonly BucketDelta[], totalBytesAfter: (d: BucketDelta) => number) {
  const out = new Map<string, BucketDelta>();
  for (const delta of fiveMinute) {
    const total = totalBytesAfter(delta);
    for (const granularity of coarseGranularities) {
      const start = bucketStart(delta.bucketStart, granularity);
      const key = `${granularity}:${delta.scopeId}:${start}`;
      let bucket = out.get(key);
      if (!bucket) {
        bucket = emptyBucket(delta.scopeId, granularity, start);
        out.set(key, bucket);
      }
      addCounters(bucket, delta);
      addCodes(bucket.codes, delta.codes);
      bucket.peakBytes = Math.max(bucket.peakBytes, total);
    }
  }
  return [...out.values()];
}

/** The domains' 5-minute deltas summed per account (the domains' owner), for the account-wide buckets. */
export function accountDeltas(
  fiveMinute: readonly BucketDelta[],
  ownerOf: (domainId: number) => number,
): BucketDelta[] {
  const out = new Map<string, BucketDelta>();
  for (const delta of fiveMinute) {
    const owner = ownerOf(delta.scopeId);
    const key = `${owner}:${delta.bucketStart}`;
    let bucket = out.get(key);
    if (!bucket) {
      bucket = emptyBucket(owner, '5m', delta.bucketStart);
      out.set(key, bucket);
    }
    addCounters(bucket, delta);
    bucket.peakBytes = bucket.bytes;
  }
  return [...out.values()];
}
