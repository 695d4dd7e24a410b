import { granularityMs, type StatisticsGranularity } from '@edgeward/contract';

const UTC8_OFFSET_MS = 8 * 3_600_000;

/**
 * The start of the bucket that holds `at`, on the UTC+8 clock: a day bucket starts at Beijing midnight (16:00 UTC
 * the day before). Hours and 4-hour buckets fall on the same instants in UTC and UTC+8, since 8 hours is a multiple
 * of both.
 */
export function bucketStart(at: number, granularity: StatisticsGranularity): number {
  const step = granularityMs[granularity];
  return Math.floor((at + UTC8_OFFSET_MS) / step) * step - UTC8_OFFSET_MS;
}

/** Every bucket start from the one holding startTime up to (not including) endTime. */
export function bucketStarts(startTime: number, endTime: number, granularity: StatisticsGranularity): number[] {
  const step = granularityMs[granularity];
  const starts: number[] = [];
  for (let t = bucketStart(startTime, granularity); t < endTime; t += step) starts.push(t);
  return starts;
}

/** The Beijing date (YYYY-MM-DD) of an instant: the day of the rankings. */
export function utc8Day(at: number): string {
  return new Date(at + UTC8_OFFSET_MS).toISOString().slice(0, 10);
}

/** The coarser buckets every 5-minute bucket is summed into. */
export const coarseGranularities = ['1h', '4h', '1d'] as const satisfies readonly StatisticsGranularity[];

/** A stretch of buckets of one granularity: those starting in [from, to). */
export interface RangePiece {
  granularity: StatisticsGranularity;
  from: number;
  to: number;
}

const splitLevels = ['1d', '4h', '1h'] as const satisfies readonly StatisticsGranularity[];

/**
 * A range cut into the fewest buckets that cover it: whole Beijing days from the daily rollups, the hours around
 * them from the 4-hour and hourly ones, and 5-minute buckets at the edges (the first widened to its bucket's start,
 * the last ending with the range). Totals over a week then read a handful of rows per domain, not two thousand.
 */
export function rangePieces(start: number, end: number, level = 0): RangePiece[] {
  if (start >= end) return [];
  const granularity = splitLevels[level];
  if (!granularity) return [{ granularity: '5m', from: bucketStart(start, '5m'), to: end }];
  const floorStart = bucketStart(start, granularity);
  const from = floorStart === start ? start : floorStart + granularityMs[granularity];
  const to = bucketStart(end, granularity);
  if (from >= to) return rangePieces(start, end, level + 1);
  return [...rangePieces(start, from, level + 1), { granularity, from, to }, ...rangePieces(to, end, level + 1)];
}
