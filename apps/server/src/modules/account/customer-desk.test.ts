import { limits } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { createTestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { operationLog, staffAuditLog, userTwoFactor } from '../../db/schema';

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
    const twice = await ctx.app.inject({ method: 'POST', url: `/api/user/simulation/${link.token}` });
    expect(twice.statusCode).toBe(400);
    // Support may open a simulation but not change the account.
    expect((await call('PUT', `/admin/customers/${user.id}/cdn-type`, { cdnType: 'all' }, support)).statusCode).toBe(
      403,
    );
  });
});
