import { formatFen, type PackageType } from '@edgeward/contract';
import type { Db, Executor, Tx } from '../../db/connect';
import type { OrderRow } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { operatorActor } from '../../lib/actor';
import { OpsError } from '../../ops/ops';
import { eventMessage, sendMessage } from '../message';
import { credit } from './balance.repository';
import { closeGatewayTrade } from './commerce.jobs';
import * as ordersRepo from './order.repository';
import { recordOrder } from './order-log';
import type { PackageRow } from './package.repository';
import * as packagesRepo from './package.repository';
import { settlePaid } from './settlement';

/** '12', '12.3', '12.34' yuan -> fen, exactly; anything else is refused. */
export function parseYuan(text: string): bigint {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new OpsError(`'${text}' is not an amount in CNY (like 199 or 199.50)`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** The package's texts: `name` and `spec` in English, `nameZh` and `specZh` in Chinese. */
export interface PackageTexts {
  name: string;
  nameZh: string;
  spec: string;
  specZh: string;
}

export interface PackageDefinition extends PackageTexts {
  code: string;
  type: PackageType;
  quota: bigint | null;
  priceFen: bigint;
  validityMonths: number;
}

const orderNotFound = (orderNo: string) =>
  new AppError('NOT_FOUND', { messageKey: 'commerce.order.notFound', params: { orderNo } });
const transferNotFound = (reference: string) =>
  new AppError('NOT_FOUND', { messageKey: 'commerce.transfer.notFound', params: { reference } });
const packageNotFound = (code: string) =>
  new AppError('NOT_FOUND', { messageKey: 'commerce.package.notFound', params: { code } });

// The actions below are each written once, on a row the caller has locked in its transaction: the command line
// finds the row by its number, reference or code; the operator console (finance-desk.service.ts) by its id, and
// writes its audit row in the same transaction.

/** Refunds a locked paid package order to the customer's balance and revokes the package. */
export async function refundOrder(
  tx: Tx,
  order: OrderRow,
  at: Date,
): Promise<{ order: OrderRow; balanceAfter: bigint }> {
  if (order.kind !== 'package') throw new AppError('ORDER_NOT_REFUNDABLE', { messageKey: 'commerce.refund.recharge' });
  if (order.status !== 'paid') {
    throw new AppError('ORDER_NOT_REFUNDABLE', {
      messageKey: 'commerce.refund.notPaid',
      params: { status: order.status },
    });
  }
  const refunded = await ordersRepo.updateOrder(tx, order.id, { status: 'refunded', refundedAt: at });
  await packagesRepo.revokeUserPackage(tx, order.id, at);
  const balanceAfter = await credit(tx, {
    userId: order.userId,
    kind: 'refund',
    amountFen: order.amountFen,
    orderId: order.id,
    at,
  });
  await recordOrder(tx, operatorActor(order.userId), 'order.refund', refunded, order);
  return { order: refunded, balanceAfter };
}

/**
 * The money of a locked bank transfer arrived: the received amount (which may differ from what was announced) is
 * credited and the recharge marked paid. A transfer is confirmed once.
 */
export async function confirmTransferOrder(tx: Tx, order: OrderRow, receivedFen: bigint, at: Date): Promise<OrderRow> {
  if (receivedFen <= 0n) throw fieldError('receivedFen', 'commerce.transfer.receivedPositive');
  if (order.status === 'paid') throw new AppError('TRANSFER_ALREADY_CONFIRMED');
  const paid = await settlePaid(tx, order, { method: 'bank_transfer', at, creditFen: receivedFen });
  await recordOrder(tx, operatorActor(order.userId), 'order.confirmTransfer', paid, order, receivedFen);
  return paid;
}

/**
 * A locked bank transfer whose money never arrived: cancelled, with a message to the customer giving the reason.
 * One confirmed or cancelled already is refused.
 */
export async function rejectTransferOrder(tx: Tx, order: OrderRow, reason: string, at: Date): Promise<OrderRow> {
  if (order.status === 'paid') throw new AppError('TRANSFER_ALREADY_CONFIRMED');
  if (order.status !== 'unpaid') throw new AppError('TRANSFER_CANCELLED');
  const cancelled = await ordersRepo.updateOrder(tx, order.id, { status: 'cancelled', cancelledAt: at });
  const message = eventMessage('billing', 'transfer.rejected', {
    orderNo: order.orderNo,
    reference: order.transferReference ?? '',
    amount: formatFen(order.amountFen),
    reason,
  });
  await sendMessage(tx, order.userId, message, at);
  await recordOrder(tx, operatorActor(order.userId), 'order.rejectTransfer', cancelled, order);
  return cancelled;
}

/** Adds a package to the catalogue, on sale; a code taken is refused, also by one added at the same moment. */
export async function addPackageTo(ex: Executor, definition: PackageDefinition, at: Date): Promise<PackageRow> {
  const row = await packagesRepo.insertPackage(ex, { ...definition, createdAt: at });
  if (!row) throw new AppError('PACKAGE_CODE_TAKEN', { params: { code: definition.code } });
  return row;
}

/** The operator's side of commerce: the catalogue, refunds, bank transfers, and closing overdue orders. */
export function createCommerceOperator(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    addPackage: (definition: PackageDefinition) => addPackageTo(db, definition, now()),

    listPackages: () => packagesRepo.listPackages(db, { all: true }),

    /** New texts for the catalogue; orders placed and packages bought keep the texts they were bought under. */
    async renamePackage(code: string, texts: Partial<PackageTexts>) {
      const row = await packagesRepo.updatePackageTexts(db, { code }, texts);
      if (!row) throw packageNotFound(code);
      return row;
    },

    async setOnSale(code: string, onSale: boolean) {
      const row = await packagesRepo.setOnSale(db, { code }, onSale);
      if (!row) throw packageNotFound(code);
      return row;
    },

    /** Refunds a paid package order to the customer's balance and revokes the package, in one transaction. */
    refund: (orderNo: string): Promise<{ order: OrderRow; balanceAfter: bigint }> =>
      db.transaction(async (tx) => {
        const order = await ordersRepo.lockOrderBy(tx, { orderNo });
        if (!order) throw orderNotFound(orderNo);
        return refundOrder(tx, order, now());
      }),

    /** Bank-transfer recharges waiting for their money, oldest first. */
    pendingTransfers: () => ordersRepo.listPendingTransfers(db),

    /** Confirms the bank transfer of this reference with the amount received (confirmTransferOrder). */
    confirmTransfer: (reference: string, receivedFen: bigint): Promise<OrderRow> =>
      db.transaction(async (tx) => {
        const order = await ordersRepo.lockOrderBy(tx, { transferReference: reference });
        if (!order) throw transferNotFound(reference);
        return confirmTransferOrder(tx, order, receivedFen, now());
      }),

    /** Cancels the unpaid orders past their close time, and queues the closing of their gateway trades. */
    closeOverdue: () =>
      db.transaction(async (tx) => {
        const at = now();
        const closed = await ordersRepo.closeOverdueOrders(tx, at);
        for (const order of closed) await closeGatewayTrade(tx, order, at);
        return closed.length;
      }),
  };
}
