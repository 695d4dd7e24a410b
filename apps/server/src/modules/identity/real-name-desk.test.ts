import { limits } from '@edgeward/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { createTestUser, type TestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { operationLog, realNameAttempts, staffAuditLog, users } from '../../db/schema';
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
  async function submitted(status: 'pending' | 'failed', name?: string): Promise<TestUser> {
    const user = await createTestUser(ctx, { realNameVerified: false, name });
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

  const ids = (page: { list: { userId: number }[] }) => page.list.map((r) => r.userId);
  /** The one audit row of a decision on `user`'s account: its target, and the flag before and after. */
  async function expectAudit(user: TestUser, action: string, verifiedBefore: boolean, reason: string) {
    const [audit] = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.customerId, user.id));
    expect(audit).toMatchObject({
      action,
      targetType: 'account',
      targetId: String(user.id),
      targetName: user.userName,
      customerId: user.id,
      before: { realNameVerified: verifiedBefore },
      after: { realNameVerified: !verifiedBefore },
      reason,
    });
  }

  it('pages the waiting list oldest submission first, pending and failed alike, with its total', async () => {
    const tag = `w${Date.now().toString(36)}`;
    const first = await submitted('pending', `${tag}a`);
    ctx.clock.advance(1000);
    const second = await submitted('failed', `${tag}b`);
    ctx.clock.advance(1000);
    const third = await submitted('pending', `${tag}c`);
    const verified = await createTestUser(ctx, { realNameVerified: true, name: `${tag}v` });

    const page1 = (await call('GET', `/admin/reviews/real-name?search=${tag}&size=2&page=1`)).json().data;
    expect(page1).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(ids(page1)).toEqual([first.id, second.id]);
    const page2 = (await call('GET', `/admin/reviews/real-name?search=${tag}&size=2&page=2`)).json().data;
    expect(page2.total).toBe(3);
    expect(ids(page2)).toEqual([third.id]);
    const done = (await call('GET', `/admin/reviews/real-name?state=verified&search=${tag}`)).json().data;
    expect(done.total).toBe(1);
    expect(ids(done)).toEqual([verified.id]);
    expect(done.list[0].submission).toBeNull();
  });

  it('accepts a pending submission: it passes by review, the older pending ones are superseded', async () => {
    const user = await submitted('pending');
    ctx.clock.advance(1000);
    await repo.insertAttempt(ctx.database.db, {
      userId: user.id,
      ...sealIdentity(secretBoxOf(ctx.config), user.id, { realName: '李四', idNumber: '11010519491231002X' }),
      provider: 'sandbox',
      status: 'pending',
      createdAt: ctx.clock.now,
    });
    const approved = await call('POST', `/admin/reviews/real-name/${user.id}/approve`, { reason: 'seen' });
    expect(approved.statusCode, approved.body).toBe(200);
    const attempts = await ctx.database.db
      .select()
      .from(realNameAttempts)
      .where(eq(realNameAttempts.userId, user.id))
      .orderBy(asc(realNameAttempts.id));
    expect(attempts.map((a) => [a.status, a.operatorReview])).toEqual([
      ['superseded', false],
      ['passed', true],
    ]);
  });

  it('accepts an account that never submitted, and writes what changed in both audit rows', async () => {
    const user = await createTestUser(ctx, { realNameVerified: false });
    const approved = await call('POST', `/admin/reviews/real-name/${user.id}/approve`, { reason: 'by letter' });
    expect(approved.statusCode, approved.body).toBe(200);
    await expectAudit(user, 'realName.approve', false, 'by letter');

    const other = await createTestUser(ctx, { realNameVerified: true });
    expect((await call('POST', `/admin/reviews/real-name/${other.id}/revoke`, { reason: 'forged' })).statusCode).toBe(
      200,
    );
    await expectAudit(other, 'realName.revoke', true, 'forged');
    expect((await call('POST', '/admin/reviews/real-name/999999/revoke', { reason: 'x' })).statusCode).toBe(404);
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
