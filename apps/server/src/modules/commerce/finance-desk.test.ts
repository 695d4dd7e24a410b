import { fromUtc8Time, limits } from '@edgeward/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceHarness, createCommerceHarness, trafficPackage } from '../../../test/fixtures/commerce';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { balanceLedger, messages, orders, staffAuditLog } from '../../db/schema';

const reasonMax = limits.staffAudit.reasonMax;

describe.each(dbKinds)("the finance staff's desk on %s", (kind) => {
  let h: CommerceHarness;
  let finance: TestStaff;
  let packageId: number;
  const priceFen = 1_999n;

  beforeAll(async () => {
    h = await createCommerceHarness(kind);
    finance = await createTestStaff(h.ctx, 'finance');
    packageId = (await h.operator.addPackage(trafficPackage('desk-traffic', priceFen))).id;
  });
  afterAll(() => h.close());

  const staffCall = (
    method: InjectOptions['method'],
    url: string,
    payload?: object,
    as: TestStaff = finance,
    headers: Record<string, string> = {},
  ) =>
    h.ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...as.headers, 'accept-language': 'en-US', ...headers },
      ...(payload ? { payload } : {}),
    });
  const audits = (targetType: string, targetId: number) =>
    h.ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, targetType), eq(staffAuditLog.targetId, String(targetId))));
  const statusOf = async (id: number) =>
    (await h.ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
  const bankTransfer = async (user: TestUser, amountYuan = 20) => {
    const res = await h.call(user, 'POST', '/recharge/create', { amountYuan, method: 'bank_transfer' });
    expect(res.statusCode, res.text).toBe(200);
    return res.body.data as { id: number; orderNo: string; createdAt: number; bankTransfer: { reference: string } };
  };
  /** A customer with a paid order of the desk's package (funded by a bank transfer first). */
  const paidOrder = async () => {
    const buyer = await h.user();
    await h.fund(buyer, 100);
    const placed = await h.order(buyer, packageId);
    expect((await h.payByBalance(buyer, placed.id)).statusCode).toBe(200);
    return { buyer, placed };
  };
  const operatorLog = async (user: TestUser, action: string) =>
    (await h.call(user, 'GET', `/log/operation?action=${action}`)).body.data.list as {
      targetName: string;
      actor: { kind: string };
      changes: { field: string; before: string | null; after: string | null }[];
    }[];

  describe('orders', () => {
    it("lists every customer's orders newest first with their customer, by status, kind, search and time", async () => {
      const first = await h.user();
      const second = await h.user();
      const transfer = await bankTransfer(first);
      h.ctx.clock.advance(1_000);
      const placed = await h.order(second, packageId);
      const from = h.ctx.clock.now.getTime();
      const page = (await staffCall('GET', '/admin/orders?size=100')).json().data;
      const ids = page.list.map((o: { id: number }) => o.id);
      expect(ids.indexOf(placed.id)).toBeLessThan(ids.indexOf(transfer.id));
      expect(page.list.find((o: { id: number }) => o.id === placed.id)).toMatchObject({
        orderNo: placed.orderNo,
        kind: 'package',
        status: 'unpaid',
        amountFen: '1999',
        userId: second.id,
        userName: second.userName,
        cancelledAt: null,
        refundedAt: null,
      });
      const list = async (query: string) =>
        (await staffCall('GET', `/admin/orders?size=100&${query}`)).json().data.list.map((o: { id: number }) => o.id);
      expect(await list(`search=${second.userName}`)).toEqual([placed.id]);
      expect(await list(`search=${first.userName.slice(1)}`)).toEqual([transfer.id]);
      expect(await list(`search=${transfer.orderNo.slice(4, 14)}`)).toEqual([transfer.id]);
      expect(await list(`search=${first.userName}&kind=package`)).toEqual([]);
      expect(await list(`search=${first.userName}&kind=recharge&status=unpaid`)).toEqual([transfer.id]);
      expect(await list(`search=${first.userName}&status=paid`)).toEqual([]);
      expect(await list(`search=${second.userName}&from=${from}`)).toEqual([placed.id]);
      expect(await list(`search=${second.userName}&to=${from}`)).toEqual([]);
      expect(await list(`search=${first.userName}&to=${from}`)).toEqual([transfer.id]);
      // A wildcard is a letter like any other.
      expect(await list('search=%25')).toEqual([]);
    });

    it('answers one order with its customer, and 404 for an unknown one', async () => {
      const buyer = await h.user();
      const transfer = await bankTransfer(buyer, 30);
      const res = await staffCall('GET', `/admin/orders/${transfer.id}`, undefined, finance, {
        'accept-language': 'zh-CN',
      });
      expect(res.json().data).toMatchObject({
        id: transfer.id,
        userId: buyer.id,
        userName: buyer.userName,
        productName: '余额充值',
        amountFen: '3000',
        bankTransfer: { reference: transfer.bankTransfer.reference },
      });
      const unknown = await staffCall('GET', '/admin/orders/999999');
      expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'NOT_FOUND']);
    });

    it('limits the search to 64 characters', async () => {
      expect((await staffCall('GET', `/admin/orders?search=${'x'.repeat(64)}`)).statusCode).toBe(200);
      const over = await staffCall('GET', `/admin/orders?search=${'x'.repeat(65)}`);
      expect(over.statusCode).toBe(400);
      expect(over.json().fields.search).toBe('At most 64 characters');
    });
  });

  describe('refunds', () => {
    it('refunds a paid package order to the balance with a reason of 500 characters, revokes it, logs and audits it', async () => {
      const { buyer, placed } = await paidOrder();
      const balanceBefore = await h.balance(buyer);
      const reason = 'r'.repeat(reasonMax);
      const res = await staffCall('POST', `/admin/orders/${placed.id}/refund`, { reason });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: placed.id, status: 'refunded', userId: buyer.id });
      expect(res.json().data.refundedAt).toBe(h.ctx.clock.now.getTime());
      expect(await h.balance(buyer)).toBe(balanceBefore + priceFen);
      expect((await h.call(buyer, 'GET', '/user/my_plan')).body.data[0].state).toBe('refunded');
      expect(await operatorLog(buyer, 'order.refund')).toEqual([
        expect.objectContaining({ targetName: placed.orderNo, actor: { kind: 'operator' } }),
      ]);
      expect(await audits('order', placed.id)).toEqual([
        expect.objectContaining({
          action: 'order.refund',
          staffId: finance.id,
          customerId: buyer.id,
          targetName: placed.orderNo,
          before: { status: 'paid' },
          after: { status: 'refunded', amountFen: '1999', balanceAfterFen: String(balanceBefore + priceFen) },
          reason,
          address: '127.0.0.1',
        }),
      ]);
    });

    it('refuses a reason of 501 characters or none, and leaves the order paid', async () => {
      const { buyer, placed } = await paidOrder();
      for (const [body, message] of [
        [{ reason: 'r'.repeat(reasonMax + 1) }, 'The reason may be at most 500 characters'],
        [{ reason: '   ' }, 'Give a reason'],
        [{}, 'Give a reason'],
      ] as const) {
        const res = await staffCall('POST', `/admin/orders/${placed.id}/refund`, body);
        expect([res.statusCode, res.json().fields?.reason]).toEqual([400, message]);
      }
      expect(await statusOf(placed.id)).toBe('paid');
      expect(await h.balance(buyer)).toBe(10_000n - priceFen);
    });

    it('refuses an unpaid, a cancelled, a refunded and a recharge order, and an unknown one', async () => {
      const buyer = await h.user();
      await h.fund(buyer, 100);
      const unpaid = await h.order(buyer, packageId);
      const cancelled = await h.order(buyer, packageId);
      expect((await h.call(buyer, 'POST', `/order/${cancelled.id}/cancel`)).statusCode).toBe(200);
      const refunded = await h.order(buyer, packageId);
      expect((await h.payByBalance(buyer, refunded.id)).statusCode).toBe(200);
      expect((await staffCall('POST', `/admin/orders/${refunded.id}/refund`, { reason: 'once' })).statusCode).toBe(200);
      const recharge = (await h.call(buyer, 'GET', '/order/list?kind=recharge')).body.data.list[0] as { id: number };
      expect(await statusOf(recharge.id)).toBe('paid');
      const balance = await h.balance(buyer);
      for (const [order, message] of [
        [unpaid, 'The order is unpaid, not paid'],
        [cancelled, 'The order is cancelled, not paid'],
        [refunded, 'The order is refunded, not paid'],
        [recharge, 'Only package orders are refunded; recharges are balance'],
      ] as const) {
        const res = await staffCall('POST', `/admin/orders/${order.id}/refund`, { reason: 'try' });
        expect([res.statusCode, res.json().error, res.json().message]).toEqual([409, 'ORDER_NOT_REFUNDABLE', message]);
      }
      const zh = await staffCall('POST', `/admin/orders/${unpaid.id}/refund`, { reason: 'try' }, finance, {
        'accept-language': 'zh-CN',
      });
      expect(zh.json().message).toBe('订单未支付，只有已支付的订单可以退款');
      expect(await h.balance(buyer)).toBe(balance);
      expect(await statusOf(unpaid.id)).toBe('unpaid');
      expect(await statusOf(cancelled.id)).toBe('cancelled');
      const unknown = await staffCall('POST', '/admin/orders/999999/refund', { reason: 'try' });
      expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'NOT_FOUND']);
      expect((await audits('order', unpaid.id)).length).toBe(0);
    });
  });

  describe('bank transfers', () => {
    it('lists the transfers waiting oldest first with the customer, the reference and the amount announced', async () => {
      const buyer = await h.user();
      const first = await bankTransfer(buyer, 20);
      h.ctx.clock.advance(1_000);
      const second = await bankTransfer(buyer, 35);
      await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 5, method: 'qr' });
      const waiting = (await staffCall('GET', '/admin/transfers?size=100')).json().data;
      const mine = waiting.list.filter((t: { userId: number }) => t.userId === buyer.id);
      expect(mine).toEqual([
        {
          id: first.id,
          orderNo: first.orderNo,
          reference: first.bankTransfer.reference,
          announcedFen: '2000',
          userId: buyer.id,
          userName: buyer.userName,
          createdAt: first.createdAt,
        },
        expect.objectContaining({ id: second.id, announcedFen: '3500' }),
      ]);
      expect(waiting.total).toBeGreaterThanOrEqual(2);
    });

    it('confirms the amount received once, messages the customer and audits both amounts', async () => {
      const buyer = await h.user();
      const transfer = await bankTransfer(buyer, 20);
      const res = await staffCall('POST', `/admin/transfers/${transfer.id}/confirm`, { receivedFen: '1950' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: transfer.id, status: 'paid', userName: buyer.userName });
      expect(await h.balance(buyer)).toBe(1_950n);
      const inbox = await h.ctx.database.db.select().from(messages).where(eq(messages.userId, buyer.id));
      expect(inbox).toEqual([expect.objectContaining({ title: 'message.recharge.credited.title' })]);
      expect(await operatorLog(buyer, 'order.confirmTransfer')).toEqual([
        expect.objectContaining({ targetName: transfer.orderNo, actor: { kind: 'operator' } }),
      ]);
      expect(await audits('order', transfer.id)).toEqual([
        expect.objectContaining({
          action: 'order.confirmTransfer',
          staffId: finance.id,
          customerId: buyer.id,
          before: { status: 'unpaid', announcedFen: '2000' },
          after: { status: 'paid', receivedFen: '1950' },
        }),
      ]);
      const again = await staffCall('POST', `/admin/transfers/${transfer.id}/confirm`, { receivedFen: '1950' });
      expect([again.statusCode, again.json().error]).toEqual([409, 'TRANSFER_ALREADY_CONFIRMED']);
      expect(await h.balance(buyer)).toBe(1_950n);
      const waiting = (await staffCall('GET', '/admin/transfers?size=100')).json().data.list;
      expect(waiting.some((t: { id: number }) => t.id === transfer.id)).toBe(false);
    });

    it('confirms exactly once when two staff confirm at the same moment', async () => {
      const other = await createTestStaff(h.ctx, 'finance');
      const buyer = await h.user();
      const transfer = await bankTransfer(buyer, 20);
      const answers = await Promise.all(
        [finance, other].map((as) =>
          staffCall('POST', `/admin/transfers/${transfer.id}/confirm`, { receivedFen: '2000' }, as),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe('TRANSFER_ALREADY_CONFIRMED');
      expect(await h.balance(buyer)).toBe(2_000n);
      expect(
        await h.ctx.database.db.select().from(balanceLedger).where(eq(balanceLedger.userId, buyer.id)),
      ).toHaveLength(1);
      expect(await audits('order', transfer.id)).toHaveLength(1);
    });

    it('refuses an amount of zero, below zero, not whole or over the largest, and credits one fen and the largest', async () => {
      const buyer = await h.user();
      const transfer = await bankTransfer(buyer, 20);
      for (const [receivedFen, message] of [
        ['0', 'The received amount must be positive'],
        ['-1', 'The received amount must be positive'],
        [String(limits.finance.transferReceivedMaxFen + 1), 'The received amount is at most 999,999,999,999.99 CNY'],
        ['1.5', 'The value is not valid'],
      ] as const) {
        const res = await staffCall('POST', `/admin/transfers/${transfer.id}/confirm`, { receivedFen });
        expect([receivedFen, res.statusCode, res.json().fields?.receivedFen]).toEqual([receivedFen, 400, message]);
      }
      expect(await statusOf(transfer.id)).toBe('unpaid');
      const ok = await staffCall('POST', `/admin/transfers/${transfer.id}/confirm`, { receivedFen: '1' });
      expect(ok.statusCode).toBe(200);
      expect(await h.balance(buyer)).toBe(1n);
      const large = await bankTransfer(buyer, 20);
      const max = String(limits.finance.transferReceivedMaxFen);
      expect((await staffCall('POST', `/admin/transfers/${large.id}/confirm`, { receivedFen: max })).statusCode).toBe(
        200,
      );
      expect(await h.balance(buyer)).toBe(1n + BigInt(max));
    });

    it('answers 404 for an unknown id and for an order that is no bank transfer', async () => {
      const { placed } = await paidOrder();
      const buyer = await h.user();
      const qr = (await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 5, method: 'qr' })).body.data;
      for (const id of [999_999, placed.id, qr.id]) {
        for (const [action, body] of [
          ['confirm', { receivedFen: '100' }],
          ['reject', { reason: 'never arrived' }],
        ] as const) {
          const res = await staffCall('POST', `/admin/transfers/${id}/${action}`, body);
          expect([id, action, res.statusCode, res.json().error]).toEqual([id, action, 404, 'NOT_FOUND']);
        }
      }
      expect(await statusOf(qr.id)).toBe('unpaid');
    });

    it('rejects a transfer that never arrived: cancelled, the customer told why, logged and audited', async () => {
      const buyer = await h.user();
      const transfer = await bankTransfer(buyer, 20);
      const reason = 'r'.repeat(reasonMax);
      const res = await staffCall('POST', `/admin/transfers/${transfer.id}/reject`, { reason });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        id: transfer.id,
        status: 'cancelled',
        cancelledAt: h.ctx.clock.now.getTime(),
      });
      expect(await h.balance(buyer)).toBe(0n);
      const inbox = await h.ctx.database.db.select().from(messages).where(eq(messages.userId, buyer.id));
      expect(inbox).toEqual([
        expect.objectContaining({
          kind: 'billing',
          title: 'message.transfer.rejected.title',
          params: { orderNo: transfer.orderNo, reference: transfer.bankTransfer.reference, amount: '20.00', reason },
        }),
      ]);
      const shown = (await h.call(buyer, 'GET', '/notice/all?page=0&size=10')).body.data;
      expect(JSON.stringify(shown)).toContain(`Bank transfer ${transfer.bankTransfer.reference} was not received`);
      expect(await operatorLog(buyer, 'order.rejectTransfer')).toEqual([
        expect.objectContaining({
          targetName: transfer.orderNo,
          actor: { kind: 'operator' },
          changes: [{ field: 'status', before: 'unpaid', after: 'cancelled' }],
        }),
      ]);
      expect(await audits('order', transfer.id)).toEqual([
        expect.objectContaining({
          action: 'order.rejectTransfer',
          customerId: buyer.id,
          before: { status: 'unpaid', announcedFen: '2000' },
          after: { status: 'cancelled' },
          reason,
        }),
      ]);
      const waiting = (await staffCall('GET', '/admin/transfers?size=100')).json().data.list;
      expect(waiting.some((t: { id: number }) => t.id === transfer.id)).toBe(false);
    });

    it('refuses to reject a confirmed or a cancelled transfer, and a reason of 501 characters', async () => {
      const buyer = await h.user();
      const confirmed = await bankTransfer(buyer, 20);
      await h.operator.confirmTransfer(confirmed.bankTransfer.reference, 2_000n);
      const cancelled = await bankTransfer(buyer, 20);
      expect((await h.call(buyer, 'POST', `/order/${cancelled.id}/cancel`)).statusCode).toBe(200);
      const waiting = await bankTransfer(buyer, 20);
      for (const [id, error] of [
        [confirmed.id, 'TRANSFER_ALREADY_CONFIRMED'],
        [cancelled.id, 'TRANSFER_CANCELLED'],
      ] as const) {
        const res = await staffCall('POST', `/admin/transfers/${id}/reject`, { reason: 'never arrived' });
        expect([res.statusCode, res.json().error]).toEqual([409, error]);
      }
      expect(await statusOf(confirmed.id)).toBe('paid');
      const long = await staffCall('POST', `/admin/transfers/${waiting.id}/reject`, {
        reason: 'r'.repeat(reasonMax + 1),
      });
      expect([long.statusCode, long.json().fields?.reason]).toEqual([400, 'The reason may be at most 500 characters']);
      expect(await statusOf(waiting.id)).toBe('unpaid');
      expect(await h.balance(buyer)).toBe(2_000n);
    });
  });

  describe('the catalogue', () => {
    const definition = {
      code: 'desk-websocket',
      type: 'websocket',
      name: 'WebSocket add-on',
      nameZh: 'WebSocket 增值服务',
      spec: 'all domains',
      specZh: '全部域名',
      priceFen: '990',
      validityMonths: 1,
    };

    it('adds a package on sale, refuses its code a second time, and audits it', async () => {
      const res = await staffCall('POST', '/admin/packages', definition);
      expect(res.statusCode, res.body).toBe(200);
      const added = res.json().data;
      expect(added).toMatchObject({ ...definition, quota: null, onSale: true });
      const buyer = await h.user();
      const forSale = (await h.call(buyer, 'GET', '/package/list?type=websocket')).body.data;
      expect(forSale).toEqual([expect.objectContaining({ id: added.id, name: 'WebSocket add-on', priceFen: '990' })]);
      const again = await staffCall('POST', '/admin/packages', { ...definition, name: 'Other' });
      expect([again.statusCode, again.json().error, again.json().message]).toEqual([
        409,
        'PACKAGE_CODE_TAKEN',
        "A package with code 'desk-websocket' exists",
      ]);
      expect(await audits('package', added.id)).toEqual([
        expect.objectContaining({
          action: 'package.add',
          staffId: finance.id,
          targetName: 'desk-websocket',
          customerId: null,
          after: expect.objectContaining({ code: 'desk-websocket', priceFen: '990', quota: null, onSale: true }),
        }),
      ]);
    });

    it('accepts each rule at its edge and refuses one step beyond', async () => {
      const f = limits.finance;
      const accepted = {
        ...definition,
        type: 'traffic',
        code: 'e'.repeat(f.packageCodeMax),
        name: 'n'.repeat(f.packageNameMax),
        nameZh: '名'.repeat(f.packageNameMax),
        spec: 's'.repeat(f.packageSpecMax),
        specZh: '规'.repeat(f.packageSpecMax),
        priceFen: '1',
        validityMonths: f.packageMonthsMax,
        quota: '9'.repeat(18),
      };
      const ok = await staffCall('POST', '/admin/packages', accepted);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ quota: '9'.repeat(18), validityMonths: 120 });
      const refusals: [object, string, string][] = [
        [{ code: 'e'.repeat(f.packageCodeMax + 1) }, 'code', 'At most 64 characters'],
        [
          { code: '-desk' },
          'code',
          'The code is letters, digits, dots, dashes and underscores, starting with a letter or digit',
        ],
        [{ name: 'n'.repeat(f.packageNameMax + 1) }, 'name', 'At most 100 characters'],
        [{ specZh: '规'.repeat(f.packageSpecMax + 1) }, 'specZh', 'At most 200 characters'],
        [
          { nameZh: ' ' },
          'nameZh',
          'Give the name and the spec in English and in Chinese: the console shows both languages',
        ],
        [{ type: 'gold' }, 'type', 'The type is one of traffic, https_requests, websocket, china_mainland, edge_plan'],
        [{ priceFen: '0' }, 'priceFen', 'The price must be above 0'],
        [{ priceFen: '1'.repeat(15) }, 'priceFen', 'The price is a whole number of fen, at most 14 digits'],
        [{ validityMonths: 0 }, 'validityMonths', 'The validity is a whole number of months from 1 to 120'],
        [
          { validityMonths: f.packageMonthsMax + 1 },
          'validityMonths',
          'The validity is a whole number of months from 1 to 120',
        ],
        [{ validityMonths: 1.5 }, 'validityMonths', 'The validity is a whole number of months from 1 to 120'],
        [{ quota: '1'.repeat(19) }, 'quota', 'The quota is a whole number (bytes or requests)'],
        [{ quota: '-1' }, 'quota', 'The quota is a whole number (bytes or requests)'],
      ];
      for (const [change, field, message] of refusals) {
        const res = await staffCall('POST', '/admin/packages', { ...definition, code: 'desk-refused', ...change });
        expect([field, res.statusCode, res.json().fields?.[field]]).toEqual([field, 400, message]);
      }
      const listed = (await staffCall('GET', '/admin/packages')).json().data as { code: string }[];
      expect(listed.some((p) => p.code === 'desk-refused')).toBe(false);
    });

    it('changes the texts of a package; an order placed before keeps its own; audits what changed', async () => {
      const buyer = await h.user();
      const placed = await h.order(buyer, packageId);
      const res = await staffCall('PUT', `/admin/packages/${packageId}`, {
        nameZh: '流量包 100 GB（年）',
        spec: '100 GB/yr',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        name: 'Traffic 100 GB',
        nameZh: '流量包 100 GB（年）',
        spec: '100 GB/yr',
      });
      const zh = await h.call(buyer, 'GET', `/order/${placed.id}/detail`, undefined, { 'accept-language': 'zh-CN' });
      expect(zh.body.data).toMatchObject({ productName: '流量包 100 GB', spec: '100 GB' });
      expect(await audits('package', packageId)).toEqual([
        expect.objectContaining({
          action: 'package.edit',
          before: { nameZh: '流量包 100 GB', spec: '100 GB' },
          after: { nameZh: '流量包 100 GB（年）', spec: '100 GB/yr' },
        }),
      ]);
      const none = await staffCall('PUT', `/admin/packages/${packageId}`, {});
      expect([none.statusCode, none.json().message]).toEqual([
        400,
        'Give at least one of the name and the spec, in English or in Chinese',
      ]);
      const long = await staffCall('PUT', `/admin/packages/${packageId}`, { name: 'n'.repeat(101) });
      expect(long.json().fields?.name).toBe('At most 100 characters');
      const unknown = await staffCall('PUT', '/admin/packages/999999', { name: 'x' });
      expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'NOT_FOUND']);
    });

    it('takes a package off sale and back; the whole catalogue lists it either way', async () => {
      const buyer = await h.user();
      const off = await staffCall('POST', `/admin/packages/${packageId}/sale`, { onSale: false });
      expect(off.json().data).toMatchObject({ id: packageId, onSale: false });
      expect((await h.call(buyer, 'POST', '/order/create', { packageId })).body.error).toBe('PACKAGE_NOT_ON_SALE');
      const catalogue = (await staffCall('GET', '/admin/packages')).json().data;
      expect(catalogue).toContainEqual(
        expect.objectContaining({ id: packageId, code: 'desk-traffic', nameZh: '流量包 100 GB（年）', onSale: false }),
      );
      const on = await staffCall('POST', `/admin/packages/${packageId}/sale`, { onSale: true });
      expect(on.json().data.onSale).toBe(true);
      expect((await h.order(buyer, packageId)).status).toBe('unpaid');
      const sales = (await audits('package', packageId)).filter((a) => a.action === 'package.sale');
      expect(sales.map((a) => [a.before, a.after])).toEqual([
        [{ onSale: true }, { onSale: false }],
        [{ onSale: false }, { onSale: true }],
      ]);
      expect((await staffCall('POST', `/admin/packages/${packageId}/sale`, {})).statusCode).toBe(400);
      const unknown = await staffCall('POST', '/admin/packages/999999/sale', { onSale: true });
      expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'NOT_FOUND']);
    });
  });

  describe('revenue', () => {
    const beijing = (year: number, month: number, day: number, hour = 0, minute = 0) =>
      fromUtc8Time({ year, month, day, hour, minute, second: 0 }).getTime();

    it('sums paid package orders, recharges credited and refunds by UTC+8 day and month, and exports them', async () => {
      // A quiet stretch of time of its own: 23:50 in Beijing on the last day of June, then 00:10 on the 1st of July
      // (still June 30th in UTC, so a UTC day would put both on one day).
      h.ctx.clock.now = new Date(beijing(2031, 6, 30, 23, 50));
      const staff = await createTestStaff(h.ctx, 'finance');
      const buyer = await h.user();
      await h.fund(buyer, 100);
      const placed = await h.order(buyer, packageId);
      expect((await h.payByBalance(buyer, placed.id)).statusCode).toBe(200);
      h.ctx.clock.advance(20 * 60_000);
      const transfer = await bankTransfer(buyer, 60);
      const calls = [
        staffCall('POST', `/admin/orders/${placed.id}/refund`, { reason: 'asked' }, staff),
        staffCall('POST', `/admin/transfers/${transfer.id}/confirm`, { receivedFen: '5000' }, staff),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(200);

      const figures = (p: number, pf: string, r: number, rf: string, f: number, ff: string) => ({
        packageOrders: { count: p, fen: pf },
        recharges: { count: r, fen: rf },
        refunds: { count: f, fen: ff },
      });
      const byDay = await staffCall(
        'GET',
        `/admin/revenue?granularity=day&from=${beijing(2031, 6, 29)}&to=${beijing(2031, 7, 2)}`,
        undefined,
        staff,
      );
      expect(byDay.statusCode, byDay.body).toBe(200);
      expect(byDay.json().data).toEqual({
        granularity: 'day',
        periods: [
          { period: '2031-06-29', startAt: beijing(2031, 6, 29), ...figures(0, '0', 0, '0', 0, '0') },
          { period: '2031-06-30', startAt: beijing(2031, 6, 30), ...figures(1, '1999', 1, '10000', 0, '0') },
          { period: '2031-07-01', startAt: beijing(2031, 7, 1), ...figures(0, '0', 1, '5000', 1, '1999') },
        ],
        total: figures(1, '1999', 2, '15000', 1, '1999'),
      });
      // The range counts to the millisecond: [from, to) holds what happened at `from`, not what happened at `to`.
      const totalOf = async (from: number, to: number) =>
        (await staffCall('GET', `/admin/revenue?from=${from}&to=${to}`, undefined, staff)).json().data.total;
      const july = beijing(2031, 7, 1, 0, 10);
      expect(await totalOf(beijing(2031, 7, 1), july + 1)).toEqual(figures(0, '0', 1, '5000', 1, '1999'));
      expect(await totalOf(july, july + 1)).toEqual(figures(0, '0', 1, '5000', 1, '1999'));
      expect(await totalOf(beijing(2031, 7, 1), july)).toEqual(figures(0, '0', 0, '0', 0, '0'));
      expect(await totalOf(july + 1, july + 2)).toEqual(figures(0, '0', 0, '0', 0, '0'));
      const byMonth = await staffCall(
        'GET',
        `/admin/revenue?granularity=month&from=${beijing(2031, 6, 1)}&to=${beijing(2031, 8, 1)}`,
        undefined,
        staff,
      );
      expect(byMonth.json().data.periods).toEqual([
        { period: '2031-06', startAt: beijing(2031, 6, 1), ...figures(1, '1999', 1, '10000', 0, '0') },
        { period: '2031-07', startAt: beijing(2031, 7, 1), ...figures(0, '0', 1, '5000', 1, '1999') },
      ]);

      const query = `granularity=day&from=${beijing(2031, 6, 30)}&to=${beijing(2031, 7, 2)}`;
      const csv = await staffCall('GET', `/admin/revenue/export?${query}`, undefined, staff);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="revenue-day-20310630-20310701.csv"');
      expect(csv.body.split('\r\n')).toEqual([
        '\uFEFFPeriod (UTC+8),Package orders paid,Package orders (CNY),Recharges credited,Recharges (CNY),Refunds,Refunds (CNY)',
        '2031-06-30,1,19.99,1,100.00,0,0.00',
        '2031-07-01,0,0.00,1,50.00,1,19.99',
        'Total,1,19.99,2,150.00,1,19.99',
        '',
      ]);
      const zh = await staffCall('GET', `/admin/revenue/export?${query}`, undefined, staff, {
        'accept-language': 'zh-CN',
      });
      expect(zh.body.split('\r\n')[0]).toBe(
        '\uFEFF周期（UTC+8）,已支付套餐订单数,套餐订单金额（元）,充值入账笔数,充值入账金额（元）,退款笔数,退款金额（元）',
      );
      expect(zh.body.split('\r\n')[3]).toBe('合计,1,19.99,2,150.00,1,19.99');
    });

    it('covers at most 366 days or 36 months, and refuses an end not after the start', async () => {
      h.ctx.clock.now = new Date(beijing(2031, 7, 2));
      const staff = await createTestStaff(h.ctx, 'finance');
      const start = beijing(2030, 1, 1);
      const ask = (query: string) => staffCall('GET', `/admin/revenue?${query}`, undefined, staff);
      const days = await ask(`from=${start}&to=${start + 366 * 86_400_000}`);
      expect(days.json().data.periods).toHaveLength(366);
      const tooManyDays = await ask(`from=${start}&to=${start + 366 * 86_400_000 + 1}`);
      expect([tooManyDays.statusCode, tooManyDays.json().fields?.to]).toEqual([
        400,
        'A statement by day covers at most 366 days',
      ]);
      const months = await ask(`granularity=month&from=${start}&to=${beijing(2033, 1, 1)}`);
      expect(months.json().data.periods).toHaveLength(36);
      const tooManyMonths = await ask(`granularity=month&from=${start}&to=${beijing(2033, 1, 1) + 1}`);
      expect(tooManyMonths.json().fields?.to).toBe('A statement by month covers at most 36 months');
      for (const to of [start, start - 1]) {
        const res = await ask(`from=${start}&to=${to}`);
        expect([res.statusCode, res.json().fields?.to]).toEqual([400, 'The end must be after the start']);
      }
      expect((await ask(`to=${start}`)).json().fields?.from).toBe('Input cannot be empty');
      const csv = await staffCall('GET', `/admin/revenue/export?from=${start}&to=${start}`, undefined, staff);
      expect(csv.statusCode).toBe(400);
    });
  });

  describe("a customer's page", () => {
    it('lists the packages of both consoles newest first, a page at a time, and 404 for no such customer', async () => {
      const plan = await h.operator.addPackage({
        code: 'desk-plan',
        type: 'edge_plan',
        name: 'Edge plan',
        nameZh: '边缘套餐',
        spec: 'plan',
        specZh: '套餐',
        quota: null,
        priceFen: 500n,
        validityMonths: 1,
      });
      const buyer = await h.user();
      await h.fund(buyer, 100);
      const buy = async (id: number) => {
        const placed = await h.order(buyer, id);
        expect((await h.payByBalance(buyer, placed.id)).statusCode).toBe(200);
        h.ctx.clock.advance(60_000);
      };
      // A traffic package of its own: the file's earlier tests edit the shared one's texts.
      const traffic = await h.operator.addPackage(trafficPackage('desk-page-traffic', priceFen));
      await buy(traffic.id);
      await buy(plan.id);
      await buy(traffic.id);
      // A session of its own: the file's earlier tests move the clock past the shared one's 12 hours.
      const reader = await createTestStaff(h.ctx, 'finance');
      const page = async (query: string, language = 'en-US') =>
        (
          await staffCall('GET', `/admin/customers/${buyer.id}/packages?${query}`, undefined, reader, {
            'accept-language': language,
          })
        ).json().data as { list: { name: string; effectiveAt: number }[]; total: number };
      const first = await page('page=1&size=2');
      expect(first.total).toBe(3);
      expect(first.list.map((p) => p.name)).toEqual(['Traffic 100 GB', 'Edge plan']);
      expect(first.list[0]!.effectiveAt).toBeGreaterThan(first.list[1]!.effectiveAt);
      const second = await page('page=2&size=2');
      expect([second.total, second.list.map((p) => p.name)]).toEqual([3, ['Traffic 100 GB']]);
      expect((await page('page=1&size=20', 'zh-CN')).list.map((p) => p.name)).toEqual([
        '流量包 100 GB',
        '边缘套餐',
        '流量包 100 GB',
      ]);
      const statement = (
        await staffCall('GET', `/admin/customers/${buyer.id}/statement?page=1&size=1`, undefined, reader)
      ).json().data;
      expect([statement.total, statement.list.length]).toEqual([4, 1]);
      for (const list of ['orders', 'packages', 'statement']) {
        expect((await staffCall('GET', `/admin/customers/999999/${list}`, undefined, reader)).statusCode, list).toBe(
          404,
        );
      }
    });
  });

  it('is the finance role’s: support is refused', async () => {
    const support = await createTestStaff(h.ctx, 'support');
    for (const url of ['/admin/orders', '/admin/transfers', '/admin/packages']) {
      expect((await staffCall('GET', url, undefined, support)).statusCode).toBe(403);
    }
  });
});
