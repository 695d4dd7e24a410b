import { utc8Time } from '@edgeward/contract';
import { useMemo, useState } from 'react';
import { type CalendarDay, type UsageRange, type UsageRangeKind, usageSpan } from './usage-range';

/** Today's date on the Beijing clock, for the custom range's first choice. */
function beijingToday(now: number): CalendarDay {
  const { year, month, day } = utc8Time(now);
  return { year, month, day };
}

/**
 * The range the page shows and its span. The span is taken at the moment of the choice: a range such as 'today'
 * does not move while the page stays open.
 */
export function useUsageRange() {
  const [now, setNow] = useState(() => Date.now());
  const [range, setRange] = useState<UsageRange>({ kind: 'today' });
  const span = useMemo(() => usageSpan(range, now), [range, now]);

  const chooseKind = (kind: UsageRangeKind) => {
    const at = Date.now();
    setNow(at);
    if (kind === 'custom') {
      const today = beijingToday(at);
      setRange({ kind, from: today, to: today });
    } else {
      setRange({ kind });
    }
  };
  const chooseDays = (from: CalendarDay, to: CalendarDay) => {
    setNow(Date.now());
    setRange({ kind: 'custom', from, to });
  };
  return { range, span, chooseKind, chooseDays };
}

export type UsageRangeChoice = ReturnType<typeof useUsageRange>;
