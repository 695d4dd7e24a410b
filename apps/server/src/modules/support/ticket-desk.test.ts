import { limits } from '@edgeward/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStaff, type TestStaff } from '../../../test/fixtures/staff';
import { createSupportHarness, png, type SupportHarness } from '../../../test/fixtures/support';
import type { TestUser } from '../../../test/fixtures/users';
import { dbKinds, multipart } from '../../../test/helpers';
import { messages, staffAuditLog, tickets } from '../../db/schema';

describe.each(dbKinds)("the staff's ticket desk on %s", (kind) => {
  let h: SupportHarness;
  let support: TestStaff;
  let owner: TestUser;

  beforeAll(async () => {
    h = await createSupportHarness(kind);
    support = await createTestStaff(h.ctx, 'support');
    owner = await h.user();
  });
  afterAll(() => h.close());

  const staffCall = (method: 'GET' | 'POST', url: string, payload?: object, as: TestStaff = support) =>
    h.ctx.app.inject({ method, url: `/api${url}`, headers: as.headers, ...(payload ? { payload } : {}) });

  async function newTicket(user: TestUser, title: string) {
    const res = await h.call(user, 'POST', '/support/tickets', {
      product: 'cdn',
      urgency: 'impact',
      title,
      description: 'It is slow',
      imageIds: [],
    });
    expect(res.statusCode, res.text).toBe(200);
    return res.body.data as { id: number; ticketNo: string };
  }

  function uploadFor(ticketId: number, data = png) {
    const file = multipart('shot.png', 'image/png', data);
    return h.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticketId}/images`,
      headers: { ...support.headers, ...file.headers },
      payload: file.payload,
    });
  }

  it('lists waiting tickets of every customer oldest first, with search and status filters', async () => {
    const other = await h.user();
    const first = await newTicket(owner, 'Queue first');
    h.ctx.clock.advance(1000);
    const second = await newTicket(other, 'Queue second');
    const queue = (await staffCall('GET', '/admin/tickets?size=100')).json().data;
    const ids = queue.list.map((t: { id: number }) => t.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(queue.list.find((t: { id: number }) => t.id === second.id)).toMatchObject({
      userId: other.id,
      userName: other.userName,
      status: 'processing',
    });
    const tooLong = await staffCall('GET', `/admin/tickets?search=${'x'.repeat(limits.support.searchMax + 1)}`);
    expect(tooLong.json().fields.search).toBe(`At most ${limits.support.searchMax} characters`);
    const longest = await staffCall('GET', `/admin/tickets?search=${'x'.repeat(limits.support.searchMax)}`);
    expect(longest.json().data.total).toBe(0);
    const byName = (await staffCall('GET', `/admin/tickets?search=${other.userName}`)).json().data;
    expect(byName.list.map((t: { id: number }) => t.id)).toEqual([second.id]);
    await h.ctx.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, first.id));
    const waiting = (await staffCall('GET', '/admin/tickets?size=100')).json().data.list;
    expect(waiting.some((t: { id: number }) => t.id === first.id)).toBe(false);
    const closed = (await staffCall('GET', '/admin/tickets?status=closed&size=100')).json().data.list;
    expect(closed.some((t: { id: number }) => t.id === first.id)).toBe(true);
  });

  it('replies with an image the customer then reads, messages the customer and audits the reply', async () => {
    const ticket = await newTicket(owner, 'Needs a screenshot');
    const uploaded = await uploadFor(ticket.id);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = uploaded.json().data;
    // Not readable by anyone until a reply names it.
    expect((await staffCall('GET', `/admin/tickets/images/${image.id}`)).statusCode).toBe(404);
    const replied = await staffCall('POST', `/admin/tickets/${ticket.id}/reply`, {
      content: 'Here is what we see',
      imageIds: [image.id],
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const detail = replied.json().data;
    expect(detail).toMatchObject({ userId: owner.id, userName: owner.userName });
    const reply = detail.replies.at(-1);
    expect(reply).toMatchObject({ author: 'staff', content: 'Here is what we see' });
    expect(reply.images[0].url).toBe(`/api/admin/tickets/images/${image.id}`);
    const staffRead = await staffCall('GET', reply.images[0].url.replace('/api', ''));
    expect(staffRead.statusCode).toBe(200);
    expect(staffRead.headers['content-type']).toBe('image/png');
    const customerView = (await h.call(owner, 'GET', `/support/tickets/${ticket.id}`)).body.data;
    expect(customerView.replies.at(-1).images[0].url).toBe(`/api/support/images/${image.id}`);
    expect((await h.call(owner, 'GET', `/support/images/${image.id}`)).statusCode).toBe(200);
    const inbox = await h.ctx.database.db.select().from(messages).where(eq(messages.userId, owner.id));
    expect(inbox.some((m) => m.kind === 'ticket')).toBe(true);
    const [audit] = await h.ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetId, String(ticket.id)));
    expect(audit).toMatchObject({ action: 'ticket.reply', staffId: support.id, customerId: owner.id });
  });

  it("refuses another customer's image, a closed ticket and an unknown one", async () => {
    const ticket = await newTicket(owner, 'Refusals');
    const stranger = await h.user();
    const foreign = (await h.upload(stranger, 'x.png', 'image/png', png)).body.data;
    const withForeign = await staffCall('POST', `/admin/tickets/${ticket.id}/reply`, {
      content: 'see',
      imageIds: [foreign.id],
    });
    expect(withForeign.json().fields.imageIds).toBeDefined();
    expect((await staffCall('POST', '/admin/tickets/999999/reply', { content: 'x', imageIds: [] })).statusCode).toBe(
      404,
    );
    expect((await uploadFor(999999)).statusCode).toBe(404);
    const resolved = await staffCall('POST', `/admin/tickets/${ticket.id}/resolve`);
    expect(resolved.json().data.status).toBe('completed');
    await h.ctx.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, ticket.id));
    const late = await staffCall('POST', `/admin/tickets/${ticket.id}/reply`, { content: 'late', imageIds: [] });
    expect(late.json().error).toBe('TICKET_CLOSED');
    expect((await uploadFor(ticket.id)).json().error).toBe('TICKET_CLOSED');
    expect((await staffCall('POST', `/admin/tickets/${ticket.id}/resolve`)).json().error).toBe('TICKET_CLOSED');
  });

  it('is the support role’s: finance is refused', async () => {
    const finance = await createTestStaff(h.ctx, 'finance');
    expect((await staffCall('GET', '/admin/tickets', undefined, finance)).statusCode).toBe(403);
  });
});
