import { describe, expect, it } from 'vitest';
import { formatUtc8, fromUtc8Time, utc8Time } from './utc8';

describe('the UTC+8 clock', () => {
  it('reads an instant eight hours ahead of UTC, across the date line of UTC', () => {
    const instant = Date.UTC(2024, 11, 31, 16, 5, 9);
    expect(formatUtc8(instant)).toBe('2025-01-01 00:05:09');
    expect(formatUtc8(new Date(instant))).toBe('2025-01-01 00:05:09');
    expect(utc8Time(instant)).toEqual({ year: 2025, month: 1, day: 1, hour: 0, minute: 5, second: 9 });
  });

  it('turns its wall-clock fields back into the instant', () => {
    const at = fromUtc8Time({ year: 2025, month: 1, day: 1, hour: 0, minute: 5, second: 9 });
    expect(at.toISOString()).toBe('2024-12-31T16:05:09.000Z');
    expect(utc8Time(at)).toEqual({ year: 2025, month: 1, day: 1, hour: 0, minute: 5, second: 9 });
  });

  it('does not depend on the zone the process runs in', () => {
    // Shanghai has had no daylight saving since 1991: summer and winter read the same offset.
    expect(formatUtc8(Date.UTC(2024, 6, 1, 12))).toBe('2024-07-01 20:00:00');
    expect(formatUtc8(Date.UTC(2024, 0, 1, 12))).toBe('2024-01-01 20:00:00');
  });
});
