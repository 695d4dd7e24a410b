import {
  apiKeyScheme,
  hasStaffCapability,
  type RouteDef,
  type StaffRole,
  staffCapabilities,
  staffCustomerRoutes,
  staffEdgeRoutes,
  staffFinanceRoutes,
  staffNoticeRoutes,
  staffReviewRoutes,
  staffRoleCapabilities,
  staffRoles,
  staffRoutes,
  staffTicketRoutes,
} from '@edgeward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { parseStaffAllowedIps } from '../../http/staff-address';

/** A valid request for each staff call, so that only the guard can refuse it (an unknown id answers 404, not 403). */
function requestOf(name: string, def: RouteDef, seq: number) {
  const url = `/api${def.path.replace(':id', '999999').replace(':name', 'matrix-node')}`;
  const bodies: Record<string, object> = {
    staffCreate: { userName: `matrix${seq}`, role: 'support' },
    staffChangeRole: { role: 'support' },
    staffDisable: { reason: 'matrix' },
    staffResetTwoFactor: { reason: 'matrix' },
    reply: { content: 'matrix', imageIds: [] },
    rejectDomain: { reason: 'matrix' },
    addNode: { name: `matrix-${seq}` },
    preview: { title: 'matrix', content: 'matrix' },
    setCdnType: { cdnType: 'cdn' },
    setPermission: { permissionId: 'key', actionList: [] },
    twoFactorOff: { reason: 'matrix' },
    simulate: { reason: 'matrix' },
    send: { title: 'matrix', content: 'matrix', audience: 'user', userName: 'nobody-matrix' },
    revokeNode: { reason: 'matrix' },
    approveRealName: { reason: 'matrix' },
    revokeRealName: { reason: 'matrix' },
    verifyOwnership: { domainName: 'www.matrix.example', reason: 'matrix' },
    refund: { reason: 'matrix' },
    confirmTransfer: { receivedFen: '100' },
    rejectTransfer: { reason: 'matrix' },
    addPackage: {
      code: `matrix${seq}`,
      type: 'traffic',
      name: 'Matrix',
      nameZh: 'Matrix',
      spec: '1 GB',
      specZh: '1 GB',
      priceFen: '100',
      validityMonths: 1,
    },
    editPackage: { name: 'Matrix' },
    packageSale: { onSale: true },
  };
  // The revenue statement needs its range.
  const query = name.startsWith('revenue') ? `?from=0&to=${86_400_000}` : '';
  return { method: def.method, url: `${url}${query}`, ...(bodies[name] ? { payload: bodies[name] } : {}) };
}

// Sign-out last: it ends the session the other calls use.
const guarded = (
  [
    ...Object.entries(staffRoutes),
    ...Object.entries(staffEdgeRoutes),
    ...Object.entries(staffCustomerRoutes),
    ...Object.entries(staffNoticeRoutes),
    ...Object.entries(staffTicketRoutes),
    ...Object.entries(staffReviewRoutes),
    ...Object.entries(staffFinanceRoutes),
  ] as [string, RouteDef][]
)
  .filter(([, def]) => def.auth === 'staff')
  .sort(([a], [b]) => Number(a === 'logout') - Number(b === 'logout'));

// The matrix below asks hasStaffCapability who may pass; this pins what each role holds, as issue 28 gives the roles.
it('gives each role the capabilities of its job, and the admin all of them', () => {
  expect(staffRoleCapabilities).toEqual({
    admin: staffCapabilities,
    support: ['dashboard', 'tickets', 'messages', 'customers.read', 'simulation'],
    finance: ['dashboard', 'customers.read', 'orders', 'refunds', 'transfers', 'packages', 'statements'],
    reviewer: ['dashboard', 'customers.read', 'reviews', 'ownership'],
    operations: ['dashboard', 'edge', 'republish', 'trafficImport'],
  });
  expect(hasStaffCapability('finance', 'refunds')).toBe(true);
  expect(hasStaffCapability('support', 'refunds')).toBe(false);
});

