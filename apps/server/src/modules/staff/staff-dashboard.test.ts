import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff } from '../../../test/fixtures/staff';
import { addDomain } from '../../../test/fixtures/traffic';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { certificateApplications, domains, orders, packages, realNameAttempts, tickets, users } from '../../db/schema';

/**
 * The staff's start page on an installation of its own, so every figure is exact: today and the last seven days are
 * UTC+8 calendar days, and each count has a row just inside and one just outside what it counts.
 */
describe.each(dbKinds)('the staff dashboard on %s', (kind) => {
  let ctx: TestContext;
  let customer: TestUser;
  // Noon in UTC+8 on 2026-06-15: today began at 16:00 UTC the day before, the seven days six days before that.
  const now = new Date('2026-06-15T04:00:00.000Z');
  const todayStart = new Date('2026-06-14T16:00:00.000Z');
  const weekStart = new Date('2026-06-08T16:00:00.000Z');
  const before = (at: Date) => new Date(at.getTime() - 1);

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    ctx.clock.now = now;
    const db = ctx.database.db;
    const joined = [todayStart, before(todayStart), weekStart, before(weekStart)];
    const customers = [];
    for (const createdAt of joined) {
      const user = await createTestUser(ctx);
      await db.update(users).set({ createdAt }).where(eq(users.id, user.id));
      customers.push(user);
    }
    customer = customers[0]!;

    // A package order names its package (a check of the table).
    const [pkg] = await db
      .insert(packages)
      .values({
        code: 'dashboard',
        type: 'traffic',
        name: 'p',
        nameZh: 'p',
        spec: 's',
        specZh: 's',
        priceFen: 100n,
        validityMonths: 1,
      })
      .returning({ id: packages.id });
    let seq = 0;
    const order = (
      kind: 'package' | 'recharge',
      amountFen: bigint,
      status: 'paid' | 'refunded' | 'unpaid' | 'cancelled',
      paidAt: Date | null,
      paymentMethod: 'qr' | 'bank_transfer' = 'qr',
    ) => ({
      orderNo: `D${++seq}`,
      userId: customer.id,
      kind,
      packageId: kind === 'package' ? pkg!.id : null,
      productName: 'p',
      productNameZh: 'p',
      amountFen,
      status,
      paymentMethod,
      paidAt,
      ...(paymentMethod === 'bank_transfer' ? { transferReference: `REF${seq}` } : {}),
    });
    await db
      .insert(orders)
      .values([
        order('package', 100n, 'paid', todayStart),
        order('package', 50n, 'refunded', now),
        order('package', 200n, 'paid', weekStart),
        order('package', 400n, 'paid', before(weekStart)),
        order('recharge', 7n, 'paid', before(todayStart)),
        order('recharge', 500n, 'unpaid', null, 'bank_transfer'),
        order('recharge', 600n, 'cancelled', null, 'bank_transfer'),
        order('package', 800n, 'unpaid', null),
      ]);

    const ticket = (status: 'processing' | 'appeal' | 'completed', urgency: 'impact' | 'unavailable', at: Date) => ({
      ticketNo: `T${++seq}`,
      userId: customer.id,
      product: 'cdn' as const,
      urgency,
      title: `${status} ${urgency}`,
      description: 'd',
      status,
      createdAt: at,
    });
    await db
      .insert(tickets)
      .values([
        ticket('processing', 'unavailable', now),
        ticket('appeal', 'impact', weekStart),
        ticket('completed', 'unavailable', before(weekStart)),
      ]);

    const attempt = (status: 'pending' | 'passed') => ({
      userId: customer.id,
      realNameSealed: 's',
      idNumberSealed: 's',
      realNameMasked: 'm',
      idNumberMasked: 'm',
      status,
      provider: 'sandbox',
    });
    await db.insert(realNameAttempts).values([attempt('pending'), attempt('passed')]);

    const states = [
      ['whole', 'under_review', true],
      ['part', 'under_review', false],
      ['broken', 'abnormal', false],
      ['fine', 'enabled', true],
    ] as const;
    for (const [name, status, wholeSite] of states) {
      const id = await addDomain(db, customer.id, `${name}.dashboard.example.com`);
      await db.update(domains).set({ status, wholeSite }).where(eq(domains.id, id));
    }
    await db.insert(certificateApplications).values([
      { userId: customer.id, domainNames: ['a.example.com'], keyType: 'ECC', status: 'failed' },
      { userId: customer.id, domainNames: ['b.example.com'], keyType: 'RSA', status: 'pending' },
    ]);
  });
  afterAll(() => ctx.close());

  it('counts customers, revenue, waiting tickets and reviews, transfers, abnormal domains and failed applications', async () => {
    const reader = await createTestStaff(ctx, 'operations');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: reader.headers });
    expect(res.statusCode).toBe(200);
    const { tickets: waiting, ...rest } = res.json().data;
    expect(rest).toEqual({
      customers: { total: 4, newToday: 1, newLast7Days: 3 },
      revenue: {
        paidOrders: { todayFen: '150', last7DaysFen: '350' },
        recharges: { todayFen: '0', last7DaysFen: '7' },
      },
      reviews: { realName: 1, wholeSiteDomains: 1 },
      bankTransfersWaiting: 1,
      domainsAbnormal: 1,
      certificateApplicationsFailed: 1,
      edgeNodes: [],
    });
    expect(waiting.waiting).toBe(2);
    expect(waiting.byUrgency).toEqual({ consultation: 0, experience: 0, impact: 1, unavailable: 1 });
    expect(waiting.oldest.map((t: { title: string; userName: string; createdAt: number }) => t.title)).toEqual([
      'appeal impact',
      'processing unavailable',
    ]);
    expect(waiting.oldest[0]).toMatchObject({ userName: customer.userName, createdAt: weekStart.getTime() });
  });
});
