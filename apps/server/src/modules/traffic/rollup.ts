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

/** A batch's lines summed per domain: its 5-minute buckets, its ranking entries, and the lines they count. */
export interface BatchRollup {
  fiveMinute: BucketDelta[];
  top: TopItemDelta[];
  lines: number;
}

/** One 5-minute bucket of one host's lines. */
interface BucketSums extends Counters {
  codes: Map<number, number>;
}

/** One host's lines of a batch: its 5-minute buckets, and its rankings in full per Beijing day. */
interface HostSums {
  lines: number;
  buckets: Map<number, BucketSums>;
  days: Map<string, DayRankings>;
}

/**
 * A batch's lines (or a part of them) summed per host, before the hosts are known as domains: what a reading thread
 * hands back (plain maps, so they cross to another thread by structured clone), added to the other parts' with
 * addPackedSums and turned into the domains' deltas by rollUp.
 */
export type BatchSums = Map<string, HostSums>;

const FIVE_MINUTES = 300_000;

function emptyCounters(): Counters {
  return { requests: 0, bytes: 0, hits: 0, misses: 0, hitBytes: 0, status: [0, 0, 0, 0, 0] };
}

function emptyBucket(scopeId: number, granularity: StatisticsGranularity, start: number): BucketDelta {
  return { scopeId, granularity, bucketStart: start, ...emptyCounters(), codes: new Map(), peakBytes: 0 };
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

/** A batch's rankings of one host (or domain) and day, per kind: item -> sums. */
type DayRankings = Record<TopKind, Map<string, RankedSums>>;

/**
 * How many items of each ranking (domain, day, kind) a batch keeps: its most requested ones, as many as a ranking
 * call may ask for. Writing every distinct URL and client address of a busy batch cost more than all its rollups;
 * an item cut from one batch's list loses only that batch's requests, which were fewer than those of the batch's
 * hundredth item, so the top of a ranking stays right and the tail is approximate.
 */
export const TOP_ITEMS_PER_BATCH = limits.traffic.topMax;

function rank(into: Map<string, RankedSums>, item: string, requests: number, bytes: number): void {
  if (item === '') return;
  const sums = into.get(item);
  if (sums) {
    sums.requests += requests;
    sums.bytes += bytes;
  } else {
    into.set(item, { requests, bytes });
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

const emptyRankings = (): DayRankings => ({ url: new Map(), referer: new Map(), clientIp: new Map() });

/** Sums lines one at a time, per host, into `sums`. */
export class LineSummer {
  readonly sums: BatchSums = new Map();
  /** Beijing day of each UTC day start: the same few days come back on every line. */
  private readonly dayOf = new Map<number, string>();

  add(line: AccessLogLine): void {
    // Nested maps keyed by numbers: a composed string key per line cost more than the sums themselves.
    let host = this.sums.get(line.host);
    if (!host) {
      host = { lines: 0, buckets: new Map(), days: new Map() };
      this.sums.set(line.host, host);
    }
    host.lines++;
    const start = Math.floor(line.time / FIVE_MINUTES) * FIVE_MINUTES;
    let bucket = host.buckets.get(start);
    if (!bucket) {
      bucket = { ...emptyCounters(), codes: new Map() };
      host.buckets.set(start, bucket);
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
    let day = this.dayOf.get(dayStart);
    if (day === undefined) {
      day = utc8Day(line.time);
      this.dayOf.set(dayStart, day);
    }
    let ranked = host.days.get(day);
    if (!ranked) {
      ranked = emptyRankings();
      host.days.set(day, ranked);
    }
    rank(ranked.url, line.path, 1, line.bytesSent);
    rank(ranked.referer, line.referer, 1, line.bytesSent);
    rank(ranked.clientIp, line.clientIp, 1, line.bytesSent);
  }
}

/** The lines summed per host. */
export function sumLines(lines: Iterable<AccessLogLine>): BatchSums {
  const summer = new LineSummer();
  for (const line of lines) summer.add(line);
  return summer.sums;
}

function addHostSums(into: HostSums, from: HostSums): void {
  into.lines += from.lines;
  for (const [start, bucket] of from.buckets) {
    const sums = into.buckets.get(start);
    if (sums) {
      addCounters(sums, bucket);
      addCodes(sums.codes, bucket.codes);
    } else {
      into.buckets.set(start, bucket);
    }
  }
  for (const [day, ranked] of from.days) {
    const rankings = into.days.get(day);
    if (!rankings) {
      into.days.set(day, ranked);
      continue;
    }
    for (const kind of topKinds) {
      for (const [item, sums] of ranked[kind]) rank(rankings[kind], item, sums.requests, sums.bytes);
    }
  }
}

/** A ranking as it crosses between threads: its items, and their requests and bytes side by side. */
type PackedRanking = [items: string[], sums: Float64Array];

/**
 * A part's sums as a reading thread hands them back: a clone of tens of thousands of ranked items as a map of objects
 * cost a reading thread as much as a fifth of its reading, as arrays a quarter of that.
 */
export type PackedSums = {
  host: string;
  lines: number;
  buckets: Map<number, BucketSums>;
  days: [day: string, rankings: Record<TopKind, PackedRanking>][];
}[];

function packRanking(items: Map<string, RankedSums>): PackedRanking {
  const names = new Array<string>(items.size);
  const sums = new Float64Array(items.size * 2);
  let i = 0;
  for (const [item, { requests, bytes }] of items) {
    names[i] = item;
    sums[2 * i] = requests;
    sums[2 * i + 1] = bytes;
    i++;
  }
  return [names, sums];
}

export function packSums(sums: BatchSums): PackedSums {
  return [...sums].map(([host, { lines, buckets, days }]) => ({
    host,
    lines,
    buckets,
    days: [...days].map(([day, ranked]) => [
      day,
      { url: packRanking(ranked.url), referer: packRanking(ranked.referer), clientIp: packRanking(ranked.clientIp) },
    ]),
  }));
}

/** Adds another part's sums, as a reading thread packed them, to `into` (taking over their buckets). */
export function addPackedSums(into: BatchSums, from: PackedSums): void {
  for (const { host, lines, buckets, days } of from) {
    let known = into.get(host);
    if (!known) {
      known = { lines: 0, buckets: new Map(), days: new Map() };
      into.set(host, known);
    }
    addHostSums(known, { lines, buckets, days: new Map() });
    for (const [day, packed] of days) {
      let rankings = known.days.get(day);
      if (!rankings) {
        rankings = emptyRankings();
        known.days.set(day, rankings);
      }
      for (const kind of topKinds) {
        const [items, sums] = packed[kind];
        for (let i = 0; i < items.length; i++) rank(rankings[kind], items[i]!, sums[2 * i]!, sums[2 * i + 1]!);
      }
    }
  }
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
