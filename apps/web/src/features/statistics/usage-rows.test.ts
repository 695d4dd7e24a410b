import { fromUtc8Time } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { usageCsv, usageRows } from './usage-rows';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (hour: number) => fromUtc8Time({ year: 2026, month: 3, day: 10, hour, minute: 0, second: 0 }).getTime();
const header = { time: 'Time (UTC+08:00)', value: 'Traffic (bytes)', previous: 'Previous period' };

describe('usage rows', () => {
  it('lays the previous period on the current one by distance from the start', () => {
    const current = [
      { time: at(0), value: 10 },
      { time: at(1), value: 20 },
    ];
    const previous = [{ time: at(0) - DAY, value: 7 }];
    const options = { shift: DAY, endTime: at(2), step: HOUR };
    expect(usageRows(current, previous, options)).toEqual([
      { time: at(0), value: 10, previous: 7 },
      { time: at(1), value: 20, previous: null },
    ]);
    expect(usageRows(current, undefined, options)).toEqual(current);
  });

  it('leaves out the bucket still under way, whose figure would read as a drop', () => {
    const current = [
      { time: at(0), value: 10 },
      { time: at(1), value: 2 },
    ];
    // 01:59:59.999: the 01:00 bucket has one millisecond to go; at 02:00 it is whole.
    expect(usageRows(current, undefined, { shift: DAY, endTime: at(2) - 1, step: HOUR })).toEqual([current[0]]);
    expect(usageRows(current, undefined, { shift: DAY, endTime: at(2), step: HOUR })).toEqual(current);
  });

  it('exports the shown series with Beijing times and raw figures', () => {
    expect(usageCsv([{ time: at(9), value: 1024 }], header)).toBe(
      'Time (UTC+08:00),Traffic (bytes)\r\n2026-03-10 09:00:00,1024\r\n',
    );
    expect(usageCsv([{ time: at(9), value: null, previous: 0.5 }], { ...header, value: 'Hit rate, 0-1' })).toBe(
      'Time (UTC+08:00),"Hit rate, 0-1",Previous period\r\n2026-03-10 09:00:00,,0.5\r\n',
    );
  });
});
