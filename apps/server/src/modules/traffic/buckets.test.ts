import { describe, expect, it } from 'vitest';
import { bucketStart, rangePieces, utc8Day } from './buckets';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('buckets on the UTC+8 clock', () => {
  it('starts a statistics day at Beijing midnight, 16:00 UTC', () => {
    const lastSecond = Date.UTC(2026, 0, 1, 15, 59, 59);
    const midnight = Date.UTC(2026, 0, 1, 16);
    expect(bucketStart(lastSecond, '1d')).toBe(Date.UTC(2025, 11, 31, 16));
    expect(bucketStart(midnight, '1d')).toBe(midnight);
    expect(utc8Day(lastSecond)).toBe('2026-01-01');
    expect(utc8Day(midnight)).toBe('2026-01-02');
  });

  it('puts 5-minute, hourly and 4-hour buckets on the same instants as UTC', () => {
    const at = Date.UTC(2026, 5, 1, 13, 17, 42);
    expect(bucketStart(at, '5m')).toBe(Date.UTC(2026, 5, 1, 13, 15));
    expect(bucketStart(at, '1h')).toBe(Date.UTC(2026, 5, 1, 13));
    // 12:00 UTC is 20:00 in Beijing, a 4-hour boundary on both clocks.
    expect(bucketStart(at, '4h')).toBe(Date.UTC(2026, 5, 1, 12));
  });

  it('covers a range with whole days in the middle and finer buckets at its edges', () => {
    const day = Date.UTC(2026, 5, 1, 16);
    const start = day - 90 * 60_000 - 2 * 60_000;
    const end = day + 2 * DAY + 5 * HOUR + 7 * 60_000;
    expect(rangePieces(start, end)).toEqual([
      { granularity: '5m', from: day - 95 * 60_000, to: day - HOUR },
      { granularity: '1h', from: day - HOUR, to: day },
      { granularity: '1d', from: day, to: day + 2 * DAY },
      { granularity: '4h', from: day + 2 * DAY, to: day + 2 * DAY + 4 * HOUR },
      { granularity: '1h', from: day + 2 * DAY + 4 * HOUR, to: day + 2 * DAY + 5 * HOUR },
      { granularity: '5m', from: day + 2 * DAY + 5 * HOUR, to: end },
    ]);
    expect(rangePieces(day, day + DAY)).toEqual([{ granularity: '1d', from: day, to: day + DAY }]);
    // Status codes are kept to the hour: their pieces widen to whole hours.
    expect(rangePieces(start, end, '1h')).toEqual([
      { granularity: '1h', from: day - 2 * HOUR, to: day },
      { granularity: '1d', from: day, to: day + 2 * DAY },
      { granularity: '4h', from: day + 2 * DAY, to: day + 2 * DAY + 4 * HOUR },
      { granularity: '1h', from: day + 2 * DAY + 4 * HOUR, to: end },
    ]);
  });
});
