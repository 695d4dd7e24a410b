import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { limits } from '../limits';
import { issueMessage } from '../messages';
import { fromUtc8Time } from '../time/utc8';
import {
  PackageDefinitionSchema,
  PackageTextsEditSchema,
  RevenueQuerySchema,
  revenuePeriods,
  StaffOrderQuerySchema,
  StaffTransferConfirmSchema,
} from './staff-finance';

const f = limits.finance;
const DAY_MS = 86_400_000;
const beijing = (year: number, month: number, day: number) =>
  fromUtc8Time({ year, month, day, hour: 0, minute: 0, second: 0 }).getTime();

/** The first refusal as the server and the forms show it: its path and message key. */
function refusal(schema: z.ZodType, input: unknown) {
  const issue = schema.safeParse(input).error?.issues[0];
  return issue && { path: issue.path.join('.'), key: issueMessage(issue).key };
}

const definition = {
  code: 'traffic-1t',
  type: 'traffic',
  name: 'Traffic 1 TB',
  nameZh: '流量包 1 TB',
  spec: '1 TB',
  specZh: '1 TB',
  priceFen: '16950',
  validityMonths: 12,
};

describe('the finance desk schemas, at both edges of each limit', () => {
  it.each([
    ['code', 'x'.repeat(f.packageCodeMax), 'x'.repeat(f.packageCodeMax + 1), 'validation.tooLong'],
    ['name', 'n'.repeat(f.packageNameMax), 'n'.repeat(f.packageNameMax + 1), 'validation.tooLong'],
    ['nameZh', '名'.repeat(f.packageNameMax), '名'.repeat(f.packageNameMax + 1), 'validation.tooLong'],
    ['spec', 's'.repeat(f.packageSpecMax), 's'.repeat(f.packageSpecMax + 1), 'validation.tooLong'],
    ['specZh', '规'.repeat(f.packageSpecMax), '规'.repeat(f.packageSpecMax + 1), 'validation.tooLong'],
    ['validityMonths', 1, 0, 'commerce.package.months'],
    ['validityMonths', f.packageMonthsMax, f.packageMonthsMax + 1, 'commerce.package.months'],
    ['priceFen', '1', '0', 'commerce.package.priceMin'],
    ['priceFen', '9'.repeat(14), '1'.repeat(15), 'commerce.package.priceFen'],
    ['quota', '9'.repeat(18), '1'.repeat(19), 'commerce.package.quota'],
  ] as const)('package %s: %j accepted, %j refused', (field, accepted, refused, key) => {
    expect(refusal(PackageDefinitionSchema, { ...definition, [field]: accepted })).toBeUndefined();
    expect(refusal(PackageDefinitionSchema, { ...definition, [field]: refused })).toEqual({ path: field, key });
  });

  it('reads a package definition: texts trimmed, no quota unless given, a code of letters, digits and . _ -', () => {
    expect(PackageDefinitionSchema.parse({ ...definition, name: '  Traffic  ' })).toMatchObject({
      name: 'Traffic',
      quota: null,
    });
    expect(refusal(PackageDefinitionSchema, { ...definition, code: 'a.b_c-1' })).toBeUndefined();
    for (const code of ['-a', '.a', 'a b', 'a/b', '流量']) {
      expect(refusal(PackageDefinitionSchema, { ...definition, code })).toEqual({
        path: 'code',
        key: 'commerce.package.code',
      });
    }
    for (const field of ['name', 'nameZh', 'spec', 'specZh']) {
      expect(refusal(PackageDefinitionSchema, { ...definition, [field]: ' ' })).toEqual({
        path: field,
        key: 'commerce.package.text',
      });
    }
    expect(refusal(PackageDefinitionSchema, { ...definition, type: 'gold' })?.key).toBe('commerce.package.type');
    expect(refusal(PackageDefinitionSchema, { ...definition, validityMonths: 1.5 })?.key).toBe(
      'commerce.package.months',
    );
    expect(refusal(PackageDefinitionSchema, { ...definition, priceFen: 'ten' })?.key).toBe('commerce.package.priceFen');
  });

  it('changes at least one text of a package, each within its limit', () => {
    expect(refusal(PackageTextsEditSchema, {})).toEqual({ path: '', key: 'commerce.package.textsNone' });
    expect(refusal(PackageTextsEditSchema, { specZh: '规'.repeat(f.packageSpecMax) })).toBeUndefined();
    expect(refusal(PackageTextsEditSchema, { name: 'n'.repeat(f.packageNameMax + 1) })).toEqual({
      path: 'name',
      key: 'validation.tooLong',
    });
  });

  it('confirms a transfer with 1 fen up to the largest amount, nothing else', () => {
    const received = (receivedFen: string) => refusal(StaffTransferConfirmSchema, { receivedFen });
    expect(received('1')).toBeUndefined();
    expect(received(String(f.transferReceivedMaxFen))).toBeUndefined();
    expect(received('0')?.key).toBe('commerce.transfer.receivedPositive');
    expect(received('-1')?.key).toBe('commerce.transfer.receivedPositive');
    expect(received(String(f.transferReceivedMaxFen + 1))?.key).toBe('commerce.transfer.receivedMax');
    expect(received('1.5')?.key).toBe('validation.invalid');
  });

  it('searches the orders with up to 64 characters', () => {
    expect(refusal(StaffOrderQuerySchema, { search: 'x'.repeat(f.orderSearchMax) })).toBeUndefined();
    expect(refusal(StaffOrderQuerySchema, { search: 'x'.repeat(f.orderSearchMax + 1) })).toEqual({
      path: 'search',
      key: 'validation.tooLong',
    });
  });

  it('covers at most 366 UTC+8 days or 36 months, to the millisecond', () => {
    const start = beijing(2026, 1, 1);
    const range = (granularity: string, to: number) => refusal(RevenueQuerySchema, { granularity, from: start, to });
    expect(range('day', start + f.revenueDaysMax * DAY_MS)).toBeUndefined();
    expect(range('day', start + f.revenueDaysMax * DAY_MS + 1)).toEqual({
      path: 'to',
      key: 'commerce.revenue.tooManyDays',
    });
    expect(range('month', beijing(2029, 1, 1))).toBeUndefined();
    expect(range('month', beijing(2029, 1, 1) + 1)).toEqual({ path: 'to', key: 'commerce.revenue.tooManyMonths' });
    expect(range('day', start + 1)).toBeUndefined();
    expect(range('day', start)).toEqual({ path: 'to', key: 'commerce.revenue.toBeforeFrom' });
    expect(range('week', start + DAY_MS)?.key).toBe('validation.invalid');
    // A range that starts late in a Beijing day touches one more day.
    const lateStart = start + 23 * 3_600_000;
    expect(refusal(RevenueQuerySchema, { from: lateStart, to: start + f.revenueDaysMax * DAY_MS })).toBeUndefined();
    expect(refusal(RevenueQuerySchema, { from: lateStart, to: start + f.revenueDaysMax * DAY_MS + 1 })?.key).toBe(
      'commerce.revenue.tooManyDays',
    );
  });
});

