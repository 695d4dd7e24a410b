import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceHarness, createCommerceHarness, websocketPackage } from '../../../test/fixtures/commerce';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import { operatorCommand } from '../../../test/fixtures/operator';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { users } from '../../db/schema';
import { createPasswordHasher } from '../../secrets/password-hasher';
import { remindExpiringPackages } from '../commerce/package-expiry';

const DAY_MS = 86_400_000;

/**
 * Messages written by real events of other areas: a recharge credited, an order paid, a sign-in from a new address,
 * a package about to expire. (Ticket replies: support.test.ts.)
 */
describe.each(dbKinds)('event messages on %s', (kind) => {
  let h: CommerceHarness;
  let buyer: TestUser;
  let packageId: number;

  beforeAll(async () => {
    h = await createCommerceHarness(kind);
    buyer = await h.user();
    packageId = (await h.operator.addPackage(websocketPackage('ws-events', 9_900n))).id;
  });
  afterAll(() => h.close());

  const titles = async () =>
    (await h.call(buyer, 'GET', '/notice/all')).body.data.list.map((m: { title: string }) => m.title) as string[];

  it('tells the customer when a recharge is credited and an order is paid', async () => {
    await h.fund(buyer, 200);
    expect(await titles()).toEqual(['Recharge of 200.00 CNY credited']);
    const placed = await h.call(buyer, 'POST', '/order/create', { packageId });
    const paid = await h.call(buyer, 'POST', `/order/${placed.body.data.id}/pay-by-balance`, undefined, {
      'idempotency-key': randomUUID(),
    });
    expect(paid.statusCode, paid.text).toBe(200);
    expect((await titles())[0]).toBe(`Order ${placed.body.data.orderNo} paid`);
  });

  it('tells the customer of a sign-in from an address none of their sign-ins came from', async () => {
    const { db } = h.ctx.database;
    const hash = await createPasswordHasher(h.ctx.config.passwordHashing).hash('Secret-123');
    await db.update(users).set({ passwordHash: hash }).where(eq(users.id, buyer.id));
    const login = (ip: string) =>
      h.ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: ip,
        payload: { userName: buyer.userName, password: 'Secret-123' },
      });
    const signInTitles = async () => (await titles()).filter((title) => title.startsWith('New sign-in'));
    expect((await login('198.51.100.7')).statusCode).toBe(200);
    expect(await signInTitles()).toEqual([]);
    await login('198.51.100.7');
    expect(await signInTitles()).toEqual([]);
    await login('203.0.113.9');
    expect(await signInTitles()).toEqual(['New sign-in from 203.0.113.9']);
  });

  it('reminds once when a package enters its last 7 days', async () => {
    const { db } = h.ctx.database;
    expect(await remindExpiringPackages(db, h.ctx.clock.now)).toBe(0);
    const soon = new Date(h.ctx.clock.now.getTime() + 31 * DAY_MS - 6 * DAY_MS);
    expect(await remindExpiringPackages(db, soon)).toBe(1);
    expect(await remindExpiringPackages(db, soon)).toBe(0);
    expect((await titles())[0]).toBe('Package WebSocket add-on expires soon');
  });
});

describe.each(dbKinds)('domain event messages on %s', (kind) => {
  let h: DomainHarness;
  let owner: TestUser;

  beforeAll(async () => {
    h = await createDomainHarness(kind, {
      REVIEW_NEW_DOMAINS: 'true',
      EDGE_SANDBOX_FAIL_PATTERN: '^broken\\.',
    });
    owner = await h.user();
  });
  afterAll(() => h.close());

  const ops = async (...argv: string[]) => {
    const result = await operatorCommand(h.ctx.app, ...argv);
    expect(result.code, result.err).toBe(0);
  };
  const titles = async () =>
    (await h.call(owner, 'GET', '/notice/all')).body.data.list.map((m: { title: string }) => m.title) as string[];

  it("publishes the operator's notice by its command line name", async () => {
    const reader = await h.user();
    await ops(
      'notice',
      'publish',
      '--title',
      'Maintenance tonight',
      '--content',
      '<p>22:00</p>',
      '--to',
      reader.userName,
    );
    const list = (await h.call(reader, 'GET', '/notice/all')).body.data.list;
    expect(list.map((m: { title: string }) => m.title)).toEqual(['Maintenance tonight']);
  });

  it('tells the review result and a configuration the edge failed to apply', async () => {
    expect((await h.create(owner, 'www.rejected-review.test')).statusCode).toBe(200);
    await ops('domain', 'review', 'reject', 'www.rejected-review.test', 'Content', 'not', 'allowed');
    expect(await titles()).toEqual(['Domain www.rejected-review.test did not pass review']);

    expect((await h.create(owner, 'broken.edge-review.test')).statusCode).toBe(200);
    await ops('domain', 'review', 'approve', 'broken.edge-review.test');
    await h.settle();
    expect((await titles()).slice(0, 2)).toEqual([
      'Configuration of broken.edge-review.test failed',
      'Domain broken.edge-review.test passed review',
    ]);
    const [failed] = (await h.call(owner, 'GET', '/notice/all')).body.data.list;
    const detail = await h.call(owner, 'GET', `/notice/${failed.id}`);
    expect(detail.body.data.content).toContain('deployment refused');
  });
});
