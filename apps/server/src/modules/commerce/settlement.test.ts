import { describe, expect, it } from 'vitest';
import { addMonths, newOrderNo } from './settlement';

const utc = (text: string) => new Date(`${text}Z`);

describe('addMonths', () => {
  it.each([
    ['2026-03-14T08:30:15.250', 1, '2026-04-14T08:30:15.250'],
    ['2026-01-31T10:00:00.000', 1, '2026-02-28T10:00:00.000'],
    ['2028-01-31T10:00:00.000', 1, '2028-02-29T10:00:00.000'],
    ['2026-03-31T00:00:00.000', 1, '2026-04-30T00:00:00.000'],
    ['2026-03-30T00:00:00.000', 1, '2026-04-30T00:00:00.000'],
    ['2026-12-15T23:59:59.999', 1, '2027-01-15T23:59:59.999'],
    ['2026-08-31T12:00:00.000', 6, '2027-02-28T12:00:00.000'],
    ['2026-02-28T12:00:00.000', 12, '2027-02-28T12:00:00.000'],
    ['2028-02-29T12:00:00.000', 12, '2029-02-28T12:00:00.000'],
    ['2026-05-31T12:00:00.000', 0, '2026-05-31T12:00:00.000'],
  ])('%s plus %i months is %s', (from, months, to) => {
    expect(addMonths(utc(from), months).toISOString()).toBe(`${to}Z`);
  });

  it('leaves its argument as it was', () => {
    const from = utc('2026-01-31T10:00:00.000');
    addMonths(from, 1);
    expect(from.toISOString()).toBe('2026-01-31T10:00:00.000Z');
  });
});

describe('newOrderNo', () => {
  it('is the UTC day and 10 digits, not the same twice', () => {
    const at = utc('2026-03-14T23:59:59.000');
    const numbers = Array.from({ length: 50 }, () => newOrderNo(at));
    for (const n of numbers) expect(n).toMatch(/^20260314\d{10}$/);
    expect(new Set(numbers).size).toBe(50);
  });
});