describe('revenuePeriods', () => {
  it('names each UTC+8 day or month that the range touches, with the instant it starts', () => {
    const lateOnTheLast = beijing(2026, 2, 28) + 23 * 3_600_000;
    expect(revenuePeriods('day', lateOnTheLast, beijing(2026, 3, 2) + 1)).toEqual([
      { period: '2026-02-28', startAt: beijing(2026, 2, 28) },
      { period: '2026-03-01', startAt: beijing(2026, 3, 1) },
      { period: '2026-03-02', startAt: beijing(2026, 3, 2) },
    ]);
    expect(revenuePeriods('day', beijing(2026, 3, 1), beijing(2026, 3, 2))).toEqual([
      { period: '2026-03-01', startAt: beijing(2026, 3, 1) },
    ]);
    expect(revenuePeriods('month', beijing(2025, 12, 31), beijing(2026, 2, 1) + 1)).toEqual([
      { period: '2025-12', startAt: beijing(2025, 12, 1) },
      { period: '2026-01', startAt: beijing(2026, 1, 1) },
      { period: '2026-02', startAt: beijing(2026, 2, 1) },
    ]);
    expect(revenuePeriods('month', beijing(2026, 1, 1), beijing(2029, 1, 1))).toHaveLength(f.revenueMonthsMax);
    expect(revenuePeriods('day', beijing(2028, 1, 1), beijing(2029, 1, 1))).toHaveLength(f.revenueDaysMax);
  });
});
