import { randomBytes } from 'node:crypto';
import {
  addonTypes,
  type LedgerEntry,
  type Locale,
  limits,
  type MyPackage,
  type Order,
  type OrderCreate,
  type OrderListQuery,
  type Package,
  type PackageType,
  type QrPayment,
  type RechargeCreate,
  type StatementQuery,
} from '@edgeward/contract';
import type { PaymentSettings } from '../../config';
import type { Db, Tx } from '../../db/connect';
import type { OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { translate } from '../../http/i18n';
import type { Actor } from '../../lib/actor';
import { pageWithTotal } from '../../lib/page';
import type { PaymentGateway } from '../../providers/payment';
import { assertRealNameVerified } from '../identity';
import type { AuthUser } from '../session';
import { accountBytes, wholeBuckets } from '../traffic';
import * as balances from './balance.repository';
import { closeGatewayTrade } from './commerce.jobs';
import { toLedgerEntry, toMyPackage, toOrder, toPackage } from './commerce.presenter';
import { requestHash, runOnce } from './idempotency';
import * as ordersRepo from './order.repository';
import { recordOrder } from './order-log';
import type { UserPackageRow } from './package.repository';
import * as packagesRepo from './package.repository';
import { newOrderNo, settlePaid } from './settlement';
import { shareTraffic } from './traffic-sharing';

type Caller = Pick<AuthUser, 'id' | 'realNameVerified'>;

export interface OrderServiceDeps {
  db: Db;
  now: () => Date;
  gateway: PaymentGateway;
  payment: PaymentSettings;
  /** The console's public URL: the gateway's notifications come back to it. */
  publicUrl: string;
}

const cdnTypes = ['traffic', 'https_requests', ...addonTypes] as const satisfies readonly PackageType[];

/** 'EW' and 8 characters without look-alikes (no 0/O, 1/I): what the customer writes on a bank transfer. */
export function transferReference(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `EW${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * What the customer does with packages, orders and the balance. Every order query is scoped by the caller; a
 * foreign id answers NOT_FOUND. Money moves only in transactions, with the order row locked.
 */
export function createOrderService(deps: OrderServiceDeps) {
  const { db, now } = deps;
  const present = (row: OrderRow, locale: Locale) => toOrder(row, deps.payment.bankTransfer, locale);

  /** A locked order of the caller that can still be paid; an overdue one is closed here and refused. */
  async function payableOrder(tx: Tx, user: Caller, id: number) {
    const order = await ordersRepo.findOwnedOrder(tx, user.id, id, { lock: true });
    if (!order) throw notFound();
    if (order.status === 'paid') throw new AppError('ORDER_ALREADY_PAID');
    if (order.status !== 'unpaid') throw new AppError('ORDER_CLOSED');
    if (order.closeAt && order.closeAt <= now()) throw new AppError('ORDER_CLOSED');
    return order;
  }

  /**
   * The traffic packages' use: the bytes the account served while each was in force, shared out so that where
   * packages overlap the same bytes count once (traffic-sharing.ts). Other packages have no measured use.
   */
  async function measuredUse(userId: number, rows: UserPackageRow[], at: Date): Promise<Map<number, bigint>> {
    const windows = rows.flatMap((row) => {
      if (row.type !== 'traffic' || row.quota === null) return [];
      const to = [at, row.expiresAt, row.revokedAt].filter((d): d is Date => d !== null).sort((a, b) => +a - +b)[0]!;
      return [{ id: row.id, ...wholeBuckets(row.effectiveAt, to), quota: row.quota, expiresAt: row.expiresAt }];
    });
    return shareTraffic(windows, async (from, to) => BigInt(Math.round(await accountBytes(db, userId, from, to))));
  }

  return {
    async packages(type: PackageType | undefined, locale: Locale): Promise<Package[]> {
      return (await packagesRepo.listPackages(db, { type })).map((row) => toPackage(row, locale));
    },

    async myPackages(user: Caller, platform: 'cdn' | 'eo', locale: Locale): Promise<MyPackage[]> {
      const rows = await packagesRepo.listUserPackages(db, user.id, platform === 'cdn' ? cdnTypes : ['edge_plan']);
      const at = now();
      const used = await measuredUse(user.id, rows, at);
      return rows.map((row) => toMyPackage(row, { now: at, used: used.get(row.id) ?? null, locale }));
    },

    async createOrder(user: Caller, body: OrderCreate, actor: Actor, locale: Locale): Promise<Order> {
      assertRealNameVerified(user);
      const pkg = await packagesRepo.findPackage(db, body.packageId);
      if (!pkg?.onSale) throw new AppError('PACKAGE_NOT_ON_SALE');
      const at = now();
      const row = await db.transaction(async (tx) => {
        const created = await ordersRepo.insertOrder(tx, {
          orderNo: newOrderNo(at),
          userId: user.id,
          kind: 'package',
          packageId: pkg.id,
          productName: pkg.name,
          productNameZh: pkg.nameZh,
          packageType: pkg.type,
          spec: pkg.spec,
          specZh: pkg.specZh,
          quota: pkg.quota,
          validityMonths: pkg.validityMonths,
          amountFen: pkg.priceFen,
          status: 'unpaid',
          closeAt: new Date(at.getTime() + limits.commerce.unpaidCloseMs),
          createdAt: at,
        });
        await recordOrder(tx, actor, 'order.create', created, null);
        return created;
      });
      return present(row, locale);
    },

    async recharge(user: Caller, body: RechargeCreate, actor: Actor, locale: Locale): Promise<Order> {
      assertRealNameVerified(user);
      const at = now();
      const transfer = body.method === 'bank_transfer';
      const row = await db.transaction(async (tx) => {
        const created = await ordersRepo.insertOrder(tx, {
          orderNo: newOrderNo(at),
          userId: user.id,
          kind: 'recharge',
          productName: translate('en-US', 'commerce.recharge.productName'),
          productNameZh: translate('zh-CN', 'commerce.recharge.productName'),
          amountFen: BigInt(body.amountYuan) * 100n,
          status: 'unpaid',
          // A bank transfer takes days and waits for the operator; a QR recharge closes like any order.
          paymentMethod: transfer ? 'bank_transfer' : null,
          transferReference: transfer ? transferReference() : null,
          closeAt: transfer ? null : new Date(at.getTime() + limits.commerce.unpaidCloseMs),
          createdAt: at,
        });
        await recordOrder(tx, actor, 'order.recharge', created, null);
        return created;
      });
      return present(row, locale);
    },

    async list(user: Caller, query: OrderListQuery, locale: Locale) {
      const { rows, total } = await ordersRepo.listOrders(db, user.id, query);
      return pageWithTotal(
        query,
        rows.map((row) => present(row, locale)),
        total,
      );
    },

    async detail(user: Caller, id: number, locale: Locale): Promise<Order> {
      const row = await ordersRepo.findOwnedOrder(db, user.id, id);
      if (!row) throw notFound();
      return present(row, locale);
    },

    async cancel(user: Caller, id: number, actor: Actor, locale: Locale): Promise<Order> {
      return db.transaction(async (tx) => {
        const order = await ordersRepo.findOwnedOrder(tx, user.id, id, { lock: true });
        if (!order) throw notFound();
        if (order.status === 'paid') throw new AppError('ORDER_ALREADY_PAID');
        if (order.status !== 'unpaid') throw new AppError('ORDER_CLOSED');
        const at = now();
        const cancelled = await ordersRepo.updateOrder(tx, order.id, { status: 'cancelled', cancelledAt: at });
        await closeGatewayTrade(tx, order, at);
        await recordOrder(tx, actor, 'order.cancel', cancelled, order);
        return present(cancelled, locale);
      });
    },

    /**
     * One transaction: the idempotency key claimed, the order locked, the balance debited only if it holds the
     * amount, the ledger row written, the order paid and its package activated, and the closing of a QR payment
     * opened for it queued.
     */
    async payByBalance(user: Caller, id: number, key: string, actor: Actor, locale: Locale): Promise<Order> {
      assertRealNameVerified(user);
      const hash = requestHash({ call: 'pay-by-balance', orderId: id });
      return db.transaction((tx) =>
        runOnce(tx, { userId: user.id, key, hash }, async () => {
          const order = await payableOrder(tx, user, id);
          if (order.kind !== 'package') throw new AppError('PAYMENT_METHOD_NOT_ALLOWED');
          const at = now();
          const after = await balances.debit(tx, {
            userId: user.id,
            kind: 'payment',
            amountFen: order.amountFen,
            orderId: order.id,
            at,
          });
          if (after === null) throw new AppError('INSUFFICIENT_BALANCE');
          const paid = await settlePaid(tx, order, { method: 'balance', at });
          await closeGatewayTrade(tx, order, at);
          await recordOrder(tx, actor, 'order.pay', paid, order);
          return present(paid, locale);
        }),
      );
    },

    /**
     * Opens the gateway's payment for the order, once: asking again answers the same QR code. The gateway is called
     * outside any transaction (it is a network call); of two concurrent first calls, the first to store wins. A
     * payment not stored (the other call won, or the order stopped waiting meanwhile) belongs to no order: it is
     * closed at the gateway, so that nobody pays it.
     */
    async payByQr(user: Caller, id: number): Promise<Omit<QrPayment, 'qrCode'>> {
      assertRealNameVerified(user);
      const qrOf = (order: OrderRow) => ({
        orderId: order.id,
        gateway: deps.gateway.name,
        sandbox: deps.gateway.sandbox,
        payUrl: order.payUrl!,
        closeAt: order.closeAt?.getTime() ?? null,
      });
      const opened = (order: OrderRow) => order.payUrl !== null && order.gateway === deps.gateway.name;
      const current = await db.transaction((tx) => payableOrder(tx, user, id));
      if (current.paymentMethod === 'bank_transfer') throw new AppError('PAYMENT_METHOD_NOT_ALLOWED');
      if (opened(current)) return qrOf(current);
      const payment = await deps.gateway.createPayment({
        outTradeNo: current.orderNo,
        amountFen: current.amountFen,
        subject: current.productName,
        notifyUrl: `${deps.publicUrl}/api/payment/notify/${deps.gateway.name}`,
      });
      const trade = { gateway: deps.gateway.name, gatewayTradeNo: payment.tradeNo };
      try {
        return await db.transaction(async (tx) => {
          const order = await payableOrder(tx, user, id);
          if (!opened(order))
            return qrOf(await ordersRepo.updateOrder(tx, order.id, { ...trade, payUrl: payment.payUrl }));
          await closeGatewayTrade(tx, trade, now());
          return qrOf(order);
        });
      } catch (error) {
        await db.transaction((tx) => closeGatewayTrade(tx, trade, now()));
        throw error;
      }
    },

    async balance(user: Caller) {
      return { balanceFen: (await balances.balanceOf(db, user.id)).toString() };
    },

    async statement(user: Caller, query: StatementQuery) {
      const { rows, total } = await balances.statement(db, user.id, query, {
        limit: query.size,
        offset: (query.page - 1) * query.size,
      });
      return pageWithTotal(query, rows.map(toLedgerEntry), total);
    },

    async statementRows(user: Caller, query: Omit<StatementQuery, 'page' | 'size'>): Promise<LedgerEntry[]> {
      return (await balances.statement(db, user.id, query)).rows.map(toLedgerEntry);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
