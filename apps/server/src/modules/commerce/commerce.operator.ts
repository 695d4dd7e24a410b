import type { PackageType } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import type { OrderRow } from '../../db/schema';
import { operatorActor } from '../../lib/actor';
import { OpsError } from '../../ops/ops';
import { credit } from './balance.repository';
import { closeGatewayTrade } from './commerce.jobs';
import * as ordersRepo from './order.repository';
import { recordOrder } from './order-log';
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

/** The operator's side of commerce: the catalogue, refunds, bank transfers, and closing overdue orders. */
export function createCommerceOperator(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    async addPackage(definition: PackageDefinition) {
      if (await packagesRepo.findPackageByCode(db, definition.code)) {
        throw new OpsError(`a package with code '${definition.code}' exists`);
      }
      return packagesRepo.insertPackage(db, { ...definition, createdAt: now() });
    },

    listPackages: () => packagesRepo.listPackages(db, { all: true }),

    /** New texts for the catalogue; orders placed and packages bought keep the texts they were bought under. */
    async renamePackage(code: string, texts: Partial<PackageTexts>) {
      const row = await packagesRepo.updatePackageTexts(db, code, texts);
      if (!row) throw new OpsError(`no package with code '${code}'`);
      return row;
    },

    async setOnSale(code: string, onSale: boolean) {
      const row = await packagesRepo.setOnSale(db, code, onSale);
      if (!row) throw new OpsError(`no package with code '${code}'`);
      return row;
    },

    /** Refunds a paid package order to the customer's balance and revokes the package, in one transaction. */
    async refund(orderNo: string): Promise<{ order: OrderRow; balanceAfter: bigint }> {
      return db.transaction(async (tx) => {
        const order = await ordersRepo.lockOrderBy(tx, { orderNo });
        if (!order) throw new OpsError(`no order '${orderNo}'`);
        if (order.kind !== 'package') throw new OpsError('only package orders are refunded; recharges are balance');
        if (order.status !== 'paid') throw new OpsError(`the order is ${order.status}, not paid`);
        const at = now();
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
      });
    },

    /** Bank-transfer recharges waiting for their money, oldest first. */
    pendingTransfers: () => ordersRepo.listPendingTransfers(db),

    /**
     * The money of a bank transfer arrived: the received amount (which may differ from what was announced) is
     * credited and the recharge marked paid. A transfer is confirmed once.
     */
    async confirmTransfer(reference: string, receivedFen: bigint): Promise<OrderRow> {
      if (receivedFen <= 0n) throw new OpsError('the received amount must be positive');
      return db.transaction(async (tx) => {
        const order = await ordersRepo.lockOrderBy(tx, { transferReference: reference });
        if (!order) throw new OpsError(`no bank transfer with reference '${reference}'`);
        if (order.status === 'paid') throw new OpsError('this transfer was already confirmed');
        const paid = await settlePaid(tx, order, { method: 'bank_transfer', at: now(), creditFen: receivedFen });
        await recordOrder(tx, operatorActor(order.userId), 'order.confirmTransfer', paid, order, receivedFen);
        return paid;
      });
    },

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
