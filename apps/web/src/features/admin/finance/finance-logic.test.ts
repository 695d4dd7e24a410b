import { enUS, PackageDefinitionSchema, StaffTransferConfirmSchema, staffRoleCapabilities } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import {
  canRefund,
  defaultRevenueDays,
  financeTabOf,
  quotaOf,
  revenueRange,
  textOrNull,
  visibleFinanceTabs,
  yuanRule,
  yuanToFen,
} from './finance-logic';

describe('yuanToFen', () => {
  it('converts CNY to fen exactly, by string arithmetic', () => {
    expect(yuanToFen('100')).toBe('10000');
    expect(yuanToFen('0.1')).toBe('10');
    expect(yuanToFen('0.29')).toBe('29');
    expect(yuanToFen('1.005'.slice(0, 4))).toBe('100');
    expect(yuanToFen(' 12.3 ')).toBe('1230');
    expect(yuanToFen('12.')).toBe('1200');
    expect(yuanToFen('9999999999999.99')).toBe('999999999999999');
    expect(yuanToFen('0')).toBe('0');
  });

  it('refuses what is not an amount of at most two decimals', () => {
    for (const text of ['', ' ', 'abc', '1.005', '-1', '+1', '1e3', '.5', '1,000', '1.2.3', '12345678901234']) {
      expect(yuanToFen(text), text).toBeNull();
    }
  });
});

describe('yuanRule', () => {
  // Names the key it translates; an unknown key comes back as itself, as the console's translate does.
  const t = (key: string) => (Object.hasOwn(enUS, key) ? `text of ${key}` : key);
  const validate = (schema: Parameters<typeof yuanRule>[0]) => {
    const rule = yuanRule(schema, 'invalid', t);
    return (value: string) => (rule.validator as (r: unknown, v: string) => Promise<void>)({}, value);
  };

  it("passes an exact amount and names a bad one with the contract's message", async () => {
    const price = validate(PackageDefinitionSchema.shape.priceFen);
    await expect(price('0.01')).resolves.toBeUndefined();
    await expect(price('1.001')).rejects.toThrow('invalid');
    await expect(price('0')).rejects.toThrow('commerce.package.priceMin');
    const received = validate(StaffTransferConfirmSchema.shape.receivedFen);
    await expect(received('100.5')).resolves.toBeUndefined();
    await expect(received('0.00')).rejects.toThrow('commerce.transfer.receivedPositive');
    await expect(received('9999999999999.99')).rejects.toThrow('commerce.transfer.receivedMax');
  });
});

describe('the finance tabs', () => {
  it('follow the capabilities of a role', () => {
    expect(visibleFinanceTabs(staffRoleCapabilities.finance)).toEqual(['orders', 'transfers', 'packages', 'revenue']);
    expect(visibleFinanceTabs(staffRoleCapabilities.admin)).toEqual(['orders', 'transfers', 'packages', 'revenue']);
    expect(visibleFinanceTabs(staffRoleCapabilities.support)).toEqual([]);
    expect(visibleFinanceTabs(['statements'])).toEqual(['revenue']);
    expect(visibleFinanceTabs(['orders', 'packages'])).toEqual(['orders', 'packages']);
  });

  it('open the tab of the address only when it is visible', () => {
    expect(financeTabOf('packages', ['orders', 'packages'])).toBe('packages');
    expect(financeTabOf('revenue', ['orders', 'packages'])).toBe('orders');
    expect(financeTabOf(null, ['transfers'])).toBe('transfers');
    expect(financeTabOf('orders', [])).toBeUndefined();
  });
});

describe('canRefund', () => {
  const all = staffRoleCapabilities.finance;
  it('offers a refund only on a paid package order, to a member holding refunds', () => {
    expect(canRefund({ kind: 'package', status: 'paid' }, all)).toBe(true);
    expect(canRefund({ kind: 'recharge', status: 'paid' }, all)).toBe(false);
    expect(canRefund({ kind: 'package', status: 'refunded' }, all)).toBe(false);
    expect(canRefund({ kind: 'package', status: 'unpaid' }, all)).toBe(false);
    expect(canRefund({ kind: 'package', status: 'paid' }, ['orders'])).toBe(false);
  });
});

describe('the revenue range', () => {
  // 2026-03-14 10:00 in UTC+8.
  const now = Date.UTC(2026, 2, 14, 2, 0, 0);

  it('defaults to the last 30 UTC+8 days or 12 months, the current one included', () => {
    expect(defaultRevenueDays('day', now)).toEqual([
      { year: 2026, month: 2, day: 13 },
      { year: 2026, month: 3, day: 14 },
    ]);
    expect(defaultRevenueDays('month', now)[0]).toEqual({ year: 2025, month: 4, day: 1 });
  });

  it('runs from the first Beijing midnight to the one after the last day or month', () => {
    const days = revenueRange('day', { year: 2026, month: 2, day: 13 }, { year: 2026, month: 3, day: 14 });
    expect(days).toEqual({ from: Date.UTC(2026, 1, 12, 16), to: Date.UTC(2026, 2, 14, 16) });
    const months = revenueRange('month', { year: 2025, month: 4, day: 9 }, { year: 2026, month: 3, day: 14 });
    expect(months).toEqual({ from: Date.UTC(2025, 2, 31, 16), to: Date.UTC(2026, 2, 31, 16) });
  });

  it('crosses the year by months', () => {
    const months = revenueRange('month', { year: 2025, month: 12, day: 1 }, { year: 2025, month: 12, day: 1 });
    expect(months).toEqual({ from: Date.UTC(2025, 10, 30, 16), to: Date.UTC(2025, 11, 31, 16) });
  });
});

describe('textOrNull', () => {
  it('takes an empty field as null', () => {
    expect(textOrNull('')).toBeNull();
    expect(textOrNull('  ')).toBeNull();
    expect(textOrNull(undefined)).toBeNull();
    expect(textOrNull(' 42 ')).toBe('42');
  });
});

describe('quotaOf', () => {
  it('shows traffic in GB exactly, requests as a count, none as null', () => {
    expect(quotaOf('traffic', String(1024n ** 4n))).toBe('1,024.00 GB');
    expect(quotaOf('traffic', String(1024n ** 3n / 2n))).toBe('0.50 GB');
    expect(quotaOf('https_requests', '10000000')).toBe('10,000,000');
    expect(quotaOf('websocket', null)).toBeNull();
  });
});
