import {
  fromUtc8Time,
  type PackageType,
  type RevenueGranularity,
  type StaffCapability,
  type StaffOrder,
  utc8DayStart,
  utc8Time,
} from '@edgeward/contract';
import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { type Translate, validateWith } from '../../../lib/form';
import { tabOf, visibleTabs } from '../layout/capability-tabs';

/**
 * An amount typed in CNY as fen (decimal text), exactly: whole yuan and at most two decimals, by string arithmetic
 * (no float ever rounds 0.1 + 0.2). Null for anything else (an empty box, letters, a third decimal, a sign).
 */
export function yuanToFen(text: string): string | null {
  const match = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', decimals = ''] = match;
  return (BigInt(whole) * 100n + BigInt(decimals.padEnd(2, '0'))).toString();
}

/** The finance desk's tabs, in order, each with the capability its calls need. */
export const financeTabs = [
  { key: 'orders', capability: 'orders' },
  { key: 'transfers', capability: 'transfers' },
  { key: 'packages', capability: 'packages' },
  { key: 'revenue', capability: 'statements' },
] as const satisfies readonly { key: string; capability: StaffCapability }[];
export type FinanceTab = (typeof financeTabs)[number]['key'];

export const visibleFinanceTabs = (capabilities: readonly StaffCapability[]): FinanceTab[] =>
  visibleTabs(financeTabs, capabilities);

export const financeTabOf = (wanted: string | null, visible: readonly FinanceTab[]) => tabOf(wanted, visible);

/** Only a paid package order is refunded, and only by a member holding `refunds` (the server says the rest). */
export function canRefund(order: Pick<StaffOrder, 'kind' | 'status'>, capabilities: readonly StaffCapability[]) {
  return capabilities.includes('refunds') && order.kind === 'package' && order.status === 'paid';
}

const DAY_MS = 86_400_000;

/** A calendar day as picked (year, month 1-12, day). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/**
 * The revenue statement's [from, to) for the picked UTC+8 days, whole days or whole months: the first day's (or
 * month's) Beijing midnight to the midnight after the last.
 */
export function revenueRange(granularity: RevenueGranularity, first: CalendarDay, last: CalendarDay) {
  const at = (year: number, month: number, day: number) =>
    fromUtc8Time({ year, month, day, hour: 0, minute: 0, second: 0 }).getTime();
  if (granularity === 'day') {
    return { from: at(first.year, first.month, first.day), to: at(last.year, last.month, last.day + 1) };
  }
  return { from: at(first.year, first.month, 1), to: at(last.year, last.month + 1, 1) };
}

/** The default range: the last 30 UTC+8 days, today included, or the last 12 months, this one included. */
export function defaultRevenueDays(granularity: RevenueGranularity, now: number): [CalendarDay, CalendarDay] {
  const today = utc8Time(now);
  const last = { year: today.year, month: today.month, day: today.day };
  if (granularity === 'day') {
    const start = utc8Time(utc8DayStart(now) - 29 * DAY_MS);
    return [{ year: start.year, month: start.month, day: start.day }, last];
  }
  const start = utc8Time(fromUtc8Time({ ...today, month: today.month - 11, day: 1, hour: 0, minute: 0, second: 0 }));
  return [{ year: start.year, month: start.month, day: 1 }, last];
}

/**
 * A form rule for an amount typed in CNY: it must convert to fen exactly (else `invalid`), and the fen must pass the
 * contract's own schema of the field (a price above 0, a received amount within the limit), translated.
 */
export function yuanRule(schema: z.ZodType, invalid: string, t: Translate): RuleObject {
  return {
    required: true,
    validator: (_rule, value: string | undefined) => {
      const fen = yuanToFen(value ?? '');
      const problem = fen === null ? invalid : validateWith(schema, fen, t);
      return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
    },
  };
}

/** An optional text field: empty is null, as the contract's schema takes it. */
export const textOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

const GB = 1024n ** 3n;

/**
 * A package's quota in its type's unit: traffic bytes as GB with two decimals (exact, by integer arithmetic),
 * requests as a count; null (add-ons and plans) stays null.
 */
export function quotaOf(type: PackageType, quota: string | null): string | null {
  if (quota === null) return null;
  const amount = BigInt(quota);
  if (type !== 'traffic') return amount.toLocaleString('en-US');
  const hundredths = (amount * 100n) / GB;
  return `${(hundredths / 100n).toLocaleString('en-US')}.${String(hundredths % 100n).padStart(2, '0')} GB`;
}
