import { formatFen, type OperationAction } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import type { OrderRow } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { recordOperation } from '../operation-log';

/**
 * An order's change in the operation log: a new order lists what it is for and its amount; a later change its
 * status before and after (and the amount actually received, for a bank transfer).
 */
export function recordOrder(
  tx: Executor,
  actor: Actor,
  action: OperationAction,
  order: OrderRow,
  before: OrderRow | null,
  receivedFen?: bigint,
) {
  return recordOperation(tx, {
    actor,
    action,
    target: { type: 'order', id: order.id, name: order.orderNo },
    before: before ? { status: before.status } : undefined,
    after: before
      ? { status: order.status, received: receivedFen === undefined ? undefined : formatFen(receivedFen) }
      : { product: order.productName, amount: formatFen(order.amountFen), status: order.status },
  });
}