describe.each(dbKinds)('staff route access on %s', (kind) => {
  let ctx: TestContext;
  let customer: TestUser;
  const members = {} as Record<StaffRole, TestStaff>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    customer = await createTestUser(ctx);
    for (const role of staffRoles) members[role] = await createTestStaff(ctx, role);
  });
  afterAll(() => ctx.close());

  it('lets through exactly the roles whose capabilities hold each call', async () => {
    let seq = 0;
    const refused: string[] = [];
    const wrong: string[] = [];
    for (const [name, def] of guarded) {
      for (const role of staffRoles) {
        const res = await ctx.app.inject({ ...requestOf(name, def, ++seq), headers: members[role].headers });
        const allowed = !def.staffPermission || hasStaffCapability(role, def.staffPermission);
        if (allowed && [401, 403].includes(res.statusCode)) wrong.push(`${name} refused ${role}: ${res.statusCode}`);
        if (!allowed) {
          if (res.statusCode === 403 && res.json().error === 'FORBIDDEN') refused.push(`${name}:${role}`);
          else wrong.push(`${name} let ${role} through: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The matrix is not empty: every role but admin is refused somewhere.
    for (const role of staffRoles.filter((r) => r !== 'admin')) {
      expect(refused.some((r) => r.endsWith(`:${role}`))).toBe(true);
    }
  });

  it('answers 401 to a customer token, an API-key header and no token on every staff call', async () => {
    for (const [name, def] of guarded) {
      const base = requestOf(name, def, 0);
      const asCustomer = await ctx.app.inject({ ...base, headers: customer.headers });
      expect([name, asCustomer.statusCode, asCustomer.json().error]).toEqual([name, 401, 'SESSION_EXPIRED']);
      const anonymous = await ctx.app.inject(base);
      expect([name, anonymous.statusCode, anonymous.json().error]).toEqual([name, 401, 'UNAUTHORIZED']);
      const signed = await ctx.app.inject({
        ...base,
        headers: { authorization: `${apiKeyScheme} SecretId=x, Timestamp=1, Nonce=n, Signature=s` },
      });
      expect([name, signed.statusCode]).toEqual([name, 401]);
    }
  });

  it('refuses a staff token on the customers’ calls', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: members.admin.headers });
    expect(res.statusCode).toBe(401);
    const asCustomer = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: customer.headers });
    expect(asCustomer.statusCode).toBe(200);
  });
});

describe.each(dbKinds)('STAFF_ALLOWED_IPS on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestStaff;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { STAFF_ALLOWED_IPS: '10.1.0.0/16, 2001:db8::/32' });
    admin = await createTestStaff(ctx, 'admin');
  });
  afterAll(() => ctx.close());

  const me = (ip: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/admin/me', headers: admin.headers, remoteAddress: ip });

  it('answers the staff calls from inside the ranges only, at both ends of a range', async () => {
    expect((await me('10.1.0.0')).statusCode).toBe(200);
    expect((await me('10.1.255.255')).statusCode).toBe(200);
    expect((await me('2001:db8::1')).statusCode).toBe(200);
    for (const outside of ['10.0.255.255', '10.2.0.0', '2001:db9::1']) {
      const res = await me(outside);
      expect([outside, res.statusCode, res.json().error]).toEqual([outside, 403, 'STAFF_ADDRESS_REFUSED']);
    }
  });

  it('guards every staff call of every area, before the token is looked at', async () => {
    for (const [name, def] of guarded) {
      const res = await ctx.app.inject({
        ...requestOf(name, def, 0),
        headers: admin.headers,
        remoteAddress: '192.0.2.9',
      });
      expect([name, res.statusCode, res.json().error]).toEqual([name, 403, 'STAFF_ADDRESS_REFUSED']);
    }
  });

  it('guards the sign-in too, and leaves the customers’ calls alone', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { userName: admin.userName, password: admin.password },
      remoteAddress: '192.0.2.1',
    });
    expect(login.json().error).toBe('STAFF_ADDRESS_REFUSED');
    const captcha = await ctx.app.inject({ method: 'GET', url: '/api/user/captchaImage', remoteAddress: '192.0.2.1' });
    expect(captcha.statusCode).toBe(200);
  });

  it('refuses a list with an entry that is no address or range', () => {
    expect(parseStaffAllowedIps(' 10.0.0.0/8 ,::1 ')).toEqual(['10.0.0.0/8', '::1']);
    expect(parseStaffAllowedIps('10.0.0.0/32')).toEqual(['10.0.0.0/32']);
    expect(parseStaffAllowedIps('::/128')).toEqual(['::/128']);
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/8/1', '::/129', '10.0.0.0/']) {
      expect(() => parseStaffAllowedIps(bad), bad).toThrow(/STAFF_ALLOWED_IPS/);
    }
    expect(parseStaffAllowedIps('')).toEqual([]);
  });
});
