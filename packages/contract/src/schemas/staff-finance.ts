import { z } from 'zod';
import { limits } from '../limits';
import { utc8DayStart } from '../time/statistics-range';
import { fromUtc8Time, utc8Time } from '../time/utc8';
import {
  FenSchema,
  OrderKindSchema,
  OrderSchema,
  OrderStatusSchema,
  PackageTypeSchema,
  packageTypes,
} from './commerce';
import { EpochMsSchema, epochMsQuery, PageQuerySchema, requiredText, text } from './common';

const f = limits.finance;

/** The fen of a text that is a whole number, or null (zod runs every check, so a later one meets bad text too). */
const fenOf = (fen: string) => (/^-?\d+$/.test(fen) ? BigInt(fen) : null);

/** Every customer's orders, newest first; `search` is part of an order number or of the customer's user name. */
export const StaffOrderQuerySchema = PageQuerySchema.extend({
  status: OrderStatusSchema.optional(),
  kind: OrderKindSchema.optional(),
  search: text().trim().max(f.orderSearchMax, { error: 'validation.tooLong' }).optional(),
  /** Placed from `from` (inclusive) to `to` (exclusive), epoch milliseconds. */
  from: epochMsQuery().optional(),
  to: epochMsQuery().optional(),
});
export type StaffOrderQuery = z.infer<typeof StaffOrderQuerySchema>;

/** An order as the finance staff read it: the customer's order with its customer and when it was closed. */
export const StaffOrderSchema = OrderSchema.extend({
  userId: z.number().int(),
  userName: z.string(),
  cancelledAt: EpochMsSchema.nullable(),
  refundedAt: EpochMsSchema.nullable(),
});
export type StaffOrder = z.infer<typeof StaffOrderSchema>;

/** A bank-transfer recharge waiting for its money: the reference the customer wrote and the amount announced. */
export const StaffTransferSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  reference: z.string(),
  announcedFen: FenSchema,
  userId: z.number().int(),
  userName: z.string(),
  createdAt: EpochMsSchema,
});
export type StaffTransfer = z.infer<typeof StaffTransferSchema>;

/**
 * The money of a bank transfer arrived: what the company account received, in fen, which may differ from what was
 * announced.
 */
export const StaffTransferConfirmSchema = z.object({
  receivedFen: FenSchema.refine((fen) => (fenOf(fen) ?? 1n) > 0n, {
    error: 'commerce.transfer.receivedPositive',
  }).refine((fen) => (fenOf(fen) ?? 0n) <= BigInt(f.transferReceivedMaxFen), {
    error: 'commerce.transfer.receivedMax',
  }),
});
export type StaffTransferConfirm = z.infer<typeof StaffTransferConfirmSchema>;

// A schema's own error names every issue without one: a bound names its key, or the length would read "required".
const packageText = (max: number) => requiredText('commerce.package.text').max(max, { error: 'validation.tooLong' });

/** A package's texts: `name` and `spec` in English, `nameZh` and `specZh` in Chinese (the console shows both). */
export const PackageTextsSchema = z.object({
  name: packageText(f.packageNameMax),
  nameZh: packageText(f.packageNameMax),
  spec: packageText(f.packageSpecMax),
  specZh: packageText(f.packageSpecMax),
});
export type PackageTexts = z.infer<typeof PackageTextsSchema>;

/** New texts for a package of the catalogue, at least one; orders placed and packages bought keep theirs. */
export const PackageTextsEditSchema = PackageTextsSchema.partial().refine(
  (texts) => Object.values(texts).some((value) => value !== undefined),
  { error: 'commerce.package.textsNone' },
);
export type PackageTextsEdit = z.infer<typeof PackageTextsEditSchema>;

/**
 * A package for the catalogue, as the console's form and the command line (`package add`) define it. The price is
 * in fen (the command line reads CNY and converts); the quota is bytes of traffic or a count of requests, none for
 * add-ons and plans.
 */
export const PackageDefinitionSchema = PackageTextsSchema.extend({
  code: requiredText('commerce.package.code')
    .max(f.packageCodeMax, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: 'commerce.package.code' }),
  type: z.enum(packageTypes, { error: 'commerce.package.type' }),
  priceFen: z
    .string({ error: 'validation.required' })
    .regex(/^\d{1,14}$/, { error: 'commerce.package.priceFen' })
    .refine((fen) => (fenOf(fen) ?? 1n) > 0n, { error: 'commerce.package.priceMin' }),
  validityMonths: z
    .number({ error: 'commerce.package.months' })
    .int({ error: 'commerce.package.months' })
    .min(1, { error: 'commerce.package.months' })
    .max(f.packageMonthsMax, { error: 'commerce.package.months' }),
  quota: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'commerce.package.quota' })
    .nullable()
    .default(null),
});
export type PackageDefinitionInput = z.input<typeof PackageDefinitionSchema>;
export type PackageDefinitionFields = z.output<typeof PackageDefinitionSchema>;

