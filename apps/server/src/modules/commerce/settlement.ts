import { randomInt } from 'node:crypto';
import { formatFen, type PaymentMethod } from '@edgeward/contract';
import type { Tx } from '../../db/connect';
import type { OrderRow } from '../../db/schema';
import { eventMessage, sendMessage } from '../message';
import { credit } from './balance.repository';
import { updateOrder } from './order.repository';
import { insertUserPackage } from './package.repository';

/** 20260314 + 10 random digits: readable, sortable by day, and not guessable. */
export function newOrderNo(at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  return `${day}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}

/** `months` calendar months later; the 31st of a shorter month becomes its last day. */
export function addMonths(from: Date, months: number): Date {
  const to = new Date(from.getTime());
  const day = to.getUTCDate();
  to.setUTCDate(1);
  to.setUTCMonth(to.getUTCMonth() + months);
  const last = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
  to.setUTCDate(Math.min(day, last));
  return to;
}

const paidMessage = (order: OrderRow, creditedFen: bigint) =>
  order.kind === 'package'
    ? eventMessage('billing', 'order.paid', {
        orderNo: order.orderNo,
        product: order.productName,
        productZh: order.productNameZh,
        amount: formatFen(order.amountFen),
      })
    : eventMessage('billing', 'recharge.credited', { orderNo: order.orderNo, amount: formatFen(creditedFen) });

/**
 * Marks a locked unpaid order paid and delivers what it bought: the package, active from now for its validity, or
 * the recharge's amount on the balance with its ledger row. The caller has taken the money (balance debit) or
 * been told of it (gateway, bank transfer), in the same transaction.
 */
export async function settlePaid(
  tx: Tx,
  order: OrderRow,
  payment: { method: PaymentMethod; at: Date; creditFen?: bigint },
): Promise<OrderRow> {
  const paid = await updateOrder(tx, order.id, { status: 'paid', paymentMethod: payment.method, paidAt: payment.at });
  if (order.kind === 'package') {
    await insertUserPackage(tx, {
      userId: order.userId,
      orderId: order.id,
      type: order.packageType!,
      name: order.productName,
      nameZh: order.productNameZh,
      spec: order.spec ?? '',
      specZh: order.specZh ?? order.spec ?? '',
      quota: order.quota,
      effectiveAt: payment.at,
      expiresAt: addMonths(payment.at, order.validityMonths!),
    });
  } else {
    await credit(tx, {
      userId: order.userId,
      kind: 'recharge',
      amountFen: payment.creditFen ?? order.amountFen,
      orderId: order.id,
      at: payment.at,
    });
  }
  await sendMessage(tx, order.userId, paidMessage(order, payment.creditFen ?? order.amountFen), payment.at);
  return paid;
}
