import { formatUtc8, limits } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCommand } from '../../../test/fixtures/operator';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { createTestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { orders, staff, staffAuditLog, tickets } from '../../db/schema';
import { opsActor } from '../../lib/staff-audit';
import { createPasswordHasher } from '../../secrets/password-hasher';
import { createStaffMembersService } from './staff-members.service';

describe.each(dbKinds)('staff management on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestStaff;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    admin = await createTestStaff(ctx, 'admin');
  });
  afterAll(() => ctx.close());

  async function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { as?: TestStaff; body?: object; lang?: string } = {},
  ) {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      remoteAddress: '10.20.0.1',
      headers: { 'accept-language': options.lang ?? 'en-US', authorization: (options.as ?? admin).token },
      ...(options.body ? { payload: options.body } : {}),
    });
    return {
      status: res.statusCode,
      headers: res.headers,
      body: String(res.headers['content-type']).includes('json') ? res.json() : res.body,
    };
  }

  const members = () =>
    createStaffMembersService({
      db: ctx.database.db,
      now: () => ctx.clock.now,
      passwords: createPasswordHasher(ctx.config.passwordHashing),
    });

  it('adds a member whose password, shown once, signs in; a name is taken once', async () => {
    const created = await call('POST', '/admin/staff', { body: { userName: 'newsupport', role: 'support' } });
    expect(created.status).toBe(200);
    const { id, password } = created.body.data;
    expect(password).toMatch(new RegExp(`^[A-Za-z2-9]{${limits.staff.generatedPasswordLength}}$`));
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { userName: 'newsupport', password },
    });
    expect(login.json().data.twoFactorSetup).toBeDefined();
    const list = await call('GET', '/admin/staff');
    expect(list.body.data.find((m: { id: number }) => m.id === id)).toMatchObject({
      userName: 'newsupport',
      role: 'support',
      disabled: false,
      twoFactorEnabled: false,
    });
    expect(JSON.stringify(list.body.data)).not.toContain(password);
    const again = await call('POST', '/admin/staff', {
      body: { userName: 'newsupport', role: 'admin' },
      lang: 'zh-CN',
    });
    expect(again.body).toMatchObject({ code: 409, error: 'STAFF_NAME_TAKEN', message: '该名称的工作人员已存在' });
    const badRole = await call('POST', '/admin/staff', { body: { userName: 'another', role: 'owner' } });
    expect(badRole.body.fields.role).toBe('Choose a role');
  });

  it('changes a role, disables with a reason (ending the sessions) and enables again, all audited', async () => {
    const member = await createTestStaff(ctx, 'finance');
    expect((await call('PUT', `/admin/staff/${member.id}/role`, { body: { role: 'reviewer' } })).status).toBe(200);
    const me = await call('GET', '/admin/me', { as: member });
    expect(me.body.data.role).toBe('reviewer');

    const noReason = await call('POST', `/admin/staff/${member.id}/disable`, { body: { reason: ' ' } });
    expect(noReason.body.fields.reason).toBe('Give a reason');
    const tooLong = await call('POST', `/admin/staff/${member.id}/disable`, {
      body: { reason: 'x'.repeat(limits.staffAudit.reasonMax + 1) },
    });
    expect(tooLong.body.fields.reason).toBe('The reason may be at most 500 characters');
    const reason = 'y'.repeat(limits.staffAudit.reasonMax);
    expect((await call('POST', `/admin/staff/${member.id}/disable`, { body: { reason } })).status).toBe(200);
    expect((await call('GET', '/admin/me', { as: member })).status).toBe(401);
    expect((await call('POST', `/admin/staff/${member.id}/enable`)).status).toBe(200);

    const audit = await call('GET', `/admin/audit?staffName=${admin.userName}&size=100`);
    const ofMember = audit.body.data.list.filter((e: { targetId: string }) => e.targetId === String(member.id));
    expect(ofMember.map((e: { action: string }) => e.action)).toEqual([
      'staff.enable',
      'staff.disable',
      'staff.changeRole',
    ]);
    expect(ofMember[1]).toMatchObject({ reason, address: '10.20.0.1', staffId: admin.id, after: { disabled: true } });
    expect(ofMember[2]).toMatchObject({ before: { role: 'finance' }, after: { role: 'reviewer' } });
    const filtered = await call('GET', '/admin/audit?action=staff.disable');
    expect(filtered.body.data.list.every((e: { action: string }) => e.action === 'staff.disable')).toBe(true);
    const csv = await call('GET', '/admin/audit/export?action=staff.changeRole');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = formatUtc8(ctx.clock.now.getTime()).slice(0, 10).replaceAll('-', '');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="staff-audit-${day}.csv"`);
    const [header, row, ...rest] = String(csv.body).split('\r\n');
    expect(header).toBe(
      'time (UTC+8),staff,action,target type,target id,target name,customer id,before,after,reason,address',
    );
    // The one change of role so far, as the log holds it: no customer, no reason, before and after as JSON.
    expect(row).toBe(
      `${formatUtc8(ofMember[2].createdAt)},${admin.userName},staff.changeRole,staff,${member.id},${member.userName},,"{""role"":""finance""}","{""role"":""reviewer""}",,10.20.0.1`,
    );
    expect(rest).toEqual(['']);
  });

  it('audits each change with its before and after once: a repeat changes nothing, and enabling lifts a lock', async () => {
    const db = ctx.database.db;
    const { id } = await members().create(opsActor, { userName: `audited${admin.id}`, role: 'support' });
    const service = members();
    await service.changeRole(opsActor, id, 'support');
    await service.changeRole(opsActor, id, 'finance');
    await service.disable(opsActor, id, { reason: 'left' });
    await service.disable(opsActor, id, { reason: 'again' });
    const lockedUntil = new Date(ctx.clock.now.getTime() + 60_000);
    await db.update(staff).set({ failures: 4, failuresSince: ctx.clock.now, lockedUntil }).where(eq(staff.id, id));
    await service.enable(opsActor, id);
    await service.enable(opsActor, id);
    await db.update(staff).set({ totpSecretSealed: 'sealed' }).where(eq(staff.id, id));
    await service.resetTwoFactor(opsActor, id, { reason: 'new phone' });

    const [row] = await db.select().from(staff).where(eq(staff.id, id));
    expect(row).toMatchObject({
      role: 'finance',
      disabledAt: null,
      failures: 0,
      failuresSince: null,
      lockedUntil: null,
    });
    expect(row!.totpSecretSealed).toBeNull();
    const trail = await db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetId, String(id)))
      .orderBy(staffAuditLog.id);
    expect(trail.map((a) => [a.action, a.before, a.after, a.reason, a.targetType, a.targetName])).toEqual([
      ['staff.create', null, { role: 'support' }, null, 'staff', `audited${admin.id}`],
      ['staff.changeRole', { role: 'support' }, { role: 'finance' }, null, 'staff', `audited${admin.id}`],
      ['staff.disable', { disabled: false }, { disabled: true }, 'left', 'staff', `audited${admin.id}`],
      ['staff.enable', { disabled: true }, { disabled: false }, null, 'staff', `audited${admin.id}`],
      [
        'staff.resetTwoFactor',
        { twoFactorEnabled: true },
        { twoFactorEnabled: false },
        'new phone',
        'staff',
        `audited${admin.id}`,
      ],
    ]);
  });

  it('resets two-factor with a reason: the member sets it up again and is signed out', async () => {
    const member = await createTestStaff(ctx, 'support');
    await ctx.database.db.update(staff).set({ totpSecretSealed: 'sealed' }).where(eq(staff.id, member.id));
    const res = await call('POST', `/admin/staff/${member.id}/reset_two_factor`, { body: { reason: 'lost phone' } });
    expect(res.status).toBe(200);
    const [row] = await ctx.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row!.totpSecretSealed).toBeNull();
    expect((await call('GET', '/admin/me', { as: member })).status).toBe(401);
  });

  it('refuses what a member would do to themselves, and an unknown member', async () => {
    for (const [method, path, body] of [
      ['PUT', 'role', { role: 'support' }],
      ['POST', 'disable', { reason: 'x' }],
      ['POST', 'reset_two_factor', { reason: 'x' }],
    ] as const) {
      const res = await call(method, `/admin/staff/${admin.id}/${path}`, { body });
      expect([path, res.body.error]).toEqual([path, 'STAFF_SELF']);
    }
    expect((await call('POST', '/admin/staff/999999/enable')).status).toBe(404);
  });

  it('keeps one enabled admin: the last is neither disabled nor demoted, even by two admins at once', async () => {
    const db = ctx.database.db;
    await db.update(staff).set({ disabledAt: ctx.clock.now }).where(eq(staff.role, 'admin'));
    const [a, b] = [await createTestStaff(ctx, 'admin'), await createTestStaff(ctx, 'admin')];
    const results = await Promise.all([
      call('POST', `/admin/staff/${b.id}/disable`, { as: a, body: { reason: 'race' } }),
      call('POST', `/admin/staff/${a.id}/disable`, { as: b, body: { reason: 'race' } }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // One wins; the other finds its caller disabled (401) or itself the last admin (409).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const [last] = (await db.select().from(staff).where(eq(staff.role, 'admin'))).filter((m) => !m.disabledAt);
    await expect(members().disable(opsActor, last!.id, { reason: 'x' })).rejects.toMatchObject({
      id: 'STAFF_LAST_ADMIN',
    });
    await expect(members().changeRole(opsActor, last!.id, 'support')).rejects.toMatchObject({
      id: 'STAFF_LAST_ADMIN',
    });
    // A second admin lifts the guard.
    const second = await createTestStaff(ctx, 'admin');
    await members().changeRole(opsActor, second.id, 'support');
    await members().changeRole(opsActor, second.id, 'admin');
    await expect(members().changeRole(opsActor, last!.id, 'support')).resolves.toBeNull();
    admin = second;
  });

  it('adds the first admin from the command line, named so in the audit log', async () => {
    const added = await operatorCommand(ctx.app, 'staff', 'add', 'firstadmin', '--role', 'admin');
    expect(added.code).toBe(0);
    const password = added.out.split('\n')[1]!;
    expect(password).toHaveLength(limits.staff.generatedPasswordLength);
    const short = await operatorCommand(ctx.app, 'staff', 'add', 'x', '--role', 'admin');
    expect(short.code).toBe(1);
    expect(short.err).toContain('name: ');
    expect((await operatorCommand(ctx.app, 'staff', 'add', 'someone', '--role', 'boss')).code).toBe(1);
    const listed = await operatorCommand(ctx.app, 'staff', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/firstadmin \(id \d+\): admin, two-factor not set up/);
    const audit = await call('GET', '/admin/audit?staffName=npm%20run%20ops&action=staff.create');
    expect(audit.body.data.list[0]).toMatchObject({ staffId: null, targetName: 'firstadmin', address: null });
  });

  it('counts on the dashboard what is new and what waits', async () => {
    const before = (await call('GET', '/admin/dashboard')).body.data;
    const customer = await createTestUser(ctx);
    await ctx.database.db.insert(tickets).values({
      ticketNo: `T${customer.id}`,
      userId: customer.id,
      product: 'cdn',
      urgency: 'unavailable',
      title: 'Site down',
      description: 'down',
      status: 'processing',
    });
    await ctx.database.db.insert(orders).values([
      {
        orderNo: `R${customer.id}`,
        userId: customer.id,
        kind: 'recharge',
        productName: 'r',
        productNameZh: 'r',
        amountFen: 12345n,
        status: 'paid',
        paymentMethod: 'qr',
        paidAt: ctx.clock.now,
      },
      {
        orderNo: `B${customer.id}`,
        userId: customer.id,
        kind: 'recharge',
        productName: 'r',
        productNameZh: 'r',
        amountFen: 500n,
        status: 'unpaid',
        paymentMethod: 'bank_transfer',
        transferReference: `REF${customer.id}`,
      },
    ]);
    const support = await createTestStaff(ctx, 'support');
    const after = (await call('GET', '/admin/dashboard', { as: support })).body.data;
    expect(after.customers.newToday).toBe(before.customers.newToday + 1);
    expect(after.customers.total).toBe(before.customers.total + 1);
    expect(after.tickets.waiting).toBe(before.tickets.waiting + 1);
    expect(after.tickets.byUrgency.unavailable).toBe(before.tickets.byUrgency.unavailable + 1);
    expect(after.tickets.oldest.some((t: { title: string }) => t.title === 'Site down')).toBe(true);
    expect(BigInt(after.revenue.recharges.todayFen) - BigInt(before.revenue.recharges.todayFen)).toBe(12345n);
    expect(after.bankTransfersWaiting).toBe(before.bankTransfersWaiting + 1);
  });
});