/** A package of the catalogue as the finance staff manage it: both languages, on sale or not. */
export const StaffPackageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: PackageTypeSchema,
  name: z.string(),
  nameZh: z.string(),
  spec: z.string(),
  specZh: z.string(),
  quota: z.string().nullable(),
  priceFen: FenSchema,
  validityMonths: z.number().int(),
  onSale: z.boolean(),
  createdAt: EpochMsSchema,
});
export type StaffPackage = z.infer<typeof StaffPackageSchema>;

export const StaffPackageSaleSchema = z.object({ onSale: z.boolean({ error: 'validation.required' }) });
export type StaffPackageSale = z.infer<typeof StaffPackageSaleSchema>;

export const revenueGranularities = ['day', 'month'] as const;
export type RevenueGranularity = (typeof revenueGranularities)[number];

const DAY_MS = 86_400_000;

/** How many UTC+8 days or months the money of [from, to) falls in. */
function periodCount(granularity: RevenueGranularity, from: number, to: number): number {
  if (granularity === 'day') return (utc8DayStart(to - 1) - utc8DayStart(from)) / DAY_MS + 1;
  const first = utc8Time(from);
  const last = utc8Time(to - 1);
  return (last.year - first.year) * 12 + (last.month - first.month) + 1;
}

/**
 * The revenue statement: the money of [from, to) (epoch milliseconds, the console sending Beijing midnights) by
 * UTC+8 day or month, at most a year of days or three years of months.
 */
export const RevenueQuerySchema = z
  .object({
    granularity: z.enum(revenueGranularities, { error: 'validation.invalid' }).default('day'),
    from: epochMsQuery('validation.required'),
    to: epochMsQuery('validation.required'),
  })
  .superRefine((q, ctx) => {
    if (q.to <= q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'commerce.revenue.toBeforeFrom' });
    } else if (q.granularity === 'day' && periodCount('day', q.from, q.to) > f.revenueDaysMax) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'commerce.revenue.tooManyDays' });
    } else if (q.granularity === 'month' && periodCount('month', q.from, q.to) > f.revenueMonthsMax) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'commerce.revenue.tooManyMonths' });
    }
  });
export type RevenueQuery = z.output<typeof RevenueQuerySchema>;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The periods of a revenue statement, first to last: each UTC+8 day ('2026-03-14') or month ('2026-03') that
 * [from, to) touches, with the instant it starts.
 */
export function revenuePeriods(
  granularity: RevenueGranularity,
  from: number,
  to: number,
): { period: string; startAt: number }[] {
  const periods: { period: string; startAt: number }[] = [];
  const first = utc8Time(from);
  for (let step = 0; ; step++) {
    const start = fromUtc8Time({
      year: first.year,
      month: first.month + (granularity === 'month' ? step : 0),
      day: granularity === 'day' ? first.day + step : 1,
      hour: 0,
      minute: 0,
      second: 0,
    }).getTime();
    if (start >= to) return periods;
    const { year, month, day } = utc8Time(start);
    const period = granularity === 'day' ? `${year}-${pad(month)}-${pad(day)}` : `${year}-${pad(month)}`;
    periods.push({ period, startAt: start });
  }
}

/** A count of payments or refunds and their sum. */
const CountedFenSchema = z.object({ count: z.number().int(), fen: FenSchema });

export const RevenueFiguresSchema = z.object({
  /** Package orders paid in the period (a later refund counts in the refund's period). */
  packageOrders: CountedFenSchema,
  /** Money credited to balances: recharges (a bank transfer as received) and gateway payments that came late. */
  recharges: CountedFenSchema,
  refunds: CountedFenSchema,
});
export type RevenueFigures = z.infer<typeof RevenueFiguresSchema>;

export const RevenuePeriodSchema = RevenueFiguresSchema.extend({ period: z.string(), startAt: EpochMsSchema });
export type RevenuePeriod = z.infer<typeof RevenuePeriodSchema>;

export const RevenueSchema = z.object({
  granularity: z.enum(revenueGranularities),
  periods: z.array(RevenuePeriodSchema),
  total: RevenueFiguresSchema,
});
export type Revenue = z.infer<typeof RevenueSchema>;
