import { z } from 'zod';
import { limits } from '../limits';
import { EpochMsSchema, epochMsQuery, PageQuerySchema, text } from './common';

const c = limits.commerce;

/** Package types: traffic, HTTPS requests, the two paid add-ons (spec section 1) and edge-platform plans. */
export const packageTypes = ['traffic', 'https_requests', 'websocket', 'china_mainland', 'edge_plan'] as const;
export const PackageTypeSchema = z.enum(packageTypes, { error: 'validation.invalid' });
export type PackageType = z.infer<typeof PackageTypeSchema>;

/** The add-ons; China-mainland optimization is switched on by customer service once bought (spec section 1). */
export const addonTypes = ['websocket', 'china_mainland'] as const satisfies readonly PackageType[];
export type AddonType = (typeof addonTypes)[number];

export const orderKinds = ['package', 'recharge'] as const;
export const OrderKindSchema = z.enum(orderKinds, { error: 'validation.invalid' });
export type OrderKind = z.infer<typeof OrderKindSchema>;

/** Spec section 4: paid, unpaid, cancelled, refunded. An unpaid order closed by time reads cancelled. */
export const orderStatuses = ['unpaid', 'paid', 'cancelled', 'refunded'] as const;
export const OrderStatusSchema = z.enum(orderStatuses, { error: 'validation.invalid' });
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Bank transfer is offered for recharges only (spec section 1). */
export const paymentMethods = ['balance', 'qr', 'bank_transfer'] as const;
export const PaymentMethodSchema = z.enum(paymentMethods, { error: 'validation.invalid' });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const ledgerKinds = ['recharge', 'payment', 'refund', 'credit'] as const;
export const LedgerKindSchema = z.enum(ledgerKinds, { error: 'validation.invalid' });
export type LedgerKind = z.infer<typeof LedgerKindSchema>;

/**
 * Money in the API: integer fen (1 CNY = 100 fen) written as decimal text, exact at any size; never a float.
 * formatFen turns it into the yuan the screens show.
 */
export const FenSchema = z.string().regex(/^-?\d+$/);

/** 12345 -> '123.45', -5 -> '-0.05': exact, by string arithmetic on the fen. */
export function formatFen(fen: string | bigint): string {
  const value = BigInt(fen);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export const PackageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: PackageTypeSchema,
  name: z.string(),
  spec: z.string(),
  /** Bytes of traffic or a count of requests, as decimal text; null for add-ons and plans. */
  quota: z.string().nullable(),
  priceFen: FenSchema,
  validityMonths: z.number().int(),
});
export type Package = z.infer<typeof PackageSchema>;

export const PackageListQuerySchema = z.object({ type: PackageTypeSchema.optional() });

export const OrderCreateSchema = z.object({ packageId: z.number({ error: 'validation.required' }).int().positive() });
export type OrderCreate = z.infer<typeof OrderCreateSchema>;

/** Spec section 9: a recharge is at least 1.00 CNY, in whole yuan. */
export const RechargeCreateSchema = z.object({
  amountYuan: z
    // A value that is there but no number (the text "10", "abc" typed in the form) is not an empty field.
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'validation.required' : 'commerce.recharge.notNumber',
    })
    .int({ error: 'commerce.recharge.wholeYuan' })
    .min(c.rechargeMinYuan, { error: 'commerce.recharge.min' })
    .max(c.rechargeMaxYuan, { error: 'commerce.recharge.max' }),
  method: z.enum(['qr', 'bank_transfer'], { error: 'validation.invalid' }),
});
export type RechargeCreate = z.infer<typeof RechargeCreateSchema>;

/** Where a bank transfer goes, and the reference the customer must write on it. */
export const BankTransferSchema = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  reference: z.string(),
});

/**
 * The payment view's state (spec sections 4 and 8): waiting for payment, paid (支付成功), or one of the messages
 * for an order that is cancelled, completed, refunded, or does not exist / has been closed.
 */
export const payViewStates = ['unpaid', 'paid', 'cancelled', 'refunded', 'closed'] as const;
export type PayViewState = (typeof payViewStates)[number];

export const OrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  kind: OrderKindSchema,
  productName: z.string(),
  packageType: PackageTypeSchema.nullable(),
  spec: z.string().nullable(),
  validityMonths: z.number().int().nullable(),
  amountFen: FenSchema,
  status: OrderStatusSchema,
  paymentMethod: PaymentMethodSchema.nullable(),
  createdAt: EpochMsSchema,
  paidAt: EpochMsSchema.nullable(),
  /** When an unpaid order closes by itself; null once it is settled, and for bank transfers. */
  closeAt: EpochMsSchema.nullable(),
  bankTransfer: BankTransferSchema.nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderListQuerySchema = PageQuerySchema.extend({
  status: OrderStatusSchema.optional(),
  kind: OrderKindSchema.optional(),
  orderNo: text().trim().max(64).optional(),
  from: epochMsQuery().optional(),
  to: epochMsQuery().optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/** A QR payment: the gateway's pay page URL and the QR code (an SVG data URL) that encodes it. */
export const QrPaymentSchema = z.object({
  orderId: z.number().int(),
  gateway: z.string(),
  /** True for the sandbox gateway, which the screens name as such. */
  sandbox: z.boolean(),
  payUrl: z.string(),
  qrCode: z.string(),
  closeAt: EpochMsSchema.nullable(),
});
export type QrPayment = z.infer<typeof QrPaymentSchema>;

export const BalanceSchema = z.object({ balanceFen: FenSchema });

export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: LedgerKindSchema,
  amountFen: FenSchema,
  balanceAfterFen: FenSchema,
  orderNo: z.string().nullable(),
  note: z.string(),
  createdAt: EpochMsSchema,
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const StatementQuerySchema = PageQuerySchema.extend({
  kind: LedgerKindSchema.optional(),
  from: epochMsQuery().optional(),
  to: epochMsQuery().optional(),
});
export type StatementQuery = z.infer<typeof StatementQuerySchema>;
export const StatementExportQuerySchema = StatementQuerySchema.omit({ page: true, size: true });

export const packageStates = ['active', 'expiring', 'expired', 'refunded'] as const;

/** One package the customer owns (spec section 3: type, spec, used, remaining, effective and expiry time). */
export const MyPackageSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  type: PackageTypeSchema,
  name: z.string(),
  spec: z.string(),
  /** Quota, used and remaining as decimal text in the type's unit; null where the package holds no quota. */
  quota: z.string().nullable(),
  used: z.string().nullable(),
  remaining: z.string().nullable(),
  effectiveAt: EpochMsSchema,
  expiresAt: EpochMsSchema,
  state: z.enum(packageStates),
});
export type MyPackage = z.infer<typeof MyPackageSchema>;

/** The Idempotency-Key header of a payment call: 1 to 64 ASCII letters, digits and _ . : - (a UUID fits). */
export const IdempotencyKeySchema = z
  .string({ error: 'commerce.idempotencyKey.required' })
  .min(1, { error: 'commerce.idempotencyKey.required' })
  .max(c.idempotencyKeyMax, { error: 'commerce.idempotencyKey.invalid' })
  .regex(/^[\w.:-]+$/, { error: 'commerce.idempotencyKey.invalid' });

/** The headers of a call that takes an Idempotency-Key (RouteDef.headers). */
export const IdempotencyHeadersSchema = z.object({ 'idempotency-key': IdempotencyKeySchema });
