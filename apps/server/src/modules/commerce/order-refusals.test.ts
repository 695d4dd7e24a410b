import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CommerceHarness,
  createCommerceHarness,
  type PlacedOrder,
  trafficPackage,
} from '../../../test/fixtures/commerce';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { balanceLedger, users } from '../../db/schema';
import { signBody } from '../../providers/sandbox-callback';

/**
 * Every check that refuses an order, a payment, a refund or a transfer, each met by an input only it refuses, and the
 * order's state transitions as a table: what each status allows and refuses.
 */
describe.each(dbKinds)('commerce refusals on %s', (kind) => {
  let h: CommerceHarness;
  let packageId: number;
  const priceFen = 1_999n;

  beforeAll(async () => {
    h = await createCommerceHarness(kind);
    packageId = (await h.operator.addPackage(trafficPackage('refusals-traffic', priceFen))).id;
  });
  afterAll(() => h.close());

  const funded = async (yuan = 100) => {
    const user = await h.user();
    await h.fund(user, yuan);
    return user;
  };
  const status = async (user: TestUser, id: number) =>
    (await h.call(user, 'GET', `/order/${id}/detail`)).body.data.status as string;
  const ledgerOf = (user: TestUser) =>
    h.ctx.database.db.select().from(balanceLedger).where(eq(balanceLedger.userId, user.id));
  const bankTransfer = async (user: TestUser, amountYuan = 20) => {
    const res = await h.call(user, 'POST', '/recharge/create', { amountYuan, method: 'bank_transfer' });
    expect(res.statusCode, res.text).toBe(200);
    return res.body.data as { id: number; orderNo: string; bankTransfer: { reference: string } };
  };

  describe('buying', () => {
    it('refuses a package taken off sale or unknown, and sells it again once it is back on sale', async () => {
      const buyer = await h.user();
      await h.operator.setOnSale('refusals-traffic', false);
      const withdrawn = await h.call(buyer, 'POST', '/order/create', { packageId });
      expect(withdrawn.statusCode).toBe(400);
      expect(withdrawn.body.error).toBe('PACKAGE_NOT_ON_SALE');
      expect((await h.call(buyer, 'GET', '/package/list')).body.data).toEqual([]);
      expect((await h.call(buyer, 'GET', '/order/list')).body.data.total).toBe(0);
      await h.operator.setOnSale('refusals-traffic', true);
      expect((await h.call(buyer, 'GET', '/package/list')).body.data).toEqual([
        expect.objectContaining({ id: packageId }),
      ]);
      expect((await h.order(buyer, packageId)).status).toBe('unpaid');
      const unknown = await h.call(buyer, 'POST', '/order/create', { packageId: 999_999 });
      expect(unknown.body.error).toBe('PACKAGE_NOT_ON_SALE');
    });

    it('refuses to recharge, and to pay an order placed before, once real-name verification is withdrawn', async () => {
      const buyer = await funded();
      const placed = await h.order(buyer, packageId);
      await h.ctx.database.db.update(users).set({ realNameVerified: false }).where(eq(users.id, buyer.id));
      for (const res of [
        await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 10, method: 'qr' }),
        await h.payByBalance(buyer, placed.id),
        await h.call(buyer, 'POST', `/order/${placed.id}/pay-by-qr`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.body.error).toBe('REAL_NAME_REQUIRED');
      }
      expect(await h.balance(buyer)).toBe(10_000n);
      expect(await status(buyer, placed.id)).toBe('unpaid');
      expect((await h.call(buyer, 'GET', '/order/list?kind=recharge')).body.data.total).toBe(1);
    });

    it('recharges up to 1,000,000 CNY at once, and refuses one yuan more', async () => {
      const buyer = await h.user();
      const largest = await bankTransfer(buyer, 1_000_000);
      expect(largest).toMatchObject({ amountFen: '100000000' });
      const over = await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 1_000_001, method: 'bank_transfer' });
      expect(over.statusCode).toBe(400);
      expect(over.body.fields).toHaveProperty('amountYuan');
    });
  });

  describe('paying', () => {
    it('pays an order until its close time: one millisecond before is accepted, at it is refused', async () => {
      const buyer = await funded();
      const inTime = await h.order(buyer, packageId);
      const late = await h.order(buyer, packageId);
      const lateByQr = await h.order(buyer, packageId);
      h.ctx.clock.advance(30 * 60_000 - 1);
      expect((await h.payByBalance(buyer, inTime.id)).statusCode).toBe(200);
      h.ctx.clock.advance(1);
      // The closing schedule has not run: the payment itself reads the clock.
      const refused = await h.payByBalance(buyer, late.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.body.error).toBe('ORDER_CLOSED');
      expect((await h.call(buyer, 'POST', `/order/${lateByQr.id}/pay-by-qr`)).body.error).toBe('ORDER_CLOSED');
      expect(await h.balance(buyer)).toBe(10_000n - priceFen);
    });

    it('the closing job closes the orders whose close time has come, and no other', async () => {
      const buyer = await funded();
      const due = await h.order(buyer, packageId);
      h.ctx.clock.advance(1);
      const notYet = await h.order(buyer, packageId);
      const paid = await h.order(buyer, packageId);
      expect((await h.payByBalance(buyer, paid.id)).statusCode).toBe(200);
      const transfer = await bankTransfer(buyer);
      h.ctx.clock.advance(30 * 60_000 - 1);
      await h.operator.closeOverdue();
      expect(await status(buyer, due.id)).toBe('cancelled');
      expect(await status(buyer, notYet.id)).toBe('unpaid');
      expect(await status(buyer, paid.id)).toBe('paid');
      h.ctx.clock.advance(1);
      await h.operator.closeOverdue();
      expect(await status(buyer, notYet.id)).toBe('cancelled');
      // A bank transfer has no close time: it waits for the operator.
      expect(await status(buyer, transfer.id)).toBe('unpaid');
      await h.operator.confirmTransfer(transfer.bankTransfer.reference, 2_000n);
      expect(await status(buyer, transfer.id)).toBe('paid');
    });

    it('refuses to pay a recharge by balance, and a bank transfer by QR code', async () => {
      const buyer = await funded();
      const qrRecharge = await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 10, method: 'qr' });
      const byBalance = await h.payByBalance(buyer, qrRecharge.body.data.id);
      expect(byBalance.statusCode).toBe(400);
      expect(byBalance.body.error).toBe('PAYMENT_METHOD_NOT_ALLOWED');
      const transfer = await bankTransfer(buyer);
      const byQr = await h.call(buyer, 'POST', `/order/${transfer.id}/pay-by-qr`);
      expect(byQr.statusCode).toBe(400);
      expect(byQr.body.error).toBe('PAYMENT_METHOD_NOT_ALLOWED');
      expect(await h.balance(buyer)).toBe(10_000n);
      expect(await status(buyer, qrRecharge.body.data.id)).toBe('unpaid');
    });
  });

  describe('state transitions', () => {
    const states = ['unpaid', 'paid', 'cancelled', 'refunded'] as const;
    type State = (typeof states)[number];
    /** A package order of a funded customer brought to the state the way customers and operators do. */
    const orderIn = async (state: State): Promise<{ buyer: TestUser; placed: PlacedOrder }> => {
      const buyer = await funded();
      const placed = await h.order(buyer, packageId);
      if (state === 'paid' || state === 'refunded')
        expect((await h.payByBalance(buyer, placed.id)).statusCode).toBe(200);
      if (state === 'refunded') await h.operator.refund(placed.orderNo);
      if (state === 'cancelled')
        expect((await h.call(buyer, 'POST', `/order/${placed.id}/cancel`)).statusCode).toBe(200);
      expect(await status(buyer, placed.id)).toBe(state);
      return { buyer, placed };
    };
    /** What the customer's actions answer in each state: the state after it, or the refusal (an error code). */
    const customerTable: { action: string; from: State; outcome: string }[] = [
      { action: 'cancel', from: 'unpaid', outcome: 'cancelled' },
      { action: 'cancel', from: 'paid', outcome: 'ORDER_ALREADY_PAID' },
      { action: 'cancel', from: 'cancelled', outcome: 'ORDER_CLOSED' },
      { action: 'cancel', from: 'refunded', outcome: 'ORDER_CLOSED' },
      { action: 'pay-by-balance', from: 'unpaid', outcome: 'paid' },
      { action: 'pay-by-balance', from: 'paid', outcome: 'ORDER_ALREADY_PAID' },
      { action: 'pay-by-balance', from: 'cancelled', outcome: 'ORDER_CLOSED' },
      { action: 'pay-by-balance', from: 'refunded', outcome: 'ORDER_CLOSED' },
      { action: 'pay-by-qr', from: 'unpaid', outcome: 'unpaid' },
      { action: 'pay-by-qr', from: 'paid', outcome: 'ORDER_ALREADY_PAID' },
      { action: 'pay-by-qr', from: 'cancelled', outcome: 'ORDER_CLOSED' },
      { action: 'pay-by-qr', from: 'refunded', outcome: 'ORDER_CLOSED' },
    ];

    it.each(customerTable)('$action on an order $from: $outcome', async ({ action, from, outcome }) => {
      const { buyer, placed } = await orderIn(from);
      const balanceBefore = await h.balance(buyer);
      const res =
        action === 'pay-by-balance'
          ? await h.payByBalance(buyer, placed.id)
          : await h.call(buyer, 'POST', `/order/${placed.id}/${action}`);
      if (/^[A-Z_]+$/.test(outcome)) {
        expect(res.statusCode).toBe(409);
        expect(res.body.error).toBe(outcome);
        expect(await status(buyer, placed.id)).toBe(from);
        expect(await h.balance(buyer)).toBe(balanceBefore);
      } else {
        expect(res.statusCode, res.text).toBe(200);
        expect(await status(buyer, placed.id)).toBe(outcome);
      }
    });

    it.each(states)("the operator's refund of an order %s", async (from) => {
      const { buyer, placed } = await orderIn(from);
      const balanceBefore = await h.balance(buyer);
      if (from !== 'paid') {
        await expect(h.operator.refund(placed.orderNo)).rejects.toMatchObject({
          id: 'ORDER_NOT_REFUNDABLE',
          options: { messageKey: 'commerce.refund.notPaid', params: { status: from } },
        });
        expect(await status(buyer, placed.id)).toBe(from);
        expect(await h.balance(buyer)).toBe(balanceBefore);
        return;
      }
      const { balanceAfter } = await h.operator.refund(placed.orderNo);
      expect(balanceAfter).toBe(balanceBefore + priceFen);
      expect(await status(buyer, placed.id)).toBe('refunded');
      expect((await ledgerOf(buyer)).filter((row) => row.kind === 'refund')).toEqual([
        expect.objectContaining({ amountFen: priceFen, balanceAfterFen: balanceAfter, orderId: placed.id }),
      ]);
    });

    it('refunds no recharge and no unknown order', async () => {
      const buyer = await h.user();
      const transfer = await bankTransfer(buyer);
      await h.operator.confirmTransfer(transfer.bankTransfer.reference, 2_000n);
      await expect(h.operator.refund(transfer.orderNo)).rejects.toMatchObject({
        id: 'ORDER_NOT_REFUNDABLE',
        options: { messageKey: 'commerce.refund.recharge' },
      });
      await expect(h.operator.refund('20260101000000000')).rejects.toMatchObject({
        id: 'NOT_FOUND',
        options: { messageKey: 'commerce.order.notFound', params: { orderNo: '20260101000000000' } },
      });
      expect(await h.balance(buyer)).toBe(2_000n);
      expect(await status(buyer, transfer.id)).toBe('paid');
    });

    it('a cancelled notification cancels an order still waiting, and leaves a paid one paid', async () => {
      const buyer = await funded();
      const cancelledOf = async (placed: PlacedOrder) =>
        JSON.stringify({ ...JSON.parse(await h.paidNotification(placed.id, randomUUID())), status: 'cancelled' });
      const waiting = await h.order(buyer, packageId);
      await h.openQr(buyer, waiting.id);
      expect((await h.notify(await cancelledOf(waiting))).body).toBe('success');
      expect(await status(buyer, waiting.id)).toBe('cancelled');
      const paid = await h.order(buyer, packageId);
      await h.openQr(buyer, paid.id);
      expect((await h.payByBalance(buyer, paid.id)).statusCode).toBe(200);
      expect((await h.notify(await cancelledOf(paid))).body).toBe('success');
      expect(await status(buyer, paid.id)).toBe('paid');
      expect(await h.balance(buyer)).toBe(10_000n - priceFen);
      const log = await h.call(buyer, 'GET', '/log/operation?action=order.cancel');
      expect(log.body.data.list).toEqual([expect.objectContaining({ targetName: waiting.orderNo })]);
    });
  });

  describe('bank transfers', () => {
    it('credits one fen received and refuses zero; an unknown reference and a second confirmation are refused', async () => {
      const buyer = await h.user();
      const transfer = await bankTransfer(buyer);
      const reference = transfer.bankTransfer.reference;
      await expect(h.operator.confirmTransfer(reference, 0n)).rejects.toMatchObject({
        id: 'VALIDATION_FAILED',
        options: { fields: { receivedFen: 'commerce.transfer.receivedPositive' } },
      });
      await expect(h.operator.confirmTransfer('EWNOSUCHREF', 1n)).rejects.toMatchObject({
        id: 'NOT_FOUND',
        options: { messageKey: 'commerce.transfer.notFound', params: { reference: 'EWNOSUCHREF' } },
      });
      // A bank transfer has no close time: it waits for the operator.
      expect(await status(buyer, transfer.id)).toBe('unpaid');
      await h.operator.confirmTransfer(reference, 1n);
      expect(await h.balance(buyer)).toBe(1n);
      await expect(h.operator.confirmTransfer(reference, 1n)).rejects.toMatchObject({
        id: 'TRANSFER_ALREADY_CONFIRMED',
      });
      expect(await h.balance(buyer)).toBe(1n);
      expect(await ledgerOf(buyer)).toHaveLength(1);
    });

    it('lists the transfers waiting, oldest first, and no longer once confirmed', async () => {
      const buyer = await h.user();
      const first = await bankTransfer(buyer);
      const second = await bankTransfer(buyer);
      await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 5, method: 'qr' });
      const mine = async () =>
        (await h.operator.pendingTransfers()).filter((o) => o.userId === buyer.id).map((o) => o.id);
      expect(await mine()).toEqual([first.id, second.id]);
      await h.operator.confirmTransfer(first.bankTransfer.reference, 2_000n);
      expect(await mine()).toEqual([second.id]);
    });
  });

  describe('the catalogue', () => {
    it('refuses a second package under a code, and switching an unknown code', async () => {
      const definition = {
        code: 'refusals-traffic',
        type: 'traffic' as const,
        name: 'Another',
        nameZh: '另一个',
        spec: '1 GB',
        specZh: '1 GB',
        quota: 1n,
        priceFen: 1n,
        validityMonths: 1,
      };
      await expect(h.operator.addPackage(definition)).rejects.toMatchObject({
        id: 'PACKAGE_CODE_TAKEN',
        options: { params: { code: 'refusals-traffic' } },
      });
      await expect(h.operator.setOnSale('no-such-package', true)).rejects.toMatchObject({
        id: 'NOT_FOUND',
        options: { messageKey: 'commerce.package.notFound', params: { code: 'no-such-package' } },
      });
      await expect(h.operator.renamePackage('no-such-package', { name: 'x' })).rejects.toMatchObject({
        id: 'NOT_FOUND',
        options: { messageKey: 'commerce.package.notFound', params: { code: 'no-such-package' } },
      });
      const listed = await h.operator.listPackages();
      expect(listed.filter((p) => p.code === 'refusals-traffic')).toEqual([
        expect.objectContaining({ name: 'Traffic 100 GB', onSale: true }),
      ]);
    });
  });

  describe('gateway notifications', () => {
    it('refuses a body that is not JSON, lacks a field or has an amount that is not whole fen, even signed', async () => {
      const buyer = await h.user();
      const placed = await h.order(buyer, packageId);
      await h.openQr(buyer, placed.id);
      const paid = JSON.parse(await h.paidNotification(placed.id, randomUUID()));
      const { notifyId: _omitted, ...withoutId } = paid;
      for (const body of [
        '{not json',
        JSON.stringify(withoutId),
        JSON.stringify({ ...paid, amountFen: '19.99' }),
        JSON.stringify({ ...paid, status: 'refunded' }),
      ]) {
        expect((await h.notify(body)).statusCode, body).toBe(400);
      }
      const otherGateway = await h.ctx.app.inject({
        method: 'POST',
        url: '/api/payment/notify/wechat',
        payload: JSON.stringify(paid),
        headers: {
          'content-type': 'application/json',
          'x-sandbox-signature': signBody(h.ctx.config.payment.sandboxSecret, JSON.stringify(paid)),
        },
      });
      expect(otherGateway.statusCode).toBe(400);
      expect(await status(buyer, placed.id)).toBe('unpaid');
      expect((await h.notify(JSON.stringify(paid))).body).toBe('success');
      expect(await status(buyer, placed.id)).toBe('paid');
    });
  });
});
