import type { Db } from '../../db/connect';
import { paymentNotifications, paymentTrades } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { PaymentNotification } from '../../providers/payment';
import { credit } from './balance.repository';
import * as ordersRepo from './order.repository';
import { recordOrder } from './order-log';
import { settlePaid } from './settlement';

/** What a notification did; only `unknown` is refused (the gateway retries it, and the operator sees it fail). */
export type NotificationOutcome = 'paid' | 'cancelled' | 'credited-late' | 'duplicate' | 'unchanged' | 'unknown';

/**
 * Applies a verified gateway notification exactly once. The order is locked and must match the notification's
 * trade number and amount; the notification id is recorded in the same transaction, so a replay changes nothing.
 * A paid trade is recorded under its own key (payment_trades) in the transaction that moves its money, so it pays
 * or credits once, whatever notification ids it comes under. A payment that arrives for an order no longer waiting
 * (closed, cancelled, paid by balance meanwhile) is money the customer did pay: it goes to the balance with a
 * ledger row.
 */
export function createPaymentNotificationService(deps: { db: Db; now: () => Date }) {
  return {
    async apply(gateway: string, notification: PaymentNotification): Promise<NotificationOutcome> {
      return deps.db.transaction(async (tx) => {
        const order = await ordersRepo.lockOrderBy(tx, { orderNo: notification.outTradeNo });
        if (
          !order ||
          order.gateway !== gateway ||
          order.gatewayTradeNo !== notification.tradeNo ||
          order.amountFen !== notification.amountFen
        ) {
          return 'unknown';
        }
        const fresh = await tx
          .insert(paymentNotifications)
          .values({ gateway, notifyId: notification.notifyId, orderId: order.id, receivedAt: deps.now() })
          .onConflictDoNothing()
          .returning({ notifyId: paymentNotifications.notifyId });
        if (fresh.length === 0) return 'duplicate';
        const at = deps.now();
        // The customer paid (or cancelled) on the gateway's page: theirs, made by no session of the console.
        const payer: Actor = { kind: 'user', userId: order.userId };
        if (notification.status === 'cancelled') {
          if (order.status !== 'unpaid') return 'unchanged';
          const cancelled = await ordersRepo.updateOrder(tx, order.id, { status: 'cancelled', cancelledAt: at });
          await recordOrder(tx, payer, 'order.cancel', cancelled, order);
          return 'cancelled';
        }
        const firstCredit = await tx
          .insert(paymentTrades)
          .values({
            gateway,
            tradeNo: notification.tradeNo,
            orderId: order.id,
            amountFen: order.amountFen,
            creditedAt: at,
          })
          .onConflictDoNothing()
          .returning({ tradeNo: paymentTrades.tradeNo });
        if (firstCredit.length === 0) return 'duplicate';
        if (order.status === 'unpaid') {
          const paid = await settlePaid(tx, order, { method: 'qr', at });
          await recordOrder(tx, payer, 'order.pay', paid, order);
          return 'paid';
        }
        await credit(tx, {
          userId: order.userId,
          kind: 'credit',
          amountFen: order.amountFen,
          orderId: order.id,
          note: 'commerce.ledger.lateCredit',
          at,
        });
        return 'credited-late';
      });
    },
  };
}
