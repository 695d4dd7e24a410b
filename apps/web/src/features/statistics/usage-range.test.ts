import { fromUtc8Time, granularityMs } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultGranularity,
  fittingGranularity,
  granularitiesFor,
  isPickableDay,
  previousSpan,
  usageSpan,
} from './usage-range';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const beijing = (day: number, hour = 0) =>
  fromUtc8Time({ year: 2026, month: 3, day, hour, minute: 0, second: 0 }).getTime();
// 2026-03-10 15:30 in Beijing.
const now = beijing(10, 15) + 30 * 60_000;

describe('usage ranges', () => {
  it('reads custom calendar days as whole Beijing days, the last one ending now at the latest', () => {
    expect(
      usageSpan({ kind: 'custom', from: { year: 2026, month: 3, day: 1 }, to: { year: 2026, month: 3, day: 2 } }, now),
    ).toEqual({
      startTime: beijing(1),
      endTime: beijing(3),
    });
    expect(
      usageSpan({ kind: 'custom', from: { year: 2026, month: 3, day: 9 }, to: { year: 2026, month: 3, day: 10 } }, now),
    ).toEqual({
      startTime: beijing(9),
      endTime: now,
    });
  });

  it('compares with the span moved back by the whole days it covers', () => {
    expect(previousSpan({ startTime: beijing(8), endTime: beijing(10) })).toEqual({
      startTime: beijing(6),
      endTime: beijing(8),
    });
    // Today up to 15:30 against yesterday up to 15:30, not against the 15.5 hours before midnight.
    expect(previousSpan(usageSpan({ kind: 'today' }, now))).toEqual({
      startTime: beijing(9),
      endTime: beijing(9, 15) + 30 * 60_000,
    });
    expect(previousSpan(usageSpan({ kind: '7d' }, now))).toEqual({
      startTime: beijing(4) - 7 * DAY,
      endTime: now - 7 * DAY,
    });
  });

  // Each range with each granularity it offers: every bucket of the earlier period, moved forward by the shift, is a
  // bucket of the current one, so the comparison has a point wherever the current period has one.
  const bucketStart = (at: number, step: number) => Math.floor((at + 8 * HOUR) / step) * step - 8 * HOUR;
  const buckets = ({ startTime, endTime }: { startTime: number; endTime: number }, step: number) => {
    const starts: number[] = [];
    for (let t = bucketStart(startTime, step); t < endTime; t += step) starts.push(t);
    return starts;
  };
  for (const kind of ['today', 'yesterday', '7d', '30d'] as const) {
    it(`lines the previous period's buckets up with the current ones: ${kind}`, () => {
      const span = usageSpan({ kind }, now);
      const before = previousSpan(span);
      const shift = span.startTime - before.startTime;
      for (const granularity of granularitiesFor(span)) {
        const step = granularityMs[granularity];
        const current = buckets(span, step);
        const earlier = buckets(before, step).map((t) => t + shift);
        expect(earlier, `${kind} by ${granularity}`).toEqual(current);
      }
    });
  }

  it('offers only the granularities a span can use', () => {
    const today = usageSpan({ kind: 'today' }, now);
    expect(granularitiesFor(today)).toEqual(['5m', '1h', '4h']);
    expect(granularitiesFor(usageSpan({ kind: 'yesterday' }, now))).toEqual(['5m', '1h', '4h']);
    expect(granularitiesFor(usageSpan({ kind: '7d' }, now))).toEqual(['5m', '1h', '4h', '1d']);
    expect(granularitiesFor({ startTime: beijing(1), endTime: beijing(1) + 40 * DAY })).toEqual(['1h', '4h', '1d']);
    expect(granularitiesFor({ startTime: beijing(10), endTime: beijing(10) + 2 * HOUR })).toEqual(['5m', '1h']);
  });

  it('keeps a chosen granularity while it fits and falls back to the span default', () => {
    const week = usageSpan({ kind: '7d' }, now);
    expect(defaultGranularity(week)).toBe('1h');
    expect(defaultGranularity(usageSpan({ kind: '30d' }, now))).toBe('1d');
    expect(fittingGranularity(week, '1d')).toBe('1d');
    expect(fittingGranularity(usageSpan({ kind: 'today' }, now), '1d')).toBe('5m');
  });

  it('lets the calendar pick days up to today and as far back as the longest range', () => {
    expect(isPickableDay({ year: 2026, month: 3, day: 10 }, now)).toBe(true);
    expect(isPickableDay({ year: 2026, month: 3, day: 11 }, now)).toBe(false);
    expect(isPickableDay({ year: 2025, month: 12, day: 1 }, now)).toBe(false);
  });
});
