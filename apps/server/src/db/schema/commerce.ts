import { ledgerKinds, orderKinds, orderStatuses, packageTypes, paymentMethods } from '@edgeward/contract';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, fen, id } from './columns';

const createdAtMs = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
/** Traffic in bytes or a count of requests: may pass 2^53 (petabytes), so exact like money. */
const quota = (name: string) => bigint(name, { mode: 'bigint' });

/** `name` and `spec` are the English (en-US) texts, `nameZh` and `specZh` the Chinese ones (migration 0025). */
export const packages = pgTable('packages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  code: text('code').notNull().unique(),
  type: text('type', { enum: packageTypes }).notNull(),
  name: text('name').notNull(),
  nameZh: text('name_zh').notNull(),
  spec: text('spec').notNull(),
  specZh: text('spec_zh').notNull(),
  quota: quota('quota'),
  priceFen: fen('price_fen').notNull(),
  validityMonths: integer('validity_months').notNull(),
  onSale: boolean('on_sale').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: orderKinds }).notNull(),
    packageId: id('package_id').references(() => packages.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    productNameZh: text('product_name_zh').notNull(),
    packageType: text('package_type', { enum: packageTypes }),
    spec: text('spec'),
    specZh: text('spec_zh'),
    quota: quota('quota'),
    validityMonths: integer('validity_months'),
    amountFen: fen('amount_fen').notNull(),
    status: text('status', { enum: orderStatuses }).notNull(),
    paymentMethod: text('payment_method', { enum: paymentMethods }),
    transferReference: text('transfer_reference').unique(),
    gateway: text('gateway'),
    gatewayTradeNo: text('gateway_trade_no').unique(),
    payUrl: text('pay_url'),
    closeAt: at('close_at'),
    createdAt: createdAtMs('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
    cancelledAt: at('cancelled_at'),
    refundedAt: at('refunded_at'),
  },
  (t) => [index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export type OrderRow = typeof orders.$inferSelect;

export const balances = pgTable('balances', {
  userId: id('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  balanceFen: fen('balance_fen').notNull().default(0n),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    amountFen: fen('amount_fen').notNull(),
    balanceAfterFen: fen('balance_after_fen').notNull(),
    orderId: id('order_id').references(() => orders.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: createdAtMs('created_at').notNull().defaultNow(),
  },
  (t) => [index('balance_ledger_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export const userPackages = pgTable('user_packages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: id('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  orderId: id('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  type: text('type', { enum: packageTypes }).notNull(),
  name: text('name').notNull(),
  nameZh: text('name_zh').notNull(),
  spec: text('spec').notNull(),
  specZh: text('spec_zh').notNull(),
  quota: quota('quota'),
  effectiveAt: at('effective_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    gateway: text('gateway').notNull(),
    notifyId: text('notify_id').notNull(),
    orderId: id('order_id').references(() => orders.id, { onDelete: 'set null' }),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.notifyId] })],
);

/** Gateway trades that paid an order or were credited to the balance: at most once each (migration 0020). */
export const paymentTrades = pgTable(
  'payment_trades',
  {
    gateway: text('gateway').notNull(),
    tradeNo: text('trade_no').notNull(),
    orderId: id('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amountFen: fen('amount_fen').notNull(),
    creditedAt: at('credited_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.tradeNo] })],
);

export const sandboxPayments = pgTable('sandbox_payments', {
  tradeNo: text('trade_no').primaryKey(),
  outTradeNo: text('out_trade_no').notNull(),
  subject: text('subject').notNull(),
  amountFen: fen('amount_fen').notNull(),
  notifyUrl: text('notify_url').notNull(),
  status: text('status', { enum: ['waiting', 'paid', 'cancelled', 'closed'] }).notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
});
