import { describe, expect, it } from 'vitest';
import { statisticsRange, utc8DayStart } from './statistics-range';

describe('statistics ranges', () => {
  // 01:30 in Beijing on 2026-03-10 is still 2026-03-09 in UTC.
  const now = Date.UTC(2026, 2, 9, 17, 30);
  const beijingMidnight = Date.UTC(2026, 2, 9, 16);

  it('counts days as Beijing days whatever the UTC date', () => {
    expect(utc8DayStart(now)).toBe(beijingMidnight);
    expect(statisticsRange('today', now)).toEqual({ startTime: beijingMidnight, endTime: now });
    expect(statisticsRange('yesterday', now)).toEqual({
      startTime: beijingMidnight - 86_400_000,
      endTime: beijingMidnight,
    });
  });

  it('makes 7 and 30 days whole Beijing days, today counting as one', () => {
    expect(statisticsRange('7d', now).startTime).toBe(beijingMidnight - 6 * 86_400_000);
    expect(statisticsRange('30d', now).startTime).toBe(beijingMidnight - 29 * 86_400_000);
  });
});
