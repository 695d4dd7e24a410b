import { coarseGranularities, limits, type StatisticsGranularity, type TopKind, topKinds } from '@edgeward/contract';
import { bucketStart, utc8Day } from './buckets';
import { type AccessLogLine, isCacheHit } from './log-line';

/** What every bucket counts. status[0] is 1xx ... status[4] is 5xx. */
interface Counters {
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

/** One ranked item's sums within a batch. */
interface RankedSums {
  requests: number;
  bytes: number;
}

/** A batch's rankings of one domain and day, per kind: item -> sums. */
type DayRankings = Record<TopKind, Map<string, RankedSums>>;

/**
 * How many items of each ranking (domain, day, kind) a batch keeps: its most requested ones, as many as a ranking
 * call may ask for. Writing every distinct URL and client address of a busy batch cost more than all its rollups;
 * an item cut from one batch's list loses only that batch's requests, which were fewer than those of the batch's
 * hundredth item, so the top of a ranking stays right and the tail is approximate.
 */
export const TOP_ITEMS_PER_BATCH = limits.traffic.topMax;

function rank(into: Map<string, RankedSums>, item: string, bytes: number): void {
  if (item === '') return;
  const sums = into.get(item);
  if (sums) {
    sums.requests++;
    sums.bytes += bytes;
  } else {
    into.set(item, { requests: 1, bytes });
  }
}

/** The most requested items of one ranking (ties by bytes, then by item), at most TOP_ITEMS_PER_BATCH. */
function keptItems(items: Map<string, RankedSums>): [string, RankedSums][] {
  const entries = [...items];
  if (entries.length <= TOP_ITEMS_PER_BATCH) return entries;
  return entries
    .sort((a, b) => b[1].requests - a[1].requests || b[1].bytes - a[1].bytes || (a[0] < b[0] ? -1 : 1))
    .slice(0, TOP_ITEMS_PER_BATCH);
}

/** Sums the lines in memory: one delta per domain and 5-minute bucket, and each ranking's kept items. */
export function rollUp(lines: Iterable<DomainLine>): BatchRollup {
  // Nested maps keyed by numbers: a composed string key per line cost more than the sums themselves.
  const buckets = new Map<number, Map<number, BucketDelta>>();
  const rankings = new Map<number, Map<string, DayRankings>>();
  const dayOf = new Map<number, string>();
  for (const { domainId, line } of lines) {
    const start = Math.floor(line.time / FIVE_MINUTES) * FIVE_MINUTES;
    let ofDomain = buckets.get(domainId);
    if (!ofDomain) {
      ofDomain = new Map();
      buckets.set(domainId, ofDomain);
    }
    let bucket = ofDomain.get(start);
    if (!bucket) {
      bucket = emptyBucket(domainId, '5m', start);
      ofDomain.set(start, bucket);
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
    let days = rankings.get(domainId);
    if (!days) {
      days = new Map();
      rankings.set(domainId, days);
    }
    let ranked = days.get(day);
    if (!ranked) {
      ranked = { url: new Map(), referer: new Map(), clientIp: new Map() };
      days.set(day, ranked);
    }
    rank(ranked.url, line.path, line.bytesSent);
    rank(ranked.referer, line.referer, line.bytesSent);
    rank(ranked.clientIp, line.clientIp, line.bytesSent);
  }
  const fiveMinute = [...buckets.values()].flatMap((ofDomain) => [...ofDomain.values()]);
  for (const bucket of fiveMinute) bucket.peakBytes = bucket.bytes;
  const top: TopItemDelta[] = [];
  for (const [domainId, days] of rankings) {
    for (const [day, ranked] of days) {
      for (const kind of topKinds) {
        for (const [item, sums] of keptItems(ranked[kind])) top.push({ domainId, day, kind, item, ...sums });
      }
    }
  }
  return { fiveMinute, top };
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
