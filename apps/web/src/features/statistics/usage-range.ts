import {
  fromUtc8Time,
  granularityMs,
  limits,
  type StatisticsGranularity,
  type StatisticsRange,
  statisticsGranularities,
  statisticsRange,
  utc8DayStart,
} from '@edgeward/contract';

const DAY_MS = 86_400_000;

/** A range the usage screen can ask: a named one, or whole Beijing days picked in the calendar. */
export type UsageRange = { kind: StatisticsRange } | { kind: 'custom'; from: CalendarDay; to: CalendarDay };
export type UsageRangeKind = UsageRange['kind'];
export const usageRangeKinds = ['today', 'yesterday', '7d', '30d', 'custom'] as const satisfies UsageRangeKind[];

/** A date as the calendar shows it; it names the Beijing day of that date. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export interface TimeSpan {
  startTime: number;
  endTime: number;
}

function beijingMidnight({ year, month, day }: CalendarDay): number {
  return fromUtc8Time({ year, month, day, hour: 0, minute: 0, second: 0 }).getTime();
}

/** The span a range covers at `now`: custom days run from the first's Beijing midnight to the last's end (or now). */
export function usageSpan(range: UsageRange, now: number): TimeSpan {
  if (range.kind !== 'custom') return statisticsRange(range.kind, now);
  return { startTime: beijingMidnight(range.from), endTime: Math.min(beijingMidnight(range.to) + DAY_MS, now) };
}

/**
 * The period to compare with: the span moved back by the whole days it covers (today against yesterday up to the
 * same hour, the last 7 days against the 7 before). Every range starts at a Beijing midnight, so the earlier period's
 * buckets of any granularity fall on the same clock times as the current ones and each point meets its counterpart.
 */
export function previousSpan({ startTime, endTime }: TimeSpan): TimeSpan {
  const shift = Math.max(1, Math.ceil((endTime - startTime) / DAY_MS)) * DAY_MS;
  return { startTime: startTime - shift, endTime: endTime - shift };
}

/**
 * The granularities that make sense for a span: five minutes only as far as the server answers them, a day only
 * for spans longer than one, and never a bucket as long as the span itself.
 */
export function granularitiesFor({ startTime, endTime }: TimeSpan): StatisticsGranularity[] {
  const length = endTime - startTime;
  return statisticsGranularities.filter((g) => {
    if (g === '5m') return length <= limits.traffic.maxFiveMinuteRangeDays * DAY_MS;
    if (g === '1d') return length > DAY_MS;
    return granularityMs[g] < length || g === '1h';
  });
}

/** The granularity a span opens with: 5 minutes for a day, hours for a week, days beyond. */
export function defaultGranularity({ startTime, endTime }: TimeSpan): StatisticsGranularity {
  const length = endTime - startTime;
  if (length <= DAY_MS) return '5m';
  return length <= 7 * DAY_MS ? '1h' : '1d';
}

/** Keeps the chosen granularity while the span allows it; otherwise the span's default. */
export function fittingGranularity(span: TimeSpan, chosen: StatisticsGranularity): StatisticsGranularity {
  return granularitiesFor(span).includes(chosen) ? chosen : defaultGranularity(span);
}

/** Whether a calendar day can be picked: not after today (Beijing), not before the longest range allows. */
export function isPickableDay(day: CalendarDay, now: number): boolean {
  const start = beijingMidnight(day);
  const today = utc8DayStart(now);
  return start <= today && start >= today - (limits.traffic.maxRangeDays - 1) * DAY_MS;
}
