import { domainRoutes, staffRoutes, userRoutes } from '@edgeward/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectSession, type RequestSession, request } from './client';

/** A session as a store hands it over: a token, and what the client asked of it. */
function fakeSession(token: string | null) {
  const session = { token, cleared: 0, signIns: 0 };
  const source: RequestSession = {
    getToken: () => session.token,
    clear: () => {
      session.cleared++;
      session.token = null;
    },
    signIn: () => {
      session.signIns++;
    },
  };
  return { session, source };
}

const envelope = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify({ message: 'm', data: null, ...body }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Connects a customer and a staff session, each with its own token, and answers every call with `answer`. */
function setUp(answer: () => Response) {
  const customer = fakeSession('customer-token');
  const staff = fakeSession('staff-token');
  connectSession(customer.source);
  connectSession(staff.source, 'staff');
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
  const sent = (call: number) => new Headers(fetch.mock.calls[call]?.[1]?.headers).get('authorization');
  return { customer: customer.session, staff: staff.session, sent };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request: which session a call belongs to', () => {
  it('sends the staff token on staff calls and the customer token on the others, never one for the other', async () => {
    const { sent } = setUp(() => envelope(200, { code: 200 }));
    await request(staffRoutes.me, undefined, { silent: true });
    await request(domainRoutes.list, { query: {} }, { silent: true });
    await request(userRoutes.profile, undefined, { silent: true });
    expect([sent(0), sent(1), sent(2)]).toEqual(['staff-token', 'customer-token', 'customer-token']);
  });

  it('sends no token on the sign-in calls, staff or customer', async () => {
    const { sent } = setUp(() => envelope(200, { code: 200, data: { token: 't' } }));
    await request(staffRoutes.login, { body: { userName: 'a', password: 'b' } }, { silent: true });
    await request(userRoutes.login, { body: { userName: 'a', password: 'b' } }, { silent: true });
    expect([sent(0), sent(1)]).toEqual([null, null]);
  });

  it('sends nothing on a staff call without a staff session, even with a customer signed in', async () => {
    const { staff, sent } = setUp(() => envelope(200, { code: 200 }));
    staff.token = null;
    await request(staffRoutes.me, undefined, { silent: true });
    expect(sent(0)).toBeNull();
  });

  it('ends the staff session alone when a staff call answers 401, and sends the staff to their sign-in', async () => {
    const { customer, staff } = setUp(() => envelope(401, { code: 401, error: 'SESSION_EXPIRED' }));
    await expect(request(staffRoutes.dashboard, undefined, { silent: true })).rejects.toMatchObject({
      status: 401,
      error: 'SESSION_EXPIRED',
    });
    expect(staff).toMatchObject({ token: null, cleared: 1, signIns: 1 });
    expect(customer).toMatchObject({ token: 'customer-token', cleared: 0, signIns: 0 });
  });

  it('ends the customer session alone when a customer call answers 401', async () => {
    const { customer, staff } = setUp(() => envelope(401, { code: 401, error: 'SESSION_EXPIRED' }));
    await expect(request(domainRoutes.list, { query: {} }, { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(customer).toMatchObject({ token: null, cleared: 1, signIns: 1 });
    expect(staff).toMatchObject({ token: 'staff-token', cleared: 0, signIns: 0 });
  });

  it('leaves both sessions alone on a staff call refused for want of a capability (403)', async () => {
    const { customer, staff } = setUp(() => envelope(403, { code: 403, error: 'FORBIDDEN' }));
    await expect(request(staffRoutes.staffList, undefined, { silent: true })).rejects.toMatchObject({ status: 403 });
    expect(staff).toMatchObject({ token: 'staff-token', cleared: 0, signIns: 0 });
    expect(customer).toMatchObject({ cleared: 0, signIns: 0 });
  });
});
