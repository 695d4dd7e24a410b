import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceHarness, createCommerceHarness, websocketPackage } from '../../../test/fixtures/commerce';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { orders } from '../../db/schema';
import type { PaymentNotification } from '../../providers/payment';
import { createPaymentNotificationService } from './payment-notification.service';

/**
 * What the service answers for each notification (the notify route logs it and acknowledges all but `unknown`):
 * each outcome met once, in the order a gateway can send them.
 */
describe.each(dbKinds)('payment notifications on %s', (kind) => {
  let h: CommerceHarness;
  let packageId: number;
  let apply: ReturnType<typeof createPaymentNotificationService>['apply'];

  beforeAll(async () => {
    h = await createCommerceHarness(kind);
    apply = createPaymentNotificationService({ db: h.ctx.database.db, now: () => h.ctx.clock.now }).apply;
    packageId = (await h.operator.addPackage(websocketPackage('notified', 990n))).id;
  });
  afterAll(() => h.close());

  /** An order with its QR payment opened, and the notification of that payment under a new id. */
  const opened = async (user: TestUser) => {
    const placed = await h.order(user, packageId);
    await h.openQr(user, placed.id);
    const [row] = await h.ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    const notification = (status: PaymentNotification['status'] = 'paid'): PaymentNotification => ({
      notifyId: randomUUID(),
      tradeNo: row!.gatewayTradeNo!,
      outTradeNo: row!.orderNo,
      amountFen: row!.amountFen,
      status,
    });
    return { placed, notification };
  };

  it('pays once: paid, then duplicate for the same id and for a new id of the same trade', async () => {
    const buyer = await h.user();
    const { notification } = await opened(buyer);
    const first = notification();
    expect(await apply('sandbox', first)).toBe('paid');
    expect(await apply('sandbox', first)).toBe('duplicate');
    expect(await apply('sandbox', notification())).toBe('duplicate');
    expect(await h.balance(buyer)).toBe(0n);
  });

  it('cancels a waiting order, then leaves it: cancelled, then unchanged', async () => {
    const buyer = await h.user();
    const { placed, notification } = await opened(buyer);
    expect(await apply('sandbox', notification('cancelled'))).toBe('cancelled');
    expect(await apply('sandbox', notification('cancelled'))).toBe('unchanged');
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('cancelled');
  });

  it('credits a payment for an order no longer waiting: credited-late, once', async () => {
    const buyer = await h.user();
    const { placed, notification } = await opened(buyer);
    await h.call(buyer, 'POST', `/order/${placed.id}/cancel`);
    expect(await apply('sandbox', notification())).toBe('credited-late');
    expect(await apply('sandbox', notification())).toBe('duplicate');
    expect(await h.balance(buyer)).toBe(990n);
  });

  it('knows no payment of another gateway, trade, amount or order: unknown', async () => {
    const buyer = await h.user();
    const { placed, notification } = await opened(buyer);
    expect(await apply('other', notification())).toBe('unknown');
    expect(await apply('sandbox', { ...notification(), tradeNo: 'SBXother' })).toBe('unknown');
    expect(await apply('sandbox', { ...notification(), amountFen: 989n })).toBe('unknown');
    expect(await apply('sandbox', { ...notification(), outTradeNo: '20260101000000000' })).toBe('unknown');
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('unpaid');
  });
});
