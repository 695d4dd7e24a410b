import { limits } from '@edgeward/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import {
  balanceLedger,
  certificates,
  domains,
  loginLog,
  operationLog,
  orders,
  sessions,
  staffAuditLog,
  tickets,
  userPackages,
  users,
  userTwoFactor,
} from '../../db/schema';
import { createPasswordHasher } from '../../secrets/password-hasher';

describe.each(dbKinds)('the customers in the operator console on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestStaff;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await createTestStaff(ctx, 'admin');
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as: TestStaff = admin) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: as.headers, ...(payload ? { payload } : {}) });

  it('finds customers by name, email and id, and shows an account', async () => {
    const user = await createTestUser(ctx);
    for (const search of [user.userName.slice(2, 8), `${user.userName}@example`, String(user.id)]) {
      const found = (await call('GET', `/admin/customers?search=${encodeURIComponent(search)}`)).json().data;
      expect(
        found.list.map((c: { id: number }) => c.id),
        search,
      ).toContain(user.id);
    }
    const none = (await call('GET', '/admin/customers?search=zz-nobody-zz')).json().data;
    expect(none).toMatchObject({ total: 0, list: [] });
    const detail = (await call('GET', `/admin/customers/${user.id}`)).json().data;
    expect(detail).toMatchObject({ id: user.id, userName: user.userName, twoFactorEnabled: false, openSessions: 1 });
    expect(detail.permissions.length).toBeGreaterThan(0);
    expect((await call('GET', '/admin/customers/999999')).statusCode).toBe(404);
    const tooLong = await call('GET', `/admin/customers?search=${'x'.repeat(limits.domain.nameMax + 1)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it("sets the menus and a permission, the customer's next calls see it, and both are audited", async () => {
    const user = await createTestUser(ctx);
    expect((await call('PUT', `/admin/customers/${user.id}/cdn-type`, { cdnType: 'eo' })).statusCode).toBe(200);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: user.headers });
    expect(profile.json().data.cdnType).toBe('eo');

    const revoke = await call('PUT', `/admin/customers/${user.id}/permissions`, {
      permissionId: 'key',
      actionList: [],
    });
    expect(revoke.statusCode).toBe(200);
    const keys = await ctx.app.inject({ method: 'GET', url: '/api/key/list', headers: user.headers });
    expect(keys.statusCode).toBe(403);
    await call('PUT', `/admin/customers/${user.id}/permissions`, { permissionId: 'key', actionList: ['query'] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/key/list', headers: user.headers })).statusCode).toBe(200);
    const bad = await call('PUT', `/admin/customers/${user.id}/permissions`, { permissionId: 'root', actionList: [] });
    expect(bad.statusCode).toBe(400);

    const log = await ctx.database.db.select().from(operationLog).where(eq(operationLog.userId, user.id));
    expect(log.filter((l) => l.action === 'account.permissions').map((l) => l.actor)).toEqual(['operator', 'operator']);
    const audits = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.customerId, user.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'customer.cdnType',
      'customer.permission',
      'customer.permission',
    ]);
  });

  it('turns two-factor off once with a reason, and issues a one-time simulation link', async () => {
    const user = await createTestUser(ctx);
    expect(
      (await call('POST', `/admin/customers/${user.id}/two-factor-off`, { reason: 'lost phone' })).json().error,
    ).toBe('TWO_FACTOR_NOT_ENABLED');
    await ctx.database.db
      .insert(userTwoFactor)
      .values({ userId: user.id, secretSealed: 'x', enabledAt: ctx.clock.now });
    expect((await call('POST', `/admin/customers/${user.id}/two-factor-off`, { reason: '' })).statusCode).toBe(400);
    expect(
      (await call('POST', `/admin/customers/${user.id}/two-factor-off`, { reason: 'lost phone' })).statusCode,
    ).toBe(200);
    const support = await createTestStaff(ctx, 'support');
    const link = (
      await call('POST', `/admin/customers/${user.id}/simulation`, { reason: 'ticket TK1' }, support)
    ).json().data;
    expect(link.path).toBe(`/user/login/${link.token}`);
    const signIn = await ctx.app.inject({ method: 'POST', url: `/api/user/simulation/${link.token}` });
    expect(signIn.json().data.token).toEqual(expect.any(String));
    // The customer's console shows a banner while simulated: the profile says which session it is.
    const profileOf = async (authorization: string) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization } })).json().data;
    expect((await profileOf(signIn.json().data.token)).simulated).toBe(true);
    expect((await profileOf(user.token)).simulated).toBe(false);
    const twice = await ctx.app.inject({ method: 'POST', url: `/api/user/simulation/${link.token}` });
    expect(twice.statusCode).toBe(400);
    // Support may open a simulation but not change the account.
    expect((await call('PUT', `/admin/customers/${user.id}/cdn-type`, { cdnType: 'all' }, support)).statusCode).toBe(
      403,
    );
  });

  it('disables an account: its sessions end and neither its password nor a new session opens it, until enabled', async () => {
    const user = await createTestUser(ctx);
    const password = 'Disable-me-123';
    const passwordHash = await createPasswordHasher(ctx.config.passwordHashing).hash(password);
    await ctx.database.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    const login = () =>
      ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: user.userName, password } });
    const profile = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    const other = (await login()).json().data.token as string;

    expect((await call('POST', `/admin/customers/${user.id}/disable`, { reason: '' })).statusCode).toBe(400);
    const support = await createTestStaff(ctx, 'support');
    const byRole = await call('POST', `/admin/customers/${user.id}/disable`, { reason: 'fraud' }, support);
    expect(byRole.statusCode).toBe(403);
    expect((await profile(user.headers)).statusCode).toBe(200);

    expect((await call('POST', `/admin/customers/${user.id}/disable`, { reason: 'chargeback fraud' })).statusCode).toBe(
      200,
    );
    expect((await profile(user.headers)).statusCode).toBe(401);
    expect((await profile({ authorization: other })).statusCode).toBe(401);
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ACCOUNT_DISABLED');
    const [logged] = await ctx.database.db
      .select({ reason: loginLog.reason })
      .from(loginLog)
      .where(and(eq(loginLog.userId, user.id), eq(loginLog.result, 'failure')));
    expect(logged?.reason).toBe('account_disabled');
    // A wrong password is told nothing more than anyone's.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: user.userName, password: 'Not-the-one-1' },
    });
    expect(wrong.json().error).toBe('LOGIN_FAILED');
    const detail = (await call('GET', `/admin/customers/${user.id}`)).json().data;
    expect(detail).toMatchObject({
      disabledAt: ctx.clock.now.getTime(),
      disabledReason: 'chargeback fraud',
      openSessions: 0,
    });
    const listed = (await call('GET', `/admin/customers?search=${user.userName}`)).json().data.list[0];
    expect(listed.disabledAt).toBe(ctx.clock.now.getTime());
    // A session opened meanwhile (a race with the disable) opens nothing either.
    const { token: raced } = await ctx.app.sessions.open(user.id, {});
    expect((await profile({ authorization: raced })).statusCode).toBe(401);
    const link = await call('POST', `/admin/customers/${user.id}/simulation`, { reason: 'look' });
    expect(link.json().error).toBe('ACCOUNT_DISABLED');

    const twice = await call('POST', `/admin/customers/${user.id}/disable`, { reason: 'again' });
    expect(twice.json().error).toBe('CUSTOMER_ALREADY_DISABLED');

    expect((await call('POST', `/admin/customers/${user.id}/enable`, { reason: '' })).statusCode).toBe(400);
    expect((await call('POST', `/admin/customers/${user.id}/enable`, { reason: 'cleared' })).statusCode).toBe(200);
    expect((await call('POST', `/admin/customers/${user.id}/enable`, { reason: 'cleared' })).json().error).toBe(
      'CUSTOMER_NOT_DISABLED',
    );
    expect((await profile(user.headers)).statusCode).toBe(401);
    const back = await login();
    expect(back.statusCode).toBe(200);
    expect((await profile({ authorization: back.json().data.token })).statusCode).toBe(200);
    expect((await call('GET', `/admin/customers/${user.id}`)).json().data).toMatchObject({
      disabledAt: null,
      disabledReason: null,
    });
    const audits = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.customerId, user.id));
    expect(audits.map((a) => [a.action, a.reason])).toEqual([
      ['customer.disable', 'chargeback fraud'],
      ['customer.enable', 'cleared'],
    ]);
    expect((await call('POST', '/admin/customers/999999/disable', { reason: 'x' })).statusCode).toBe(404);
  });

  it("sums up a customer's business: balance, orders, packages, domains, certificates, tickets, keys", async () => {
    const user = await createTestUser(ctx);
    const empty = (await call('GET', `/admin/customers/${user.id}`)).json().data.summary;
    expect(empty).toEqual({
      balanceFen: '0',
      orders: 0,
      packagesInForce: 0,
      domains: 0,
      domainsAbnormal: 0,
      certificates: 0,
      openTickets: 0,
      apiKeys: 0,
    });
    const key = await ctx.app.inject({ method: 'POST', url: '/api/key/create', headers: user.headers, payload: {} });
    expect(key.statusCode).toBe(200);
    const stranger = await createTestUser(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/key/create', headers: stranger.headers, payload: {} });
    expect((await call('GET', `/admin/customers/${user.id}`)).json().data.summary.apiKeys).toBe(1);
  });

  /** One row of each list of the customer's page, each naming `tag` and the customer's id. */
  async function business(user: TestUser, tag: string) {
    const db = ctx.database.db;
    const at = ctx.clock.now;
    const [order] = await db
      .insert(orders)
      .values({
        orderNo: `O${tag}${user.id}`,
        userId: user.id,
        kind: 'recharge',
        productName: `Recharge ${tag}`,
        productNameZh: `充值 ${tag}`,
        amountFen: 1_999n,
        status: 'paid',
        paymentMethod: 'balance',
        paidAt: at,
      })
      .returning({ id: orders.id });
    await db.insert(userPackages).values({
      userId: user.id,
      orderId: order!.id,
      type: 'traffic',
      name: `Package ${tag}`,
      nameZh: `套餐 ${tag}`,
      spec: '100 GB',
      specZh: '100 GB',
      quota: 100n * 2n ** 30n,
      effectiveAt: at,
      expiresAt: new Date(at.getTime() + 30 * 86_400_000),
    });
    await db
      .insert(balanceLedger)
      .values({ userId: user.id, kind: 'credit', amountFen: 500n, balanceAfterFen: 500n, note: `note ${tag}` });
    await db
      .insert(domains)
      .values({ userId: user.id, domainName: `${tag}${user.id}.example.com`, type: 'web', status: 'abnormal' });
    await db.insert(certificates).values({
      userId: user.id,
      name: `cert ${tag}`,
      source: 'uploaded',
      certificatePem: 'pem',
      privateKeySealed: 'sealed',
      commonName: `${tag}.example.com`,
      dnsNames: [`${tag}.example.com`],
      subject: 'CN',
      issuer: 'CN',
      issuerName: 'Test CA',
      keyType: 'ECC',
      keyBits: 256,
      notBefore: at,
      notAfter: new Date(at.getTime() + 90 * 86_400_000),
      fingerprint256: `fp-${tag}-${user.id}`,
      serialNumber: '01',
    });
    await db.insert(tickets).values({
      ticketNo: `T${tag}${user.id}`,
      userId: user.id,
      product: 'cdn',
      urgency: 'impact',
      title: `Ticket ${tag}`,
      description: 'down',
      status: 'processing',
    });
    await db.insert(loginLog).values({
      userId: user.id,
      userName: user.userName,
      ip: '192.0.2.7',
      userAgent: `agent ${tag}`,
      result: 'failure',
      reason: 'account_disabled',
    });
    await db.insert(operationLog).values({
      userId: user.id,
      actor: 'operator',
      action: 'domain.review',
      targetType: 'domain',
      targetName: `target ${tag}`,
    });
  }

  /** Each list of the customer's page with the text that names its row. */
  const lists: [string, (row: Record<string, unknown>) => unknown][] = [
    ['orders', (r) => r.orderNo],
    ['packages', (r) => r.name],
    ['statement', (r) => r.note],
    ['domains', (r) => r.domainName],
    ['certificates', (r) => r.name],
    ['tickets', (r) => r.ticketNo],
    ['login-log', (r) => r.userAgent],
    ['operation-log', (r) => r.targetName],
  ];

  it("lists the customer's orders, packages, statement, domains, certificates, tickets, sign-ins and operations, theirs only", async () => {
    const [mine, other] = [await createTestUser(ctx), await createTestUser(ctx)];
    await business(mine, 'mine');
    await business(other, 'other');
    for (const [list, name] of lists) {
      const page = (await call('GET', `/admin/customers/${mine.id}/${list}`)).json().data;
      const names = page.list.map(name).join(' | ');
      expect(page, list).toMatchObject({ total: 1, page: 1, size: limits.page.defaultSize });
      expect(names, list).toContain('mine');
      expect(names, list).not.toContain('other');
      const empty = (await call('GET', `/admin/customers/${(await createTestUser(ctx)).id}/${list}`)).json().data;
      expect(empty, list).toMatchObject({ list: [], total: 0 });
      expect((await call('GET', `/admin/customers/999999/${list}`)).statusCode, list).toBe(404);
    }
    const orderRow = (await call('GET', `/admin/customers/${mine.id}/orders`)).json().data.list[0];
    expect(orderRow).toMatchObject({ userId: mine.id, userName: mine.userName, amountFen: '1999', status: 'paid' });
    const domain = (await call('GET', `/admin/customers/${mine.id}/domains`)).json().data.list[0];
    expect(domain).toEqual({
      id: expect.any(Number),
      domainName: `mine${mine.id}.example.com`,
      variant: 'cdn',
      type: 'web',
      status: 'abnormal',
      createdAt: expect.any(Number),
    });
    const login = (await call('GET', `/admin/customers/${mine.id}/login-log`)).json().data.list[0];
    expect(login).toMatchObject({ result: 'failure', reason: 'account_disabled', ip: '192.0.2.7' });
    const operation = (await call('GET', `/admin/customers/${mine.id}/operation-log`)).json().data.list[0];
    expect(operation.actor).toEqual({ kind: 'operator' });
    const pkg = (await call('GET', `/admin/customers/${mine.id}/packages`)).json().data.list[0];
    expect(pkg).toMatchObject({ type: 'traffic', quota: String(100n * 2n ** 30n), state: 'active' });
  });

  it("lists the customer's open sessions, newest first: not another's, not a revoked or an expired one", async () => {
    const [mine, other] = [await createTestUser(ctx), await createTestUser(ctx)];
    const [login] = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, mine.id));
    ctx.clock.advance(1_000);
    const simulated = await ctx.app.sessions.open(mine.id, {
      kind: 'simulation',
      ip: '192.0.2.9',
      userAgent: 'agent simulated',
    });
    const revoked = await ctx.app.sessions.open(mine.id, { ip: '192.0.2.10' });
    await ctx.app.sessions.revoke(revoked.sessionId);
    const [expired] = await ctx.database.db
      .insert(sessions)
      .values({
        userId: mine.id,
        tokenHash: `expired-${mine.id}`,
        createdAt: new Date(ctx.clock.now.getTime() - 2_000),
        expiresAt: new Date(ctx.clock.now.getTime() - 1),
      })
      .returning({ id: sessions.id });

    const page = (await call('GET', `/admin/customers/${mine.id}/sessions`)).json().data;
    expect(page).toMatchObject({ total: 2, page: 1, size: limits.page.defaultSize });
    expect(page.list.map((s: { id: number }) => s.id)).toEqual([simulated.sessionId, login!.id]);
    const at = ctx.clock.now.getTime();
    // What the customer's own console lists, with the expiry; never the token's hash.
    expect(page.list[0]).toEqual({
      id: simulated.sessionId,
      kind: 'simulation',
      ip: '192.0.2.9',
      userAgent: 'agent simulated',
      createdAt: at,
      lastSeenAt: at,
      expiresAt: at + limits.account.sessionAbsoluteMs,
    });
    expect(page.list[1]).toMatchObject({ kind: 'login', ip: null });
    const ids = page.list.map((s: { id: number }) => s.id);
    expect(ids).not.toContain(revoked.sessionId);
    expect(ids).not.toContain(expired!.id);
    const [theirs] = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, other.id));
    expect(ids).not.toContain(theirs!.id);
    // The account's count of open sessions says the same.
    expect((await call('GET', `/admin/customers/${mine.id}`)).json().data.openSessions).toBe(2);

    const second = (await call('GET', `/admin/customers/${mine.id}/sessions?page=2&size=1`)).json().data;
    expect(second).toMatchObject({ total: 2, page: 2, size: 1, list: [{ id: login!.id }] });
    expect((await call('GET', '/admin/customers/999999/sessions')).statusCode).toBe(404);
    const operations = await createTestStaff(ctx, 'operations');
    const refused = await call('GET', `/admin/customers/${mine.id}/sessions`, undefined, operations);
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'FORBIDDEN']);
  });

  it("pages the customer's lists within the page limits, and refuses a role without customers.read", async () => {
    const user = await createTestUser(ctx);
    const db = ctx.database.db;
    await db.insert(domains).values(
      [1, 2, 3].map((n) => ({
        userId: user.id,
        domainName: `p${n}-${user.id}.example.com`,
        type: 'web' as const,
        status: 'enabled' as const,
        createdAt: new Date(ctx.clock.now.getTime() + n * 1000),
      })),
    );
    const page = async (query: string) => call('GET', `/admin/customers/${user.id}/domains?${query}`);
    const second = (await page('page=2&size=2')).json().data;
    expect(second).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(second.list.map((d: { domainName: string }) => d.domainName)).toEqual([`p1-${user.id}.example.com`]);
    expect((await page('page=1&size=1')).json().data.list[0].domainName).toBe(`p3-${user.id}.example.com`);
    expect((await page('page=3&size=2')).json().data).toMatchObject({ total: 3, list: [] });
    expect((await page(`size=${limits.page.maxSize}`)).statusCode).toBe(200);
    for (const bad of ['size=0', `size=${limits.page.maxSize + 1}`, 'page=0', 'size=x']) {
      expect((await page(bad)).statusCode, bad).toBe(400);
    }
    expect((await call('GET', '/admin/customers/0/domains')).statusCode).toBe(400);

    const operations = await createTestStaff(ctx, 'operations');
    for (const [list] of lists) {
      const refused = await call('GET', `/admin/customers/${user.id}/${list}`, undefined, operations);
      expect([list, refused.statusCode, refused.json().error]).toEqual([list, 403, 'FORBIDDEN']);
    }
    for (const role of ['support', 'finance', 'reviewer'] as const) {
      const member = await createTestStaff(ctx, role);
      expect((await call('GET', `/admin/customers/${user.id}/orders`, undefined, member)).statusCode, role).toBe(200);
    }
  });
});
