import { limits } from '@edgeward/contract';
import { z } from 'zod';
import type { Tx } from '../../db/connect';
import type { OrderRow } from '../../db/schema';
import { defineJob } from '../../jobs/job';
import { enqueueJob } from '../../jobs/runner';
import { defineSchedule } from '../../jobs/schedules';

/** Cancels unpaid orders past their 30 minutes; one waiting run is as good as ten. */
export const closeOverdueOrdersJob = defineJob({
  kind: 'commerce.close-overdue-orders',
  payload: z.object({}),
  maxAttempts: 3,
  mergeKey: () => 'all',
});

/** Every minute, so that an order closes at most a minute after its 30 minutes (payment also checks the time). */
export const closeOverdueOrdersSchedule = defineSchedule({
  name: 'commerce.close-overdue-orders',
  everyMs: Math.min(60_000, limits.commerce.unpaidCloseMs),
  job: closeOverdueOrdersJob,
  payload: {},
});

/**
 * Closes an order's gateway trade at the gateway once the order stops waiting, so that the QR code can no longer be
 * paid. A network call, so a job: queued in the transaction that ends the wait, retried while the gateway cannot be
 * reached (the backoff reaches 10 minutes: about four hours).
 */
export const closeGatewayTradeJob = defineJob({
  kind: 'commerce.close-gateway-trade',
  payload: z.object({ gateway: z.string(), tradeNo: z.string() }),
  maxAttempts: 30,
  mergeKey: ({ gateway, tradeNo }) => `${gateway}:${tradeNo}`,
});

/** Queues the closing of the order's gateway trade, if a QR payment was opened for it, to run at once (`at`). */
export async function closeGatewayTrade(
  tx: Tx,
  order: Pick<OrderRow, 'gateway' | 'gatewayTradeNo'>,
  at: Date,
): Promise<void> {
  if (order.gateway && order.gatewayTradeNo) {
    await enqueueJob(
      tx,
      closeGatewayTradeJob,
      { gateway: order.gateway, tradeNo: order.gatewayTradeNo },
      { runAt: at },
    );
  }
}
