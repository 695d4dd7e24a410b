import { limits } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { addDomain } from '../../../test/fixtures/traffic';
import { createTestUser } from '../../../test/fixtures/users';
import { createTestContext, dbKinds, type TestContext } from '../../../test/helpers';
import { domains, edgeNodes, jobs, staffAuditLog } from '../../db/schema';
import { tokenSha256 } from './edge-node-auth';

describe.each(dbKinds)("operations' edge desk on %s", (kind) => {
  let ctx: TestContext;
  let operations: TestStaff;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { EDGE_NODE_TOKENS: 'configured-1:abcdefghijklmnopqrstuvwxyz0123' });
    operations = await createTestStaff(ctx, 'operations');
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as: TestStaff = operations) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: as.headers, ...(payload ? { payload } : {}) });

  it('issues a node once with its token shown once, refuses a taken or configured name, and revokes once', async () => {
    const added = await call('POST', '/admin/edge/nodes', { name: 'edge-a' });
    expect(added.statusCode, added.body).toBe(200);
    const { token } = added.json().data;
    const [row] = await ctx.database.db.select().from(edgeNodes).where(eq(edgeNodes.name, 'edge-a'));
    expect(row!.tokenSha256).toBe(tokenSha256(token));
    expect((await call('POST', '/admin/edge/nodes', { name: 'edge-a' })).json().error).toBe('EDGE_NODE_TAKEN');
    expect((await call('POST', '/admin/edge/nodes', { name: 'configured-1' })).json().error).toBe('EDGE_NODE_TAKEN');
    for (const bad of ['-edge', 'edge a', `e${'x'.repeat(64)}`]) {
      expect((await call('POST', '/admin/edge/nodes', { name: bad })).json().fields?.name, bad).toBeDefined();
    }
    expect((await call('POST', '/admin/edge/nodes', { name: `e${'x'.repeat(63)}` })).statusCode).toBe(200);

    const nodes = (await call('GET', '/admin/edge/nodes')).json().data;
    expect(nodes.find((n: { name: string }) => n.name === 'edge-a')).toMatchObject({
      source: 'issued',
      revokedAt: null,
    });
    expect(nodes.find((n: { name: string }) => n.name === 'configured-1')).toMatchObject({ source: 'configured' });
    expect(JSON.stringify(nodes)).not.toContain(token);

    const reason = 'r'.repeat(limits.staffAudit.reasonMax);
    expect((await call('POST', '/admin/edge/nodes/edge-a/revoke', { reason })).statusCode).toBe(200);
    expect((await call('POST', '/admin/edge/nodes/edge-a/revoke', { reason })).json().error).toBe('EDGE_NODE_REVOKED');
    expect((await call('POST', '/admin/edge/nodes/nowhere/revoke', { reason })).statusCode).toBe(404);
    const audits = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.staffId, operations.id));
    expect(audits.map((a) => [a.action, a.targetName])).toEqual(
      expect.arrayContaining([
        ['edgeNode.add', 'edge-a'],
        ['edgeNode.revoke', 'edge-a'],
      ]),
    );
  });

  it('queues a republish, lists failures, and is operations’ work only', async () => {
    const republished = await call('POST', '/admin/edge/republish');
    expect(republished.json().data).toEqual({ queued: expect.any(Number) });
    expect((await call('GET', '/admin/edge/failures')).json().data).toEqual([]);
    const support = await createTestStaff(ctx, 'support');
    expect((await call('GET', '/admin/edge/nodes', undefined, support)).statusCode).toBe(403);
    expect((await call('POST', '/admin/edge/republish', undefined, support)).statusCode).toBe(403);
  });

  it('republishes served domains only: not one under review, refused, or a demo sample', async () => {
    const owner = await createTestUser(ctx);
    const { db } = ctx.database;
    const id = (name: string) => addDomain(db, owner.id, `${name}.republish.example.com`);
    const served = await id('served');
    const stopped = await id('stopped');
    const reviewing = await id('reviewing');
    const refused = await id('refused');
    const sample = await id('sample');
    await db.update(domains).set({ status: 'disabled' }).where(eq(domains.id, stopped));
    await db.update(domains).set({ status: 'under_review' }).where(eq(domains.id, reviewing));
    await db.update(domains).set({ status: 'review_rejected' }).where(eq(domains.id, refused));
    await db.update(domains).set({ status: 'configuring', sample: true }).where(eq(domains.id, sample));
    await db.delete(jobs);

    const republished = await call('POST', '/admin/edge/republish');
    const queued = (await db.select().from(jobs).where(eq(jobs.kind, 'domain.publish'))).map(
      (job) => job.payload.domainId,
    );
    expect(queued).toEqual(expect.arrayContaining([served, stopped]));
    for (const skipped of [reviewing, refused, sample]) expect(queued).not.toContain(skipped);
    expect(republished.json().data.queued).toBe(queued.length);
  });
});
