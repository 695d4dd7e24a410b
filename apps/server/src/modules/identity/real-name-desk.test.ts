import { limits } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { operationLog, staffAuditLog, users } from '../../db/schema';
import { secretBoxOf } from '../../secrets/secret-box';
import * as repo from './real-name.repository';
import { sealIdentity } from './real-name.service';

describe.each(dbKinds)("the reviewer's real-name desk on %s", (kind) => {
  let ctx: TestContext;
  let reviewer: TestStaff;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    reviewer = await createTestStaff(ctx, 'reviewer');
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as: TestStaff = reviewer) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: as.headers, ...(payload ? { payload } : {}) });

  /** A customer, not verified, whose newest submission has the face-check result given. */
  async function submitted(status: 'pending' | 'failed'): Promise<TestUser> {
    const user = await createTestUser(ctx, { realNameVerified: false });
    await repo.insertAttempt(ctx.database.db, {
      userId: user.id,
      ...sealIdentity(secretBoxOf(ctx.config), user.id, { realName: '张三', idNumber: '11010519491231002X' }),
      provider: 'sandbox',
      status,
      createdAt: ctx.clock.now,
    });
    return user;
  }

  it('lists waiting submissions masked, accepts one once, and the customer is verified with the operator logged', async () => {
    const waiting = await submitted('failed');
    const none = await createTestUser(ctx, { realNameVerified: false });
    const list = (await call('GET', `/admin/reviews/real-name?search=${waiting.userName}`)).json().data;
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ userId: waiting.id, verified: false, submission: { faceCheck: 'failed' } });
    expect(list.list[0].submission.idNumber).not.toContain('0519491231');
    const all = (await call('GET', '/admin/reviews/real-name?size=100')).json().data.list;
    expect(all.some((r: { userId: number }) => r.userId === none.id)).toBe(false);

    const approved = await call('POST', `/admin/reviews/real-name/${waiting.id}/approve`, { reason: 'ID checked' });
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, waiting.id));
    expect(row!.realNameVerified).toBe(true);
    const again = await call('POST', `/admin/reviews/real-name/${waiting.id}/approve`, { reason: 'twice' });
    expect(again.json().error).toBe('REVIEW_ALREADY_DECIDED');
    const log = await ctx.database.db.select().from(operationLog).where(eq(operationLog.userId, waiting.id));
    expect(log.map((l) => l.actor)).toContain('operator');
    const [audit] = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.customerId, waiting.id));
    expect(audit).toMatchObject({ action: 'realName.approve', reason: 'ID checked', staffId: reviewer.id });
    const verified = (await call('GET', `/admin/reviews/real-name?state=verified&search=${waiting.userName}`)).json();
    expect(verified.data.list[0]).toMatchObject({
      verified: true,
      submission: { faceCheck: 'passed', operatorReview: true },
    });
  });

  it('revokes a verification once, with a reason, and refuses an unknown customer', async () => {
    const user = await createTestUser(ctx, { realNameVerified: true });
    const noReason = await call('POST', `/admin/reviews/real-name/${user.id}/revoke`, { reason: '' });
    expect(noReason.json().fields.reason).toBeDefined();
    const long = await call('POST', `/admin/reviews/real-name/${user.id}/revoke`, {
      reason: 'r'.repeat(limits.staffAudit.reasonMax + 1),
    });
    expect(long.statusCode).toBe(400);
    const revoked = await call('POST', `/admin/reviews/real-name/${user.id}/revoke`, {
      reason: 'r'.repeat(limits.staffAudit.reasonMax),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await call('POST', `/admin/reviews/real-name/${user.id}/revoke`, { reason: 'x' })).json().error).toBe(
      'REVIEW_ALREADY_DECIDED',
    );
    expect((await call('POST', '/admin/reviews/real-name/999999/approve', { reason: 'x' })).statusCode).toBe(404);
  });

  it('decides once when two reviewers accept the same submission at the same moment', async () => {
    const user = await submitted('pending');
    const other = await createTestStaff(ctx, 'reviewer');
    const results = await Promise.all([
      call('POST', `/admin/reviews/real-name/${user.id}/approve`, { reason: 'a' }),
      call('POST', `/admin/reviews/real-name/${user.id}/approve`, { reason: 'b' }, other),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audits = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.customerId, user.id));
    expect(audits).toHaveLength(1);
  });
});
