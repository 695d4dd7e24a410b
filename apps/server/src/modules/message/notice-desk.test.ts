import { limits } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { createTestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { messages, staffAuditLog, users } from '../../db/schema';

describe.each(dbKinds)("support's notices on %s", (kind) => {
  let ctx: TestContext;
  let support: TestStaff;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    support = await createTestStaff(ctx, 'support');
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as: TestStaff = support) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: as.headers, ...(payload ? { payload } : {}) });

  it('previews through the sanitizer, sends to one customer or to all, and lists what was sent', async () => {
    const preview = await call('POST', '/admin/notices/preview', {
      title: 'Maintenance',
      content: '<p onclick="x()">Tonight <script>alert(1)</script><b>02:00</b></p>',
    });
    expect(preview.json().data).toEqual({ title: 'Maintenance', html: '<p>Tonight <b>02:00</b></p>' });

    const one = await createTestUser(ctx);
    const sentOne = await call('POST', '/admin/notices', {
      title: 'For you',
      content: '<p>Hello</p>',
      audience: 'user',
      userName: one.userName,
    });
    expect(sentOne.json().data).toEqual({ recipients: 1 });
    const inbox = await ctx.database.db.select().from(messages).where(eq(messages.userId, one.id));
    expect(inbox.map((m) => [m.kind, m.title])).toContainEqual(['notice', 'For you']);

    const all = await call('POST', '/admin/notices', { title: 'For all', content: '<p>Hi</p>', audience: 'all' });
    expect(all.json().data.recipients).toBe((await ctx.database.db.select().from(users)).length);
    // The audit rows, which are the sent list: the customer's id on a notice to one, none on a notice to all.
    const audited = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'notice.publish'))
      .orderBy(staffAuditLog.id);
    expect(audited.map((a) => [a.targetType, a.targetName, a.customerId, a.after])).toEqual([
      ['notice', 'For you', one.id, { to: one.userName, recipients: 1 }],
      ['notice', 'For all', null, { to: 'all', recipients: all.json().data.recipients }],
    ]);
    const sent = (await call('GET', '/admin/notices')).json().data;
    expect(sent.list.map((n: { title: string; to: string }) => [n.title, n.to])).toEqual([
      ['For all', 'all'],
      ['For you', one.userName],
    ]);
    expect(sent.list[0]).toMatchObject({ staffName: support.userName, recipients: all.json().data.recipients });
  });

  it('refuses an unknown customer, a missing user name, and texts over their limits', async () => {
    const unknown = await call('POST', '/admin/notices', {
      title: 't',
      content: 'c',
      audience: 'user',
      userName: 'nobody-here',
    });
    expect(unknown.json().fields.userName).toBe('No customer has this user name');
    const missing = await call('POST', '/admin/notices', { title: 't', content: 'c', audience: 'user' });
    expect(missing.json().fields.userName).toBeDefined();
    const longTitle = await call('POST', '/admin/notices/preview', {
      title: 't'.repeat(limits.message.titleMax + 1),
      content: 'c',
    });
    expect(longTitle.json().fields.title).toBe(`At most ${limits.message.titleMax} characters`);
    const longest = await call('POST', '/admin/notices/preview', {
      title: 't'.repeat(limits.message.titleMax),
      content: 'c'.repeat(limits.message.contentMax),
    });
    expect(longest.statusCode).toBe(200);
    const finance = await createTestStaff(ctx, 'finance');
    expect((await call('GET', '/admin/notices', undefined, finance)).statusCode).toBe(403);
  });
});
