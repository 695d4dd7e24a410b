import type { StaffTicketDetail, StaffTicketQuery, TicketReplyCreate } from '@edgeward/contract';
import type { Executor } from '../../db/connect';
import type { TicketRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { pageWithTotal } from '../../lib/page';
import { recordStaffAction, type StaffActor } from '../../lib/staff-audit';
import { recordResolved, recordStaffReply } from './support.operator';
import { staffImageUrl, toTicket, toTicketImage } from './support.presenter';
import * as repo from './support.repository';
import { attach, keepUpload, refuseClosed, type TicketServiceDeps, ticketDetail } from './ticket.service';

/**
 * The support staff's desk in the operator console: the queue of every customer's tickets, a ticket with its
 * conversation, a reply with images, processing completed. The reply and the completion are the command line's own
 * (recordStaffReply, recordResolved); each is written to the staff audit log in the same transaction.
 */
export function createTicketDesk(deps: TicketServiceDeps) {
  const { db, now } = deps;

  async function detailOf(ex: Executor, ticket: TicketRow): Promise<StaffTicketDetail> {
    const detail = await ticketDetail(ex, ticket, staffImageUrl);
    return { ...detail, userId: ticket.userId, userName: await repo.ownerNameOf(ex, ticket.userId) };
  }

  async function withTicket<T>(id: number, work: (tx: Executor, ticket: TicketRow) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const ticket = await repo.findForUpdate(tx, id);
      if (!ticket) throw notFound();
      refuseClosed(ticket);
      return work(tx, ticket);
    });
  }

  const audit = (
    tx: Executor,
    actor: StaffActor,
    ticket: TicketRow,
    action: 'ticket.reply' | 'ticket.resolve',
    after: Record<string, unknown>,
  ) =>
    recordStaffAction(
      tx,
      actor,
      {
        action,
        targetType: 'ticket',
        targetId: ticket.id,
        targetName: ticket.ticketNo,
        customerId: ticket.userId,
        before: { status: ticket.status },
        after,
      },
      now(),
    );

  return {
    async list(query: StaffTicketQuery) {
      const { rows, total } = await repo.listForStaff(db, query);
      const list = rows.map((r) => ({ ...toTicket(r.ticket), userId: r.ticket.userId, userName: r.userName }));
      return pageWithTotal(query, list, total);
    },

    async detail(id: number): Promise<StaffTicketDetail> {
      const ticket = await repo.findById(db, id);
      if (!ticket) throw notFound();
      return detailOf(db, ticket);
    },

    /** An image for a reply to this ticket, kept for the ticket's owner (the one account that may read it). */
    async uploadImage(ticketId: number, data: Buffer) {
      const ticket = await repo.findById(db, ticketId);
      if (!ticket) throw notFound();
      refuseClosed(ticket);
      return toTicketImage(await keepUpload(deps, ticket.userId, data), staffImageUrl);
    },

    async readImage(id: number) {
      const row = await repo.findAttachedImage(db, id);
      const image = row ? await deps.images.read(row.file) : undefined;
      if (!image) throw notFound();
      return image;
    },

    reply: (actor: StaffActor, id: number, body: TicketReplyCreate) =>
      withTicket(id, async (tx, ticket) => {
        const replyId = await recordStaffReply(tx, ticket, body.content, now());
        await attach(tx, ticket.userId, body.imageIds, { ticketId: ticket.id, replyId });
        await audit(tx, actor, ticket, 'ticket.reply', { images: body.imageIds.length });
        return detailOf(tx, (await repo.findById(tx, ticket.id)) ?? ticket);
      }),

    resolve: (actor: StaffActor, id: number) =>
      withTicket(id, async (tx, ticket) => {
        const resolved = await recordResolved(tx, ticket, now());
        await audit(tx, actor, ticket, 'ticket.resolve', { status: resolved.status });
        return detailOf(tx, resolved);
      }),
  };
}

export type TicketDesk = ReturnType<typeof createTicketDesk>;
