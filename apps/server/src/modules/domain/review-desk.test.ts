import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainHarness, type DomainHarness } from '../../../test/fixtures/domains';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds } from '../../../test/helpers';
import { domains, staffAuditLog } from '../../db/schema';

describe.each(dbKinds)("the reviewer's domain desk on %s", (kind) => {
  let h: DomainHarness;
  let reviewer: TestStaff;
  let owner: TestUser;
  let counter = 0;

  beforeAll(async () => {
    h = await createDomainHarness(kind);
    reviewer = await createTestStaff(h.ctx, 'reviewer');
    owner = await h.user();
  });
  afterAll(() => h.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as: TestStaff = reviewer) =>
    h.ctx.app.inject({ method, url: `/api${url}`, headers: as.headers, ...(payload ? { payload } : {}) });

  async function underReview() {
    const name = `ws${++counter}-${kind}.example.com`;
    const created = await h.create(owner, name, { type: 'whole_site' });
    expect(created.body.data.status, created.text).toBe('under_review');
    return { id: created.body.data.id as number, name };
  }

  it('lists the queue, approves once and rejects with a reason the customer sees, each audited', async () => {
    const a = await underReview();
    const b = await underReview();
    const queue = (await call('GET', '/admin/reviews/domains')).json().data;
    expect(queue.find((d: { id: number }) => d.id === a.id)).toMatchObject({
      domainName: a.name,
      wholeSite: true,
      userName: owner.userName,
    });
    expect((await call('POST', `/admin/reviews/domains/${a.id}/approve`)).statusCode).toBe(200);
    expect((await call('POST', `/admin/reviews/domains/${a.id}/approve`)).statusCode).toBe(409);
    expect((await call('POST', `/admin/reviews/domains/${b.id}/reject`, { reason: '' })).statusCode).toBe(400);
    expect((await call('POST', `/admin/reviews/domains/${b.id}/reject`, { reason: 'No ICP filing' })).statusCode).toBe(
      200,
    );
    expect(await h.status(owner, b.id)).toBe('review_rejected');
    const [rejected] = await h.ctx.database.db.select().from(domains).where(eq(domains.id, b.id));
    expect(rejected!.reviewReason).toBe('No ICP filing');
    const audits = await h.ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.customerId, owner.id));
    expect(audits.map((x) => x.action).sort()).toEqual(['domain.approve', 'domain.reject']);
    expect((await call('POST', '/admin/reviews/domains/999999/approve')).statusCode).toBe(404);
  });

  it('verifies ownership by hand for the customer who asked, and says who asked when it cannot choose', async () => {
    const owns = await createTestStaff(h.ctx, 'reviewer');
    const apex = `byhand${++counter}-${kind}.net`;
    const none = await call('POST', '/admin/ownership', { domainName: `www.${apex}`, reason: 'called us' }, owns);
    expect(none.json()).toMatchObject({ error: 'OWNERSHIP_NO_REQUEST' });
    await h.call(owner, 'GET', `/domain/query-create-verify-record?domainName=www.${apex}`);
    const other = await h.user();
    await h.call(other, 'GET', `/domain/query-create-verify-record?domainName=www.${apex}`);
    const ambiguous = await call('POST', '/admin/ownership', { domainName: `www.${apex}`, reason: 'x' }, owns);
    expect(ambiguous.json().error).toBe('OWNERSHIP_AMBIGUOUS');
    expect(ambiguous.json().message).toContain(owner.userName);
    const done = await call(
      'POST',
      '/admin/ownership',
      { domainName: `www.${apex}`, userName: owner.userName, reason: 'called us' },
      owns,
    );
    expect(done.json().data).toEqual({ apexDomain: apex, userName: owner.userName });
    const [audit] = await h.ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.staffId, owns.id));
    expect(audit).toMatchObject({ action: 'ownership.verify', targetName: apex, customerId: owner.id });
  });
});
