import { z } from 'zod';
import { defineRoute } from '../route';
import {
  BalanceSchema,
  IdempotencyHeadersSchema,
  LedgerEntrySchema,
  MyPackageSchema,
  OrderCreateSchema,
  OrderListQuerySchema,
  OrderSchema,
  PackageListQuerySchema,
  PackageSchema,
  QrPaymentSchema,
  RechargeCreateSchema,
  StatementExportQuerySchema,
  StatementQuerySchema,
} from '../schemas/commerce';
import { IdParamsSchema, pageOf } from '../schemas/common';

/*
 * Packages, orders, balance and recharge. The spec names /user/my_plan and /user/eo/my-plan; the other paths are
 * not shown and follow the domain calls' style.
 * - Ownership: every :id is the caller's order; a foreign id answers NOT_FOUND like a missing one.
 * - Buying and recharging need real-name verification (REAL_NAME_REQUIRED).
 * - pay-by-balance requires an Idempotency-Key header (IdempotencyKeySchema; absent or malformed: VALIDATION_FAILED
 *   with the header as the field): the same key with the same order answers the first answer again, with another
 *   order IDEMPOTENCY_KEY_REUSED (409). A paid order answers ORDER_ALREADY_PAID, a cancelled, refunded or closed
 *   one ORDER_CLOSED ('Order not found or closed'), a short balance INSUFFICIENT_BALANCE.
 * - pay-by-qr asks the payment gateway for a payment and answers its QR code; the order turns paid when the
 *   gateway's signed notification arrives (the pay view polls the order's detail).
 */

const tag = 'commerce';
const plan = { id: 'plan', action: 'query' } as const;
const orderQuery = { id: 'order', action: 'query' } as const;
const orderAdd = { id: 'order', action: 'add' } as const;
const orderEdit = { id: 'order', action: 'edit' } as const;

export const commerceRoutes = {
  myPlan: defineRoute({
    method: 'GET',
    path: '/user/my_plan',
    summary: 'My CDN packages and add-ons, with usage and expiry',
    tag,
    permission: plan,
    data: z.array(MyPackageSchema),
  }),
  myEoPlan: defineRoute({
    method: 'GET',
    path: '/user/eo/my-plan',
    summary: 'My edge-platform plans',
    tag,
    permission: plan,
    data: z.array(MyPackageSchema),
  }),
  packages: defineRoute({
    method: 'GET',
    path: '/package/list',
    summary: 'The packages on sale, by type',
    tag,
    permission: plan,
    query: PackageListQuerySchema,
    data: z.array(PackageSchema),
  }),
  createOrder: defineRoute({
    method: 'POST',
    path: '/order/create',
    summary: 'Buy a package: an unpaid order, closed after 30 minutes unless paid',
    tag,
    permission: orderAdd,
    body: OrderCreateSchema,
    data: OrderSchema,
  }),
  orders: defineRoute({
    method: 'GET',
    path: '/order/list',
    summary: 'My orders, newest first; filter by status, kind, number and time',
    tag,
    permission: orderQuery,
    query: OrderListQuerySchema,
    data: pageOf(OrderSchema),
  }),
  order: defineRoute({
    method: 'GET',
    path: '/order/:id/detail',
    summary: 'One order; the payment view polls it',
    tag,
    permission: orderQuery,
    params: IdParamsSchema,
    data: OrderSchema,
  }),
  cancelOrder: defineRoute({
    method: 'POST',
    path: '/order/:id/cancel',
    summary: 'Cancel an unpaid order',
    tag,
    permission: orderEdit,
    params: IdParamsSchema,
    data: OrderSchema,
  }),
  payByBalance: defineRoute({
    method: 'POST',
    path: '/order/:id/pay-by-balance',
    summary: 'Pay an order from the balance (Idempotency-Key header required)',
    tag,
    permission: orderEdit,
    params: IdParamsSchema,
    headers: IdempotencyHeadersSchema,
    data: OrderSchema,
  }),
  payByQr: defineRoute({
    method: 'POST',
    path: '/order/:id/pay-by-qr',
    summary: 'Pay an order by QR code through the payment gateway',
    tag,
    permission: orderEdit,
    params: IdParamsSchema,
    data: QrPaymentSchema,
  }),
  recharge: defineRoute({
    method: 'POST',
    path: '/recharge/create',
    summary: 'Top up the balance: whole CNY of at least 1, by QR code or bank transfer',
    tag,
    permission: orderAdd,
    body: RechargeCreateSchema,
    data: OrderSchema,
  }),
  balance: defineRoute({
    method: 'GET',
    path: '/balance',
    summary: 'My balance',
    tag,
    permission: orderQuery,
    data: BalanceSchema,
  }),
  statement: defineRoute({
    method: 'GET',
    path: '/balance/statement',
    summary: 'Every change of my balance with the balance after it, newest first',
    tag,
    permission: orderQuery,
    query: StatementQuerySchema,
    data: pageOf(LedgerEntrySchema),
  }),
  statementExport: defineRoute({
    method: 'GET',
    path: '/balance/statement/export',
    summary: 'The statement as CSV, with the same filters',
    tag,
    permission: { id: 'order', action: 'export' },
    query: StatementExportQuerySchema,
    data: z.null(),
    response: 'file',
  }),
};
