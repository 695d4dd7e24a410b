import type {
  BandwidthStatistics,
  DomainStatistics,
  DomainUsage,
  HitRateStatistics,
  StatisticsGranularity,
  StatusStatistics,
} from '@edgeward/contract';
import { bucketStart, bucketStarts } from './buckets';
import type { Figures } from './traffic-read.repository';

const FIVE_MINUTES_S = 300;

/** Bits per second of a 5-minute byte count: its average over the five minutes. */
export const bpsOf = (bytes5m: number) => (bytes5m * 8) / FIVE_MINUTES_S;

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export const noFigures = (): Figures => ({ requests: 0, bytes: 0, hits: 0, hitBytes: 0, status: [0, 0, 0, 0, 0] });

function addFigures(into: Figures, from: Figures): Figures {
  into.requests += from.requests;
  into.bytes += from.bytes;
  into.hits += from.hits;
  into.hitBytes += from.hitBytes;
  for (let i = 0; i < 5; i++) into.status[i]! += from.status[i]!;
  return into;
}

/** Every bucket of the range in order, those without traffic as zeros, so charts have no gaps. */
export function filled<T extends { time: number }>(
  rows: readonly T[],
  startTime: number,
  endTime: number,
  granularity: StatisticsGranularity,
  empty: (time: number) => T,
): T[] {
  const byTime = new Map(rows.map((row) => [row.time, row]));
  return bucketStarts(startTime, endTime, granularity).map((time) => byTime.get(time) ?? empty(time));
}

export function toDomainStatistics(
  granularity: StatisticsGranularity,
  points: readonly (Figures & { time: number })[],
): DomainStatistics {
  const total = points.reduce((sum, p) => addFigures(sum, p), noFigures());
  return {
    granularity,
    points: points.map((p) => ({ time: p.time, bytes: p.bytes, requests: p.requests })),
    total: { bytes: total.bytes, requests: total.requests },
  };
}

/** The 95th percentile as bandwidth billing reads it: sorted 5-minute points, the top 5 % left out. */
export function percentile95(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/** Bandwidth from the range's 5-minute byte totals (gaps already filled with zeros). */
export function toBandwidth(
  granularity: StatisticsGranularity,
  fiveMinute: readonly { time: number; bytes: number }[],
): BandwidthStatistics {
  const peaks = new Map<number, number>();
  let peak = { bps: 0, time: null as number | null };
  for (const point of fiveMinute) {
    const bps = bpsOf(point.bytes);
    const bucket = bucketStart(point.time, granularity);
    peaks.set(bucket, Math.max(peaks.get(bucket) ?? 0, bps));
    if (bps > peak.bps) peak = { bps, time: point.time };
  }
  return {
    granularity,
    points: [...peaks].map(([time, bps]) => ({ time, bps })),
    peak,
    p95Bps: percentile95(fiveMinute.map((p) => bpsOf(p.bytes))),
  };
}

function hitRateOf(f: Figures) {
  return {
    requests: f.requests,
    hits: f.hits,
    hitRate: ratio(f.hits, f.requests),
    byteHitRate: ratio(f.hitBytes, f.bytes),
  };
}

export function toHitRate(
  granularity: StatisticsGranularity,
  points: readonly (Figures & { time: number })[],
): HitRateStatistics {
  const total = points.reduce((sum, p) => addFigures(sum, p), noFigures());
  return { granularity, points: points.map((p) => ({ time: p.time, ...hitRateOf(p) })), total: hitRateOf(total) };
}

const classesOf = (s: Figures['status']) => ({ '1xx': s[0], '2xx': s[1], '3xx': s[2], '4xx': s[3], '5xx': s[4] });

export function toStatus(
  granularity: StatisticsGranularity,
  points: readonly (Figures & { time: number })[],
  codes: readonly { code: number; requests: number }[],
): StatusStatistics {
  const total = points.reduce((sum, p) => addFigures(sum, p), noFigures());
  const all = codes.reduce((sum, c) => sum + c.requests, 0);
  return {
    granularity,
    points: points.map((p) => ({ time: p.time, ...classesOf(p.status) })),
    classes: classesOf(total.status),
    codes: codes.map((c) => ({ ...c, share: all > 0 ? c.requests / all : 0 })),
  };
}

export function toDomainUsage(
  domain: { id: number; domainName: string },
  figures: (Figures & { peakBytes: number }) | undefined,
): DomainUsage {
  const f = figures ?? { ...noFigures(), peakBytes: 0 };
  return {
    domainId: domain.id,
    domainName: domain.domainName,
    bytes: f.bytes,
    requests: f.requests,
    hitRate: ratio(f.hits, f.requests),
    peakBps: bpsOf(f.peakBytes),
  };
}

/** Most traffic first, then by name. */
export const byTraffic = (a: DomainUsage, b: DomainUsage) =>
  b.bytes - a.bytes || b.requests - a.requests || a.domainName.localeCompare(b.domainName);
