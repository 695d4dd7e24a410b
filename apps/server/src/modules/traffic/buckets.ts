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

/** A stretch of buckets of one granularity: those starting in [from, to). */
export interface RangePiece {
  granularity: StatisticsGranularity;
  from: number;
  to: number;
}

const splitLevels = ['1d', '4h', '1h'] as const satisfies readonly StatisticsGranularity[];
const finestLevel = { '1h': 2, '5m': 3 } as const;

/**
 * A range cut into the fewest buckets that cover it: whole Beijing days from the daily rollups, the hours around
 * them from the 4-hour and hourly ones, and `finest` buckets at the edges (the first widened to its bucket's start,
 * the last ending with the range). Totals over a week then read a handful of rows per domain, not two thousand.
 */
export function rangePieces(start: number, end: number, finest: '5m' | '1h' = '5m', level = 0): RangePiece[] {
  if (start >= end) return [];
  if (level === finestLevel[finest]) return [{ granularity: finest, from: bucketStart(start, finest), to: end }];
  const granularity = splitLevels[level]!;
  const floorStart = bucketStart(start, granularity);
  const from = floorStart === start ? start : floorStart + granularityMs[granularity];
  const to = bucketStart(end, granularity);
  const finer = (a: number, b: number) => rangePieces(a, b, finest, level + 1);
  if (from >= to) return finer(start, end);
  return [...finer(start, from), { granularity, from, to }, ...finer(to, end)];
}
