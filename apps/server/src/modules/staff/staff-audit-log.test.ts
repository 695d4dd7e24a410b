import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff } from '../../../test/fixtures/staff';
import { createTestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { auditRowsOf, opsActor, recordStaffAction, staffActor } from '../../lib/staff-audit';

/** The staff audit log's one writer and its per-action pages, as every area's staff actions use them. */
describe.each(dbKinds)('the staff audit log on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  const at = (minutes: number) => new Date(ctx.clock.now.getTime() + minutes * 60_000);

  it("writes a staff member's action with its author, address, object, customer and change", async () => {
    const db = ctx.database.db;
    const alice = await createTestStaff(ctx, 'finance');
    const customer = await createTestUser(ctx);
    const member = staffActor({ id: alice.id, userName: alice.userName }, '10.1.2.3');
    await recordStaffAction(
      db,
      member,
      {
        action: 'order.refund',
        targetType: 'order',
        targetId: 42,
        targetName: 'R1',
        customerId: customer.id,
        before: { status: 'paid' },
        after: { status: 'refunded' },
        reason: 'by mistake',
      },
      at(0),
    );
    const { rows, total } = await auditRowsOf(db, 'order.refund', { page: 1, size: 10 });
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      staffId: alice.id,
      staffName: alice.userName,
      address: '10.1.2.3',
      action: 'order.refund',
      targetType: 'order',
      targetId: '42',
      targetName: 'R1',
      customerId: customer.id,
      before: { status: 'paid' },
      after: { status: 'refunded' },
      reason: 'by mistake',
      createdAt: at(0),
    });
  });

  it('names the command line as its author, with no member, address, object or change it was not given', async () => {
    const db = ctx.database.db;
    await recordStaffAction(db, opsActor, { action: 'edge.republish', targetType: 'edge' }, at(1));
    const [row] = (await auditRowsOf(db, 'edge.republish', { page: 1, size: 10 })).rows;
    expect(row).toMatchObject({
      staffId: null,
      staffName: 'npm run ops',
      address: null,
      targetId: null,
      targetName: null,
      customerId: null,
      before: null,
      after: null,
      reason: null,
    });
  });

  it("pages one action's rows newest first, the total counting that action only", async () => {
    const db = ctx.database.db;
    for (const minute of [10, 12, 11]) {
      await recordStaffAction(
        db,
        opsActor,
        { action: 'notice.publish', targetType: 'notice', targetName: `at ${minute}` },
        at(minute),
      );
    }
    await recordStaffAction(db, opsActor, { action: 'edge.republish', targetType: 'edge' }, at(13));
    const page = async (n: number) => {
      const { rows, total } = await auditRowsOf(db, 'notice.publish', { page: n, size: 2 });
      return { names: rows.map((row) => row.targetName), total };
    };
    expect(await page(1)).toEqual({ names: ['at 12', 'at 11'], total: 3 });
    expect(await page(2)).toEqual({ names: ['at 10'], total: 3 });
    expect(await page(3)).toEqual({ names: [], total: 3 });
    expect(await auditRowsOf(db, 'staff.create', { page: 1, size: 2 })).toEqual({ rows: [], total: 0 });
  });

  it('lists the log by author, action and time, both ends of the time included, a page at a time', async () => {
    const db = ctx.database.db;
    const admin = await createTestStaff(ctx, 'admin');
    const author = await createTestStaff(ctx, 'finance');
    const as = staffActor({ id: author.id, userName: author.userName }, '10.0.0.1');
    const write = (action: 'package.add' | 'package.sale', minute: number) =>
      recordStaffAction(db, as, { action, targetType: 'package', targetName: `at ${minute}` }, at(100 + minute));
    await write('package.add', 0);
    await write('package.sale', 1);
    await write('package.add', 2);
    await write('package.add', 3);
    const list = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/audit?staffName=${author.userName}&${query}`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { list: { targetName: string }[]; total: number };
      return { names: data.list.map((e) => e.targetName), total: data.total };
    };
    expect(await list('size=20')).toEqual({ names: ['at 3', 'at 2', 'at 1', 'at 0'], total: 4 });
    expect(await list('action=package.add&page=2&size=2')).toEqual({ names: ['at 0'], total: 3 });
    const from = at(101).getTime();
    const to = at(102).getTime();
    expect(await list(`from=${from}&to=${to}`)).toEqual({ names: ['at 2', 'at 1'], total: 2 });
    expect(await list(`from=${from + 1}&to=${to - 1}`)).toEqual({ names: [], total: 0 });
  });
});
