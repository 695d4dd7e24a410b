import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceHarness, createCommerceHarness, trafficPackage } from '../../../test/fixtures/commerce';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';

/**
 * What the customer reads back: orders and the balance statement by each filter, with the time range's start
 * included and its end excluded, page by page; the operation log of an order's life; what a recharge answers.
 */
describe.each(dbKinds)('commerce queries on %s', (kind) => {
  let h: CommerceHarness;
  let packageId: number;

  beforeAll(async () => {
    h = await createCommerceHarness(kind);
    packageId = (await h.operator.addPackage(trafficPackage('queries-traffic'))).id;
  });
  afterAll(() => h.close());

  const ids = async (user: TestUser, path: string, query: string) => {
    const res = await h.call(user, 'GET', `${path}?${query}`);
    expect(res.statusCode, res.text).toBe(200);
    return { ids: res.body.data.list.map((o: { id: number }) => o.id) as number[], total: res.body.data.total };
  };

  it('lists orders by kind, status, number and time, newest first, page by page', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 50);
    const t0 = h.ctx.clock.now.getTime();
    const first = await h.order(buyer, packageId);
    h.ctx.clock.advance(1_000);
    const t1 = h.ctx.clock.now.getTime();
    const recharge = (await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 5, method: 'bank_transfer' })).body
      .data as { id: number; orderNo: string };
    h.ctx.clock.advance(1_000);
    const paid = await h.order(buyer, packageId);
    expect((await h.payByBalance(buyer, paid.id)).statusCode).toBe(200);
    const list = (query: string) => ids(buyer, '/order/list', query);
    // The bank transfer that funded the balance, placed at t0 like the first order.
    const fundOrder = (await list('kind=recharge&status=paid')).ids;
    expect(fundOrder).toHaveLength(1);

    expect(await list('kind=package')).toEqual({ ids: [paid.id, first.id], total: 2 });
    expect(await list('kind=recharge')).toEqual({ ids: [recharge.id, ...fundOrder], total: 2 });
    expect(await list('status=paid')).toEqual({ ids: [paid.id, ...fundOrder], total: 2 });
    expect(await list('status=unpaid')).toEqual({ ids: [recharge.id, first.id], total: 2 });
    expect(await list(`orderNo=${recharge.orderNo}`)).toEqual({ ids: [recharge.id], total: 1 });
    expect(await list(`from=${t1}`)).toEqual({ ids: [paid.id, recharge.id], total: 2 });
    expect(await list(`from=${t1 + 1}`)).toEqual({ ids: [paid.id], total: 1 });
    expect(await list(`from=${t0}&to=${t1}`)).toEqual({ ids: [first.id, ...fundOrder], total: 2 });
    expect(await list(`from=${t0 + 1}&to=${t1 + 1}`)).toEqual({ ids: [recharge.id], total: 1 });
    expect(await list('page=2&size=2')).toEqual({ ids: [first.id, ...fundOrder], total: 4 });
    const other = await h.user();
    expect(await ids(other, '/order/list', '')).toEqual({ ids: [], total: 0 });
  });

  it('lists the statement by kind and time, newest first, page by page, and exports the same rows', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 50);
    h.ctx.clock.advance(1_000);
    const t1 = h.ctx.clock.now.getTime();
    const placed = await h.order(buyer, packageId);
    expect((await h.payByBalance(buyer, placed.id)).statusCode).toBe(200);
    h.ctx.clock.advance(1_000);
    await h.operator.refund(placed.orderNo);
    const kinds = async (query: string) => {
      const res = await h.call(buyer, 'GET', `/balance/statement?${query}`);
      return {
        rows: res.body.data.list.map((e: { kind: string; amountFen: string }) => `${e.kind} ${e.amountFen}`),
        total: res.body.data.total,
      };
    };
    expect(await kinds('')).toEqual({ rows: ['refund 1999', 'payment -1999', 'recharge 5000'], total: 3 });
    expect(await kinds('kind=refund')).toEqual({ rows: ['refund 1999'], total: 1 });
    expect(await kinds(`from=${t1}`)).toEqual({ rows: ['refund 1999', 'payment -1999'], total: 2 });
    expect(await kinds(`from=${t1 + 1}`)).toEqual({ rows: ['refund 1999'], total: 1 });
    expect(await kinds(`to=${t1}`)).toEqual({ rows: ['recharge 5000'], total: 1 });
    expect(await kinds(`to=${t1 + 1}`)).toEqual({ rows: ['payment -1999', 'recharge 5000'], total: 2 });
    expect(await kinds('page=2&size=1')).toEqual({ rows: ['payment -1999'], total: 3 });

    const csv = await h.call(buyer, 'GET', `/balance/statement/export?from=${t1}`);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="statement-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFTime,Type,Amount (CNY),Balance after (CNY),Order number,Note');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^\\S+Z,Refund,19.99,50.00,${placed.orderNo},$`)),
      expect.stringMatching(new RegExp(`^\\S+Z,Payment,-19.99,30.01,${placed.orderNo},$`)),
      '',
    ]);
    const zh = await h.call(buyer, 'GET', '/balance/statement/export?kind=recharge', undefined, {
      'accept-language': 'zh-CN',
    });
    expect(zh.text.split('\r\n')[1]).toMatch(/^\S+Z,充值,50.00,50.00,\d+,$/);
  });

  it('writes each step of an order to the operation log with its status before and after', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 50);
    const placed = await h.order(buyer, packageId);
    await h.payByBalance(buyer, placed.id);
    await h.operator.refund(placed.orderNo);
    const transfer = (await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 20, method: 'bank_transfer' })).body
      .data as { orderNo: string; bankTransfer: { reference: string } };
    await h.operator.confirmTransfer(transfer.bankTransfer.reference, 1_950n);
    const logged = async (action: string, orderNo: string) => {
      const res = await h.call(buyer, 'GET', `/log/operation?action=${action}`);
      const entries = res.body.data.list.filter((e: { targetName: string }) => e.targetName === orderNo);
      expect(entries, action).toHaveLength(1);
      const [entry] = entries;
      expect(entry.targetType).toBe('order');
      return entry as {
        actor: { kind: string };
        changes: { field: string; before: string | null; after: string | null }[];
      };
    };
    const change = (field: string, before: string | null, after: string | null) => ({ field, before, after });
    const created = await logged('order.create', placed.orderNo);
    expect(created.changes).toHaveLength(3);
    expect(created.changes).toEqual(
      expect.arrayContaining([
        change('product', null, 'Traffic 100 GB'),
        change('amount', null, '19.99'),
        change('status', null, 'unpaid'),
      ]),
    );
    expect((await logged('order.pay', placed.orderNo)).changes).toEqual([change('status', 'unpaid', 'paid')]);
    const refunded = await logged('order.refund', placed.orderNo);
    expect(refunded).toMatchObject({ actor: { kind: 'operator' }, changes: [change('status', 'paid', 'refunded')] });
    expect((await logged('order.recharge', transfer.orderNo)).changes).toEqual(
      expect.arrayContaining([change('product', null, 'Balance recharge'), change('amount', null, '20.00')]),
    );
    const confirmed = await logged('order.confirmTransfer', transfer.orderNo);
    expect(confirmed.actor.kind).toBe('operator');
    expect(confirmed.changes).toEqual(
      expect.arrayContaining([change('status', 'unpaid', 'paid'), change('received', null, '19.50')]),
    );
  });

  it('answers a recharge in the reader’s language, a bank transfer with its reference and no close time', async () => {
    const buyer = await h.user();
    const now = h.ctx.clock.now.getTime();
    const transfer = await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 20, method: 'bank_transfer' });
    expect(transfer.body.data).toMatchObject({
      productName: 'Balance recharge',
      paymentMethod: 'bank_transfer',
      closeAt: null,
      bankTransfer: { reference: expect.stringMatching(/^EW[2-9A-HJ-NP-Z]{8}$/) },
    });
    const qr = await h.call(
      buyer,
      'POST',
      '/recharge/create',
      { amountYuan: 20, method: 'qr' },
      {
        'accept-language': 'zh-CN',
      },
    );
    expect(qr.body.data).toMatchObject({ productName: '余额充值', paymentMethod: null, closeAt: now + 30 * 60_000 });
    const opened = await h.call(buyer, 'POST', `/order/${qr.body.data.id}/pay-by-qr`);
    expect(opened.body.data).toMatchObject({ orderId: qr.body.data.id, closeAt: now + 30 * 60_000 });
  });
});
