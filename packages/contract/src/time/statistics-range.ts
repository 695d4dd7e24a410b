import { fromUtc8Time, utc8Time } from './utc8';

/** The ranges a statistics screen offers (spec section 9); custom ranges are given as they are. */
export const statisticsRanges = ['today', 'yesterday', '7d', '30d'] as const;
export type StatisticsRange = (typeof statisticsRanges)[number];

const DAY_MS = 86_400_000;

/** The start of the Beijing day that holds `at`: a statistics day is a UTC+8 day. */
export function utc8DayStart(at: number): number {
  const { year, month, day } = utc8Time(at);
  return fromUtc8Time({ year, month, day, hour: 0, minute: 0, second: 0 }).getTime();
}

/**
 * A named range as startTime/endTime in milliseconds: today runs from Beijing midnight to now, yesterday is the
 * whole Beijing day before, and 7 or 30 days end now and begin at the Beijing midnight that makes them whole days
 * (today counting as one).
 */
export function statisticsRange(range: StatisticsRange, now: number): { startTime: number; endTime: number } {
  const today = utc8DayStart(now);
  switch (range) {
    case 'today':
      return { startTime: today, endTime: now };
    case 'yesterday':
      return { startTime: today - DAY_MS, endTime: today };
    case '7d':
      return { startTime: today - 6 * DAY_MS, endTime: now };
    case '30d':
      return { startTime: today - 29 * DAY_MS, endTime: now };
  }
}
