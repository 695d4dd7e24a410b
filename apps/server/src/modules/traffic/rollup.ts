import { coarseGranularities, limits, type StatisticsGranularity, type TopKind, topKinds } from '@edgeward/contract';
import { bucketStart } from './buckets';
import {
  addCodes,
  addCounters,
  addHostSums,
  type BatchSums,
  type Counters,
  emptyCounters,
  type HostSums,
  type RankedSums,
} from './host-sums';

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

/** A batch's lines summed per domain: its 5-minute buckets, its ranking entries, and the lines they count. */
export interface BatchRollup {
  fiveMinute: BucketDelta[];
  top: TopItemDelta[];
  lines: number;
}

function emptyBucket(scopeId: number, granularity: StatisticsGranularity, start: number): BucketDelta {
  return { scopeId, granularity, bucketStart: start, ...emptyCounters(), codes: new Map(), peakBytes: 0 };
}

/**
 * How many items of each ranking (domain, day, kind) a batch keeps: its most requested ones, as many as a ranking
 * call may ask for. Writing every distinct URL and client address of a busy batch cost more than all its rollups;
 * an item cut from one batch's list loses only that batch's requests, which were fewer than those of the batch's
 * hundredth item, so the top of a ranking stays right and the tail is approximate.
 */
export const TOP_ITEMS_PER_BATCH = limits.traffic.topMax;

/** The most requested items of one ranking (ties by bytes, then by item), at most TOP_ITEMS_PER_BATCH. */
function keptItems(items: Map<string, RankedSums>): [string, RankedSums][] {
  const entries = [...items];
  if (entries.length <= TOP_ITEMS_PER_BATCH) return entries;
  return entries
    .sort((a, b) => b[1].requests - a[1].requests || b[1].bytes - a[1].bytes || (a[0] < b[0] ? -1 : 1))
    .slice(0, TOP_ITEMS_PER_BATCH);
}

/**
 * The batch's sums per domain (`domainOf` names each host's domain; hosts of no domain are left out, and two hosts
 * of one domain, its name and its CNAME host name, count together): one delta per domain and 5-minute bucket, each
 * ranking's kept items, and how many lines counted. Takes over the sums' maps.
 */
export function rollUp(sums: BatchSums, domainOf: (host: string) => number | undefined): BatchRollup {
  const domains = new Map<number, HostSums>();
  for (const [host, hostSums] of sums) {
    const domainId = domainOf(host);
    if (domainId === undefined) continue;
    const known = domains.get(domainId);
    if (known) addHostSums(known, hostSums);
    else domains.set(domainId, hostSums);
  }
  const fiveMinute: BucketDelta[] = [];
  const top: TopItemDelta[] = [];
  let lines = 0;
  for (const [domainId, domain] of domains) {
    lines += domain.lines;
    for (const [start, bucket] of domain.buckets) {
      fiveMinute.push({ ...bucket, scopeId: domainId, granularity: '5m', bucketStart: start, peakBytes: bucket.bytes });
    }
    for (const [day, ranked] of domain.days) {
      for (const kind of topKinds) {
        for (const [item, itemSums] of keptItems(ranked[kind])) top.push({ domainId, day, kind, item, ...itemSums });
      }
    }
  }
  return { fiveMinute, top, lines };
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
