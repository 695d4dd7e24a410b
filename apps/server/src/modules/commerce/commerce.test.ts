import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CommerceHarness,
  createCommerceHarness,
  trafficPackage,
  websocketPackage,
} from '../../../test/fixtures/commerce';
import { addDomain, logLine } from '../../../test/fixtures/traffic';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { balanceLedger, orders, sandboxPayments } from '../../db/schema';
import { signBody } from '../../providers/sandbox-callback';
import { createTrafficIngest } from '../traffic/traffic-ingest.service';
import { addonOwnership } from './addon-ownership';

describe.each(dbKinds)('commerce on %s', (kind) => {
  let h: CommerceHarness;
  let owner: TestUser;
  let stranger: TestUser;
  let trafficId: number;
  let websocketId: number;

  beforeAll(async () => {
    h = await createCommerceHarness(kind);
    owner = await h.user();
    stranger = await h.user();
    const traffic = await h.operator.addPackage(trafficPackage('traffic-100g'));
    const websocket = await h.operator.addPackage(websocketPackage('websocket', 9_900n));
    trafficId = traffic.id;
    websocketId = websocket.id;
  });
  afterAll(() => h.close());

  const order = (user: TestUser, packageId = trafficId) => h.order(user, packageId);
  const pay = (user: TestUser, id: number, key?: string) => h.payByBalance(user, id, key);
  const balance = (user: TestUser) => h.balance(user);
  const ledgerRows = (userId: number, orderId?: number) =>
    h.ctx.database.db
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, userId), orderId ? eq(balanceLedger.orderId, orderId) : undefined));
  const ledgerSum = async (userId: number) => (await ledgerRows(userId)).reduce((sum, row) => sum + row.amountFen, 0n);
  const notify = (body: string, signature?: string) => h.notify(body, signature);
  const openQr = (user: TestUser, id: number) => h.openQr(user, id);
  const paidNotification = (orderId: number, notifyId: string) => h.paidNotification(orderId, notifyId);
  const closeByTime = async () => {
    h.ctx.clock.advance(31 * 60_000);
    await h.ctx.app.schedules.tick();
    await h.ctx.app.jobs.runDue();
  };

  it('sells the catalogue, and buying needs real-name verification', async () => {
    const list = await h.call(owner, 'GET', '/package/list?type=traffic');
    expect(list.body.data).toEqual([expect.objectContaining({ code: 'traffic-100g', priceFen: '1999' })]);
    const unverified = await h.user({ realNameVerified: false });
    const refused = await h.call(unverified, 'POST', '/order/create', { packageId: trafficId });
    expect(refused.body.error).toBe('REAL_NAME_REQUIRED');
  });

  it("answers package, order and owned package texts in the reader's language, as bought", async () => {
    const buyer = await h.user();
    await h.fund(buyer, 50);
    const zh = { 'accept-language': 'zh-CN' };
    const catalogue = await h.call(buyer, 'GET', '/package/list?type=traffic', undefined, zh);
    expect(catalogue.body.data).toEqual([expect.objectContaining({ name: '流量包 100 GB', spec: '100 GB' })]);
    const placed = await order(buyer);
    await pay(buyer, placed.id);
    const inChinese = await h.call(buyer, 'GET', `/order/${placed.id}/detail`, undefined, zh);
    expect(inChinese.body.data).toMatchObject({ productName: '流量包 100 GB', spec: '100 GB' });
    const inEnglish = await h.call(buyer, 'GET', `/order/${placed.id}/detail`, undefined, {
      'accept-language': 'en-US',
    });
    expect(inEnglish.body.data).toMatchObject({ productName: 'Traffic 100 GB', spec: '100 GB' });
    const plan = await h.call(buyer, 'GET', '/user/my_plan', undefined, zh);
    expect(plan.body.data).toEqual([expect.objectContaining({ name: '流量包 100 GB' })]);
    const recharge = await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 20, method: 'bank_transfer' });
    const listed = await h.call(buyer, 'GET', '/order/list?kind=recharge', undefined, zh);
    // The fund's recharge and this one, each named in Chinese.
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({ orderNo: recharge.body.data.orderNo, productName: '余额充值' }),
      expect.objectContaining({ productName: '余额充值' }),
    ]);
    const messages = await h.call(buyer, 'GET', '/notice/all', undefined, zh);
    const paid = messages.body.data.list.find((m: { title: string }) => m.title.includes(placed.orderNo));
    const detail = await h.call(buyer, 'GET', `/notice/${paid.id}`, undefined, zh);
    expect(detail.body.data.content).toContain('（流量包 100 GB）');
    const english = await h.call(buyer, 'GET', `/notice/${paid.id}`, undefined, { 'accept-language': 'en-US' });
    expect(english.body.data.content).toContain('(Traffic 100 GB)');
  });

  it('pays by balance: one debit with its ledger row, the order paid, the package active', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 50);
    const placed = await order(buyer);
    expect(placed).toMatchObject({ status: 'unpaid', amountFen: '1999' });
    const res = await pay(buyer, placed.id);
    expect(res.statusCode, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'paid', paymentMethod: 'balance' });
    expect(await balance(buyer)).toBe(5_000n - 1_999n);
    expect(await ledgerSum(buyer.id)).toBe(await balance(buyer));
    const rows = await ledgerRows(buyer.id, placed.id);
    expect(rows).toEqual([expect.objectContaining({ kind: 'payment', amountFen: -1_999n, balanceAfterFen: 3_001n })]);
    const plan = await h.call(buyer, 'GET', '/user/my_plan');
    expect(plan.body.data).toEqual([
      expect.objectContaining({ orderNo: placed.orderNo, type: 'traffic', state: 'active', quota: '107374182400' }),
    ]);
    const statement = await h.call(buyer, 'GET', '/balance/statement?kind=payment');
    expect(statement.body.data).toMatchObject({ total: 1, list: [{ amountFen: '-1999', orderNo: placed.orderNo }] });
    const csv = await h.call(buyer, 'GET', '/balance/statement/export');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain(',-19.99,30.01,');
    expect(csv.text).toContain(',50.00,50.00,');
  });

  it('pays by balance with a balance exactly the price, leaving 0; one fen short is refused and nothing moves', async () => {
    const priced = async (code: string, priceFen: bigint) =>
      (
        await h.operator.addPackage({
          code,
          type: 'https_requests',
          name: `HTTPS requests ${code}`,
          nameZh: `HTTPS 请求数 ${code}`,
          spec: '10M',
          specZh: '1000 万次',
          quota: 10_000_000n,
          priceFen,
          validityMonths: 1,
        })
      ).id;
    const exact = await h.user();
    await h.fund(exact, 50);
    const placed = await order(exact, await priced('requests-5000', 5_000n));
    const paid = await pay(exact, placed.id);
    expect(paid.statusCode, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', paymentMethod: 'balance' });
    expect(await balance(exact)).toBe(0n);
    expect(await ledgerRows(exact.id, placed.id)).toEqual([
      expect.objectContaining({ kind: 'payment', amountFen: -5_000n, balanceAfterFen: 0n }),
    ]);

    const short = await h.user();
    await h.fund(short, 50);
    const unpaid = await order(short, await priced('requests-5001', 5_001n));
    const refused = await pay(short, unpaid.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error).toBe('INSUFFICIENT_BALANCE');
    expect(await balance(short)).toBe(5_000n);
    expect(await ledgerRows(short.id, unpaid.id)).toEqual([]);
    expect((await h.call(short, 'GET', `/order/${unpaid.id}/detail`)).body.data.status).toBe('unpaid');
  });

  it('credits a bank transfer with the amount received, not the one announced, whichever is larger', async () => {
    for (const receivedFen of [1_999n, 2_501n]) {
      const customer = await h.user();
      const recharge = await h.call(customer, 'POST', '/recharge/create', { amountYuan: 20, method: 'bank_transfer' });
      expect(recharge.body.data).toMatchObject({ kind: 'recharge', amountFen: '2000', status: 'unpaid' });
      await h.operator.confirmTransfer(recharge.body.data.bankTransfer.reference, receivedFen);
      const detail = (await h.call(customer, 'GET', `/order/${recharge.body.data.id}/detail`)).body.data;
      expect(detail).toMatchObject({ status: 'paid', paymentMethod: 'bank_transfer' });
      expect(await balance(customer)).toBe(receivedFen);
      expect(await ledgerRows(customer.id, recharge.body.data.id)).toEqual([
        expect.objectContaining({ kind: 'recharge', amountFen: receivedFen, balanceAfterFen: receivedFen }),
      ]);
    }
  });

  it("counts a traffic package's use from the traffic the account served while it was in force", async () => {
    const buyer = await h.user();
    await h.fund(buyer, 50);
    const before = h.ctx.clock.now.getTime();
    await addDomain(h.ctx.database.db, buyer.id, 'used.package.test');
    const ingest = createTrafficIngest({ db: h.ctx.database.db, now: () => h.ctx.clock.now, rawRetentionDays: 0 });
    // Served before the purchase: not the package's.
    await ingest.ingest({
      node: 'test',
      text: logLine(before - 3_600_000, 'used.package.test', { bytes_sent: 7_000 }),
    });
    const placed = await order(buyer);
    expect((await pay(buyer, placed.id)).statusCode).toBe(200);
    const unused = (await h.call(buyer, 'GET', '/user/my_plan')).body.data[0];
    expect(unused).toMatchObject({ used: '0', remaining: '107374182400' });

    h.ctx.clock.advance(20 * 60_000);
    const served = [1_500, 2_500].map((bytes, i) =>
      logLine(h.ctx.clock.now.getTime() - (i + 1) * 60_000, 'used.package.test', { bytes_sent: bytes }),
    );
    await ingest.ingest({ node: 'test', text: served.join('\n') });
    const plan = (await h.call(buyer, 'GET', '/user/my_plan')).body.data[0];
    expect(plan).toMatchObject({ used: '4000', remaining: String(107_374_182_400 - 4_000) });
    // A second package bought now overlaps the first: bytes served while both are in force count once.
    const second = await order(buyer);
    expect((await pay(buyer, second.id)).statusCode).toBe(200);
    h.ctx.clock.advance(20 * 60_000);
    await ingest.ingest({
      node: 'test',
      text: logLine(h.ctx.clock.now.getTime() - 60_000, 'used.package.test', { bytes_sent: 500 }),
    });
    const both = (await h.call(buyer, 'GET', '/user/my_plan')).body.data as { used: string }[];
    expect(both).toHaveLength(2);
    expect(both.reduce((sum, p) => sum + BigInt(p.used), 0n)).toBe(4_500n);
    // A stranger's traffic never counts against it.
    expect(
      (await h.call(owner, 'GET', '/user/my_plan')).body.data.every((p: { used: string | null }) => p.used !== '4000'),
    ).toBe(true);
  });

  it('refuses a short balance and changes nothing', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 10);
    const placed = await order(buyer);
    const res = await pay(buyer, placed.id);
    expect(res.body.error).toBe('INSUFFICIENT_BALANCE');
    expect(await balance(buyer)).toBe(1_000n);
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('unpaid');
    expect(await ledgerRows(buyer.id, placed.id)).toEqual([]);
  });

  it('200 concurrent pay calls on one order: one ledger row, balance conserved, the rest already paid', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 100);
    const placed = await order(buyer);
    const answers = await Promise.all(Array.from({ length: 200 }, () => pay(buyer, placed.id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.body.error))).toEqual(
      new Set(['ORDER_ALREADY_PAID']),
    );
    expect(await ledgerRows(buyer.id, placed.id)).toHaveLength(1);
    expect(await balance(buyer)).toBe(10_000n - 1_999n);
    expect(await ledgerSum(buyer.id)).toBe(10_000n - 1_999n);
  });

  it('a cancel and a payment of one order at once: exactly one of them happens, and the money follows it', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 100);
    const placed = await Promise.all(Array.from({ length: 10 }, () => order(buyer)));
    const answers = await Promise.all(
      placed.map(async ({ id }) => {
        const [paid, cancelled] = await Promise.all([pay(buyer, id), h.call(buyer, 'POST', `/order/${id}/cancel`)]);
        return { id, paid: paid.statusCode === 200, cancelled: cancelled.statusCode === 200 };
      }),
    );
    for (const { id, paid, cancelled } of answers) {
      expect(paid !== cancelled, `order ${id}: paid ${paid}, cancelled ${cancelled}`).toBe(true);
      expect((await h.call(buyer, 'GET', `/order/${id}/detail`)).body.data.status).toBe(paid ? 'paid' : 'cancelled');
      expect(await ledgerRows(buyer.id, id)).toHaveLength(paid ? 1 : 0);
    }
    const paidCount = answers.filter((a) => a.paid).length;
    expect(await balance(buyer)).toBe(10_000n - BigInt(paidCount) * 1_999n);
  });

  it('50 concurrent calls with one idempotency key: one effect, identical answers; another order with it: 409', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 100);
    const placed = await order(buyer);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(buyer, placed.id, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    expect(await ledgerRows(buyer.id, placed.id)).toHaveLength(1);
    expect(await balance(buyer)).toBe(10_000n - 1_999n);
    const other = await order(buyer);
    const reused = await pay(buyer, other.id, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await h.call(buyer, 'POST', `/order/${other.id}/pay-by-balance`)).body).toMatchObject({
      error: 'VALIDATION_FAILED',
      fields: { 'idempotency-key': 'The Idempotency-Key header is required' },
    });
  });

  it("answers 404 for another customer's order, exactly like a missing one", async () => {
    await h.fund(stranger, 100);
    const mine = await order(owner);
    for (const [method, path] of [
      ['GET', `/order/${mine.id}/detail`],
      ['POST', `/order/${mine.id}/cancel`],
      ['POST', `/order/${mine.id}/pay-by-balance`],
      ['POST', `/order/${mine.id}/pay-by-qr`],
    ] as const) {
      const key = { 'idempotency-key': randomUUID() };
      const res = await h.call(stranger, method, path, undefined, key);
      expect(res.statusCode, path).toBe(404);
      const missing = await h.call(stranger, method, path.replace(String(mine.id), '999999'), undefined, key);
      expect(missing.text).toBe(res.text);
    }
    expect(await balance(stranger)).toBe(10_000n);
    expect((await h.call(owner, 'GET', `/order/${mine.id}/detail`)).body.data.status).toBe('unpaid');
  });

  it('cancels unpaid orders only, and closes unpaid ones after 30 minutes by schedule', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 100);
    const cancelled = await order(buyer);
    expect((await h.call(buyer, 'POST', `/order/${cancelled.id}/cancel`)).body.data.status).toBe('cancelled');
    expect((await pay(buyer, cancelled.id)).body.error).toBe('ORDER_CLOSED');
    const paid = await order(buyer);
    await pay(buyer, paid.id);
    expect((await h.call(buyer, 'POST', `/order/${paid.id}/cancel`)).body.error).toBe('ORDER_ALREADY_PAID');

    const late = await order(buyer);
    h.ctx.clock.advance(31 * 60_000);
    await h.ctx.app.schedules.tick();
    await h.ctx.app.jobs.runDue();
    expect((await h.call(buyer, 'GET', `/order/${late.id}/detail`)).body.data.status).toBe('cancelled');
    expect((await pay(buyer, late.id)).body.message).toBe('Order not found or closed');
    expect(await balance(buyer)).toBe(10_000n - 1_999n);
  });

  it('pays by QR through the sandbox: pay page, signed notification, credited once; replays change nothing', async () => {
    const buyer = await h.user();
    const placed = await order(buyer);
    const qr = await h.call(buyer, 'POST', `/order/${placed.id}/pay-by-qr`);
    expect(qr.statusCode, qr.text).toBe(200);
    expect(qr.body.data).toMatchObject({ gateway: 'sandbox', sandbox: true });
    expect(qr.body.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.body.data.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    expect((await h.call(buyer, 'POST', `/order/${placed.id}/pay-by-qr`)).body.data.payUrl).toBe(qr.body.data.payUrl);

    const pagePath = new URL(qr.body.data.payUrl).pathname;
    const page = await h.ctx.app.inject({ url: pagePath, headers: { 'accept-language': 'en-US' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox payment gateway');
    expect(page.body).toContain('19.99');
    const confirm = await h.ctx.app.inject({ method: 'POST', url: `${pagePath}/confirm` });
    expect(confirm.statusCode).toBe(303);
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('unpaid');

    const before = h.deliveries.length;
    await h.ctx.app.jobs.runDue();
    expect(h.deliveries.slice(before).map((d) => d.status)).toEqual([200]);
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data).toMatchObject({
      status: 'paid',
      paymentMethod: 'qr',
    });
    expect((await h.call(buyer, 'GET', '/user/my_plan')).body.data).toHaveLength(1);

    // The same notification again (a gateway retry, or someone replaying it): acknowledged, nothing changes.
    const sent = h.deliveries.at(-1)!;
    expect((await notify(sent.body, sent.signature)).body).toBe('success');
    const renamed = JSON.stringify({ ...JSON.parse(sent.body), notifyId: randomUUID() });
    expect((await notify(renamed)).body).toBe('success');
    expect((await h.call(buyer, 'GET', '/user/my_plan')).body.data).toHaveLength(1);
    expect(await ledgerRows(buyer.id)).toEqual([]);
    // The payment is the buyer's, in their operation log once, made on the gateway's page rather than a session.
    const paid = await h.call(buyer, 'GET', '/log/operation?action=order.pay');
    expect(paid.body.data.list).toEqual([
      expect.objectContaining({ targetName: placed.orderNo, actor: { kind: 'session', sessionId: null } }),
    ]);

    // A bad signature, or an order the server never opened a payment for: refused, nothing written.
    const other = await order(buyer);
    const forged = JSON.stringify({ ...JSON.parse(sent.body), notifyId: randomUUID(), outTradeNo: other.orderNo });
    expect((await notify(forged, signBody('not-the-secret-at-all', forged))).statusCode).toBe(400);
    expect((await notify(forged)).statusCode).toBe(404);
    const unknown = JSON.stringify({ ...JSON.parse(sent.body), notifyId: randomUUID(), outTradeNo: '0000' });
    expect((await notify(unknown)).statusCode).toBe(404);
    expect((await h.call(buyer, 'GET', `/order/${other.id}/detail`)).body.data.status).toBe('unpaid');
    expect(await ledgerRows(buyer.id)).toEqual([]);
  });

  it('refuses a notification without a signature header or with a wrong one; the same body signed is taken', async () => {
    const buyer = await h.user();
    const placed = await order(buyer);
    await openQr(buyer, placed.id);
    const body = await paidNotification(placed.id, randomUUID());
    const unsigned = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const secret = h.ctx.config.payment.sandboxSecret;
    const otherBody = JSON.stringify({ ...JSON.parse(body), notifyId: randomUUID() });
    for (const wrong of ['', 'sha256=00', signBody('not-the-secret-at-all', body), signBody(secret, otherBody)]) {
      expect((await notify(body, wrong)).statusCode, wrong).toBe(400);
    }
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('unpaid');
    expect((await notify(body)).body).toBe('success');
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('paid');
  });

  it("refuses a signed notification whose amount (one fen less or more), trade or gateway is not the order's", async () => {
    const buyer = await h.user();
    const placed = await order(buyer);
    await openQr(buyer, placed.id);
    const paid = JSON.parse(await paidNotification(placed.id, randomUUID()));
    const again = (change: object = {}) => notify(JSON.stringify({ ...paid, notifyId: randomUUID(), ...change }));
    const amount = BigInt(paid.amountFen);
    for (const change of [
      { amountFen: String(amount - 1n) },
      { amountFen: String(amount + 1n) },
      { tradeNo: `${paid.tradeNo}0` },
    ]) {
      expect((await again(change)).statusCode, JSON.stringify(change)).toBe(404);
    }
    const setGateway = (gateway: string) =>
      h.ctx.database.db.update(orders).set({ gateway }).where(eq(orders.id, placed.id));
    await setGateway('another-gateway');
    expect((await again()).statusCode).toBe(404);
    await setGateway('sandbox');
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('unpaid');
    expect((await h.call(buyer, 'GET', '/user/my_plan')).body.data).toEqual([]);
    expect(await ledgerRows(buyer.id)).toEqual([]);

    expect((await again()).body).toBe('success');
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('paid');
  });

  it('cancelling on the sandbox pay page cancels the unpaid order', async () => {
    const buyer = await h.user();
    const placed = await order(buyer);
    const qr = await h.call(buyer, 'POST', `/order/${placed.id}/pay-by-qr`);
    await h.ctx.app.inject({ method: 'POST', url: `${new URL(qr.body.data.payUrl).pathname}/cancel` });
    await h.ctx.app.jobs.runDue();
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('cancelled');
  });

  it('recharges by QR in whole CNY of at least 1', async () => {
    const buyer = await h.user();
    for (const amountYuan of [0, 1.5]) {
      const res = await h.call(buyer, 'POST', '/recharge/create', { amountYuan, method: 'qr' });
      expect(res.body.error).toBe('VALIDATION_FAILED');
    }
    const recharge = await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 1, method: 'qr' });
    expect(recharge.body.data).toMatchObject({ kind: 'recharge', amountFen: '100', bankTransfer: null });
    const qr = await h.call(buyer, 'POST', `/order/${recharge.body.data.id}/pay-by-qr`);
    await h.ctx.app.inject({ method: 'POST', url: `${new URL(qr.body.data.payUrl).pathname}/confirm` });
    await h.ctx.app.jobs.runDue();
    expect(await balance(buyer)).toBe(100n);
    expect(await ledgerRows(buyer.id)).toEqual([expect.objectContaining({ kind: 'recharge', amountFen: 100n })]);
  });

  it('refunds by the operator to the balance, revoking the package; the WebSocket add-on follows ownership', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 100);
    const owns = addonOwnership({ db: h.ctx.database.db, now: () => h.ctx.clock.now });
    expect(await owns(buyer.id, 'websocket')).toBe(false);
    const placed = await order(buyer, websocketId);
    await pay(buyer, placed.id);
    expect(await owns(buyer.id, 'websocket')).toBe(true);
    expect(await owns(stranger.id, 'websocket')).toBe(false);
    const { balanceAfter } = await h.operator.refund(placed.orderNo);
    expect(balanceAfter).toBe(10_000n);
    expect(await owns(buyer.id, 'websocket')).toBe(false);
    expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('refunded');
    expect((await h.call(buyer, 'GET', '/user/my_plan')).body.data[0].state).toBe('refunded');
    expect(await ledgerSum(buyer.id)).toBe(10_000n);
    await expect(h.operator.refund(placed.orderNo)).rejects.toMatchObject({
      id: 'ORDER_NOT_REFUNDABLE',
      options: { params: { status: 'refunded' } },
    });
  });

  describe('a gateway trade credits at most once, whatever its notification ids', () => {
    /** Two notifications of one trade under ids n1 and n2, then five more at once: each answered `success`. */
    const notifyPaidRepeatedly = async (orderId: number) => {
      for (const id of ['n1', 'n2']) expect((await notify(await paidNotification(orderId, id))).body).toBe('success');
      const more = await Promise.all(
        Array.from({ length: 5 }, async () => notify(await paidNotification(orderId, randomUUID()))),
      );
      expect(more.map((r) => r.body)).toEqual(Array(5).fill('success'));
    };
    const rechargeByQr = async (user: TestUser) => {
      const res = await h.call(user, 'POST', '/recharge/create', { amountYuan: 7, method: 'qr' });
      expect(res.statusCode, res.text).toBe(200);
      await openQr(user, res.body.data.id);
      return res.body.data as { id: number };
    };

    it('a QR recharge cancelled by the customer: 7.00 credited once', async () => {
      const buyer = await h.user();
      const recharge = await rechargeByQr(buyer);
      expect((await h.call(buyer, 'POST', `/order/${recharge.id}/cancel`)).body.data.status).toBe('cancelled');
      await notifyPaidRepeatedly(recharge.id);
      expect(await balance(buyer)).toBe(700n);
      expect(await ledgerRows(buyer.id)).toEqual([expect.objectContaining({ kind: 'credit', amountFen: 700n })]);
      expect((await h.call(buyer, 'GET', `/order/${recharge.id}/detail`)).body.data.status).toBe('cancelled');
      // The statement says why money came in for a cancelled order.
      expect((await h.call(buyer, 'GET', '/balance/statement')).body.data.list).toEqual([
        expect.objectContaining({ kind: 'credit', note: 'Paid after the order closed: credited to the balance' }),
      ]);
    });

    it('a QR recharge closed by time: 7.00 credited once', async () => {
      const buyer = await h.user();
      const recharge = await rechargeByQr(buyer);
      await closeByTime();
      expect((await h.call(buyer, 'GET', `/order/${recharge.id}/detail`)).body.data.status).toBe('cancelled');
      await notifyPaidRepeatedly(recharge.id);
      expect(await balance(buyer)).toBe(700n);
      expect(await ledgerRows(buyer.id)).toEqual([expect.objectContaining({ kind: 'credit', amountFen: 700n })]);
    });

    it('a package order paid by balance meanwhile: its price credited back once', async () => {
      const buyer = await h.user();
      await h.fund(buyer, 100);
      const placed = await order(buyer);
      await openQr(buyer, placed.id);
      expect((await pay(buyer, placed.id)).statusCode).toBe(200);
      await notifyPaidRepeatedly(placed.id);
      expect(await balance(buyer)).toBe(10_000n);
      expect((await ledgerRows(buyer.id, placed.id)).map((r) => [r.kind, r.amountFen])).toEqual([
        ['payment', -1_999n],
        ['credit', 1_999n],
      ]);
      expect(await ledgerSum(buyer.id)).toBe(10_000n);
    });

    it('an order paid by the trade: later notification ids change nothing', async () => {
      const buyer = await h.user();
      const placed = await order(buyer);
      await openQr(buyer, placed.id);
      await notifyPaidRepeatedly(placed.id);
      expect((await h.call(buyer, 'GET', `/order/${placed.id}/detail`)).body.data.status).toBe('paid');
      expect((await h.call(buyer, 'GET', '/user/my_plan')).body.data).toHaveLength(1);
      expect(await ledgerRows(buyer.id)).toEqual([]);
    });
  });

  describe("closes the order's gateway trade when the order stops waiting; the sandbox then refuses to pay it", () => {
    const refusesPayment = async (user: TestUser, orderId: number, pagePath: string) => {
      await h.ctx.app.jobs.runDue();
      const page = await h.ctx.app.inject({ url: pagePath, headers: { 'accept-language': 'en-US' } });
      expect(page.body).toContain('This payment is closed');
      expect(page.body).not.toContain('sandbox-pay');
      const confirm = await h.ctx.app.inject({ method: 'POST', url: `${pagePath}/confirm` });
      expect(confirm.statusCode).toBe(409);
      expect(confirm.body).toContain('This payment is closed');
      const before = h.deliveries.length;
      await h.ctx.app.jobs.runDue();
      expect(h.deliveries.length).toBe(before);
      const zh = await h.ctx.app.inject({ url: pagePath, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body).toContain('该支付已关闭');
      return (await h.call(user, 'GET', `/order/${orderId}/detail`)).body.data;
    };

    it('paid by balance', async () => {
      const buyer = await h.user();
      await h.fund(buyer, 100);
      const placed = await order(buyer);
      const pagePath = await openQr(buyer, placed.id);
      expect((await pay(buyer, placed.id)).statusCode).toBe(200);
      expect(await refusesPayment(buyer, placed.id, pagePath)).toMatchObject({
        status: 'paid',
        paymentMethod: 'balance',
      });
      expect(await balance(buyer)).toBe(10_000n - 1_999n);
    });

    it('cancelled by the customer', async () => {
      const buyer = await h.user();
      const placed = await order(buyer);
      const pagePath = await openQr(buyer, placed.id);
      await h.call(buyer, 'POST', `/order/${placed.id}/cancel`);
      expect(await refusesPayment(buyer, placed.id, pagePath)).toMatchObject({ status: 'cancelled' });
    });

    it('closed by time', async () => {
      const buyer = await h.user();
      const recharge = await h.call(buyer, 'POST', '/recharge/create', { amountYuan: 7, method: 'qr' });
      const pagePath = await openQr(buyer, recharge.body.data.id);
      await closeByTime();
      expect(await refusesPayment(buyer, recharge.body.data.id, pagePath)).toMatchObject({ status: 'cancelled' });
      expect(await balance(buyer)).toBe(0n);
    });

    it('a payment the gateway opened while the order was cancelled, or while another call stored its own', async () => {
      const buyer = await h.user();
      const tradesOf = async (orderNo: string) =>
        (await h.ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.outTradeNo, orderNo)))
          .map((p) => p.status)
          .sort();
      const cancelled = await order(buyer);
      h.whileGatewayOpens = async () => {
        h.whileGatewayOpens = undefined;
        await h.call(buyer, 'POST', `/order/${cancelled.id}/cancel`);
      };
      expect((await h.call(buyer, 'POST', `/order/${cancelled.id}/pay-by-qr`)).body.error).toBe('ORDER_CLOSED');
      await h.ctx.app.jobs.runDue();
      expect(await tradesOf(cancelled.orderNo)).toEqual(['closed']);

      const raced = await order(buyer);
      let stored: string | undefined;
      h.whileGatewayOpens = async () => {
        h.whileGatewayOpens = undefined;
        stored = (await h.call(buyer, 'POST', `/order/${raced.id}/pay-by-qr`)).body.data.payUrl;
      };
      const answer = await h.call(buyer, 'POST', `/order/${raced.id}/pay-by-qr`);
      expect(answer.body.data.payUrl).toBe(stored);
      await h.ctx.app.jobs.runDue();
      expect(await tradesOf(raced.orderNo)).toEqual(['closed', 'waiting']);
      const page = await h.ctx.app.inject({ url: new URL(stored!).pathname });
      expect(page.body).toContain('sandbox-pay');
    });

    it('an order still waiting keeps its trade payable', async () => {
      const buyer = await h.user();
      const placed = await order(buyer);
      const pagePath = await openQr(buyer, placed.id);
      await h.ctx.app.jobs.runDue();
      const page = await h.ctx.app.inject({ url: pagePath, headers: { 'accept-language': 'en-US' } });
      expect(page.body).toContain('sandbox-pay');
      expect(page.body).not.toContain('This payment is closed');
    });
  });

  describe('the Idempotency-Key header', () => {
    const payWith = async (headers: Record<string, string>) => {
      const buyer = await h.user();
      await h.fund(buyer, 100);
      const placed = await order(buyer);
      const res = await h.call(buyer, 'POST', `/order/${placed.id}/pay-by-balance`, undefined, headers);
      return { res, buyer };
    };
    const refusedWith = async (headers: Record<string, string>, message: string) => {
      const { res, buyer } = await payWith(headers);
      expect(res.statusCode, res.text).toBe(400);
      expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', fields: { 'idempotency-key': message } });
      expect(await balance(buyer)).toBe(10_000n);
    };
    const invalid = 'The Idempotency-Key header is 1 to 64 letters, digits or _ . : -';

    it('accepts 1 and 64 characters of letters, digits and _ . : -', async () => {
      for (const key of ['k', `${'a'.repeat(60)}_.:-`]) {
        const { res } = await payWith({ 'idempotency-key': key });
        expect(res.statusCode, res.text).toBe(200);
      }
    });

    it('refuses 65 characters, a space, 8,000 characters and an absent header with 400 and a field message', async () => {
      await refusedWith({ 'idempotency-key': 'a'.repeat(65) }, invalid);
      await refusedWith({ 'idempotency-key': 'a b' }, invalid);
      await refusedWith({ 'idempotency-key': 'é' }, invalid);
      await refusedWith({ 'idempotency-key': 'a'.repeat(8_000) }, invalid);
      await refusedWith({}, 'The Idempotency-Key header is required');
      const { res } = await payWith({ 'idempotency-key': 'a b', 'accept-language': 'zh-CN' });
      expect(res.body.fields?.['idempotency-key']).toMatch(/Idempotency-Key 请求头/);
    });

    it('is published in OpenAPI as a required header of pay-by-balance, and of no other call', async () => {
      const doc = (await h.ctx.app.inject({ url: '/api/docs/json' })).json();
      const withKey: string[] = [];
      type Parameter = { in: string; name: string };
      const paths = doc.paths as Record<string, Record<string, { parameters?: Parameter[] }>>;
      for (const [path, methods] of Object.entries(paths)) {
        for (const [method, op] of Object.entries(methods)) {
          const header = (op.parameters ?? []).find(
            (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
          );
          if (header) {
            expect(header).toMatchObject({ required: true, schema: { maxLength: 64 } });
            withKey.push(`${method.toUpperCase()} ${path}`);
          }
        }
      }
      expect(withKey).toEqual(['POST /api/order/{id}/pay-by-balance']);
    });
  });

  it('answers closeAt while an order waits, and null once it is paid, cancelled or closed by time', async () => {
    const buyer = await h.user();
    await h.fund(buyer, 100);
    const detail = async (id: number) => (await h.call(buyer, 'GET', `/order/${id}/detail`)).body.data;
    const waiting = await order(buyer);
    expect(waiting.closeAt).toBe(h.ctx.clock.now.getTime() + 30 * 60_000);
    const byBalance = await order(buyer);
    expect((await pay(buyer, byBalance.id)).body.data.closeAt).toBeNull();
    const cancelled = await order(buyer);
    expect((await h.call(buyer, 'POST', `/order/${cancelled.id}/cancel`)).body.data.closeAt).toBeNull();
    const byQr = await order(buyer);
    await openQr(buyer, byQr.id);
    await notify(await paidNotification(byQr.id, randomUUID()));
    expect(await detail(byQr.id)).toMatchObject({ status: 'paid', closeAt: null });
    expect((await detail(waiting.id)).closeAt).toBe(waiting.closeAt);
    await closeByTime();
    expect(await detail(waiting.id)).toMatchObject({ status: 'cancelled', closeAt: null });
    const list = (await h.call(buyer, 'GET', '/order/list?kind=package')).body.data.list as { closeAt: unknown }[];
    expect(list.map((o) => o.closeAt)).toEqual([null, null, null, null]);
  });

  it('says what is wrong with a recharge amount that is not a number, in both languages', async () => {
    const buyer = await h.user();
    for (const amountYuan of ['10', 'abc', true, [10]]) {
      const res = await h.call(buyer, 'POST', '/recharge/create', { amountYuan, method: 'qr' });
      expect(res.statusCode, JSON.stringify(amountYuan)).toBe(400);
      expect(res.body.fields).toEqual({ amountYuan: 'Enter the amount as a whole number of CNY, at least 1' });
    }
    const zh = await h.call(
      buyer,
      'POST',
      '/recharge/create',
      { amountYuan: '10', method: 'qr' },
      {
        'accept-language': 'zh-CN',
      },
    );
    expect(zh.body.fields).toEqual({ amountYuan: '请输入整数金额（元），至少 1 元' });
    const missing = await h.call(buyer, 'POST', '/recharge/create', { method: 'qr' });
    expect(missing.body.fields).toEqual({ amountYuan: 'Input cannot be empty' });
    expect((await h.call(buyer, 'GET', '/order/list?kind=recharge')).body.data.total).toBe(0);
  });

  it('keeps every order paid at most once across the whole run', async () => {
    const paidTwice = await h.ctx.database.db
      .select({ orderId: balanceLedger.orderId, n: sql<number>`count(*)::int` })
      .from(balanceLedger)
      .innerJoin(orders, eq(orders.id, balanceLedger.orderId))
      .where(eq(balanceLedger.kind, 'payment'))
      .groupBy(balanceLedger.orderId)
      .having(sql`count(*) > 1`);
    expect(paidTwice).toEqual([]);
  });
});
