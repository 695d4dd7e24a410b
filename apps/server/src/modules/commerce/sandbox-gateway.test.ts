import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceHarness, createCommerceHarness, websocketPackage } from '../../../test/fixtures/commerce';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds, jobWithPayload } from '../../../test/helpers';
import { orders, sandboxPayments } from '../../db/schema';

/**
 * The sandbox payment gateway as the customer and the server meet it: its pay page for each state of a payment,
 * the notification it retries until the server acknowledges it, what it accepts as a notification body, and closing
 * that leaves a payment already paid as it is.
 */
describe.each(dbKinds)('sandbox payment gateway on %s', (kind) => {
  let h: CommerceHarness;
  let packageId: number;

  beforeAll(async () => {
    h = await createCommerceHarness(kind);
    packageId = (await h.operator.addPackage(websocketPackage('sandbox-ws', 990n))).id;
    // The gateway queues its notifications at the wall clock's time, which the test clock (set when the harness was
    // made) trails: an hour on, they are due whenever a test runs the jobs.
    h.ctx.clock.advance(60 * 60_000);
  });
  afterAll(() => h.close());

  const detail = async (user: TestUser, id: number) => (await h.call(user, 'GET', `/order/${id}/detail`)).body.data;
  const page = (path: string) => h.ctx.app.inject({ url: path, headers: { 'accept-language': 'en-US' } });
  const paymentOf = async (orderNo: string) =>
    (await h.ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.outTradeNo, orderNo)))[0]!;
  const opened = async () => {
    const buyer = await h.user();
    const placed = await h.order(buyer, packageId);
    return { buyer, placed, path: await h.openQr(buyer, placed.id) };
  };

  it('says on its page that a payment was confirmed or cancelled, and refuses to change it again', async () => {
    for (const [action, text] of [
      ['confirm', 'Payment confirmed. You can close this page.'],
      ['cancel', 'Payment cancelled. You can close this page.'],
    ] as const) {
      const { path } = await opened();
      const done = await h.ctx.app.inject({ method: 'POST', url: `${path}/${action}` });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(path);
      const shown = await page(path);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain(text);
      expect(shown.body).not.toContain('sandbox-pay');
      for (const again of ['confirm', 'cancel']) {
        const refused = await h.ctx.app.inject({ method: 'POST', url: `${path}/${again}` });
        expect(refused.statusCode, `${action} then ${again}`).toBe(409);
        expect(refused.body).toContain(text);
      }
    }
    const missing = await page('/api/payment/sandbox/SBXnone');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('No such payment');
    expect(
      (await h.ctx.app.inject({ method: 'POST', url: '/api/payment/sandbox/not-a-trade/confirm' })).statusCode,
    ).toBe(404);
  });

  it('retries a notification the server did not acknowledge until it is', async () => {
    const { buyer, placed, path } = await opened();
    // While the order names another gateway, the server does not know the payment and answers 404.
    const setGateway = (gateway: string) =>
      h.ctx.database.db.update(orders).set({ gateway }).where(eq(orders.id, placed.id));
    await setGateway('another-gateway');
    await h.ctx.app.inject({ method: 'POST', url: `${path}/confirm` });
    const delivered = () =>
      h.deliveries.filter((d) => JSON.parse(d.body).outTradeNo === placed.orderNo).map((d) => d.status);
    await h.ctx.app.jobs.runDue();
    expect(delivered()).toEqual([404]);
    const job = await jobWithPayload(h.ctx.database, 'payment.sandbox.notify', 'tradeNo', path.split('/').at(-1) ?? '');
    expect(job).toMatchObject({
      doneAt: null,
      lastError: 'notification not acknowledged: HTTP 404 unknown payment',
    });
    await setGateway('sandbox');
    h.ctx.clock.advance(60_000);
    await h.ctx.app.jobs.runDue();
    expect(delivered()).toEqual([404, 200]);
    expect(await detail(buyer, placed.id)).toMatchObject({ status: 'paid', paymentMethod: 'qr' });
    h.ctx.clock.advance(60 * 60_000);
    await h.ctx.app.jobs.runDue();
    expect(delivered()).toEqual([404, 200]);
  });

  it("keeps the sandbox's pay page out of the API document", async () => {
    const paths = Object.keys((await h.ctx.app.inject({ url: '/api/docs/json' })).json().paths);
    expect(paths).toContain('/api/order/{id}/detail');
    expect(paths.filter((p) => p.includes('/payment/sandbox'))).toEqual([]);
  });

  it('leaves a payment already paid as it is when the order asks to close it', async () => {
    const { buyer, placed, path } = await opened();
    await h.fund(buyer, 10);
    await h.ctx.app.inject({ method: 'POST', url: `${path}/confirm` });
    // Paid on the gateway's page and by balance before the notification arrives: the trade's closing is queued.
    expect((await h.payByBalance(buyer, placed.id)).statusCode).toBe(200);
    await h.ctx.app.jobs.runDue();
    expect((await paymentOf(placed.orderNo)).status).toBe('paid');
    expect((await page(path)).body).toContain('Payment confirmed.');
    expect(await h.balance(buyer)).toBe(1_000n);
  });

  it('refuses a signed notification with an empty field or an amount that is not whole fen', async () => {
    const { buyer, placed } = await opened();
    const paid = JSON.parse(await h.paidNotification(placed.id, randomUUID()));
    for (const change of [
      { notifyId: '' },
      { tradeNo: '' },
      { outTradeNo: '' },
      { amountFen: '' },
      { amountFen: '-990' },
      { amountFen: '990 ' },
      { amountFen: 'x990' },
      { amountFen: 990 },
    ]) {
      expect((await h.notify(JSON.stringify({ ...paid, ...change }))).statusCode, JSON.stringify(change)).toBe(400);
    }
    expect((await detail(buyer, placed.id)).status).toBe('unpaid');
  });
});
