import { type TopKind, topKinds } from '@edgeward/contract';
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

/** One 5-minute bucket of one host's lines. */
interface BucketSums extends Counters {
  codes: Map<number, number>;
}

/** One host's lines of a batch: its 5-minute buckets, and its rankings in full per Beijing day. */
export interface HostSums {
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

export function emptyCounters(): Counters {
  return { requests: 0, bytes: 0, hits: 0, misses: 0, hitBytes: 0, status: [0, 0, 0, 0, 0] };
}

export function addCounters(into: Counters, from: Counters): void {
  into.requests += from.requests;
  into.bytes += from.bytes;
  into.hits += from.hits;
  into.misses += from.misses;
  into.hitBytes += from.hitBytes;
  for (let i = 0; i < 5; i++) into.status[i]! += from.status[i]!;
}

export function addCodes(into: Map<number, number>, from: Map<number, number>): void {
  for (const [code, n] of from) into.set(code, (into.get(code) ?? 0) + n);
}

/** One ranked item's sums within a batch. */
export interface RankedSums {
  requests: number;
  bytes: number;
}

/** A batch's rankings of one host (or domain) and day, per kind: item -> sums. */
type DayRankings = Record<TopKind, Map<string, RankedSums>>;

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

export function addHostSums(into: HostSums, from: HostSums): void {
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
