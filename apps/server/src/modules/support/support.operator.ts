import { limits, type TicketImageExt, type TicketStatus, ticketImageTypes } from '@edgeward/contract';
import type { Db, Executor } from '../../db/connect';
import type { TicketRow } from '../../db/schema';
import { OpsError } from '../../ops/ops';
import { sendMessage } from '../message';
import * as repo from './support.repository';
import { refuseClosed, ticketDetail } from './ticket.service';
import { ticketImageType } from './ticket-image';
import type { TicketImageStore } from './ticket-image.store';

/**
 * The support staff's side: the open tickets, a ticket's conversation, a reply, and marking a ticket processed.
 * Every reply and every completion reaches the customer as a message, in the same transaction.
 */
async function checkImage(data: Buffer) {
  if (data.length > limits.support.imageMaxBytes) throw new OpsError('an image is over 1 MB');
  const verdict = await ticketImageType(data);
  if ('refused' in verdict) throw new OpsError('an image is none of png, jpg, gif or a plain svg');
  return { data, ext: verdict.ext };
}

/** The staff's reply, in the caller's transaction: the row, the ticket's time, the customer's message. */
export async function recordStaffReply(tx: Executor, ticket: TicketRow, text: string, at: Date): Promise<number> {
  const reply = await repo.insertReply(tx, { ticketId: ticket.id, author: 'staff', content: text, at });
  await repo.update(tx, ticket.id, { updatedAt: at });
  await sendMessage(
    tx,
    ticket.userId,
    {
      kind: 'ticket',
      title: 'message.ticket.replied.title',
      content: 'message.ticket.replied.content',
      params: { ticketNo: ticket.ticketNo, title: ticket.title, reply: text },
    },
    at,
  );
  return reply.id;
}

/** Processing completed, in the caller's transaction, with the customer's message; answers the updated ticket. */
export async function recordResolved(tx: Executor, ticket: TicketRow, at: Date): Promise<TicketRow> {
  const updated = await repo.update(tx, ticket.id, { status: 'completed', updatedAt: at });
  await sendMessage(
    tx,
    ticket.userId,
    {
      kind: 'ticket',
      title: 'message.ticket.completed.title',
      content: 'message.ticket.completed.content',
      params: { ticketNo: ticket.ticketNo, title: ticket.title },
    },
    at,
  );
  return updated;
}

export function createTicketOperator(deps: { db: Db; now: () => Date; images?: TicketImageStore }) {
  const { db, now } = deps;

  async function locked<T>(ticketNo: string, work: (tx: Executor, ticket: TicketRow) => Promise<T>) {
    const found = await repo.findByNo(db, ticketNo);
    if (!found) throw new OpsError(`no ticket ${ticketNo}`);
    return db.transaction(async (tx) => {
      const ticket = await repo.findForUpdate(tx, found.id);
      if (!ticket) throw new OpsError(`no ticket ${ticketNo}`);
      refuseClosed(ticket);
      return work(tx, ticket);
    });
  }

  return {
    list: (statuses: readonly TicketStatus[]) => repo.listSystem(db, statuses),

    async show(ticketNo: string) {
      const ticket = await repo.findByNo(db, ticketNo);
      if (!ticket) throw new OpsError(`no ticket ${ticketNo}`);
      return ticketDetail(db, ticket);
    },

    /** A reply as the staff, with images (files the operator names) checked like the customer's. */
    async reply(ticketNo: string, content: string, images: Buffer[] = []) {
      const text = content.trim();
      if (!text) throw new OpsError('the reply is empty');
      if (text.length > limits.support.textMax) {
        throw new OpsError(`a reply is at most ${limits.support.textMax} characters`);
      }
      if (images.length > limits.support.imagesMax) throw new OpsError(`at most ${limits.support.imagesMax} images`);
      const checked = await Promise.all(images.map(checkImage));
      const store = deps.images;
      if (checked.length && !store) throw new OpsError('no image store');
      // Kept before the ticket's transaction begins: on PGlite the store's statements would wait for it to end.
      const saved: { file: string; ext: TicketImageExt; size: number }[] = [];
      for (const image of checked) {
        saved.push({ file: await store!.save(image.data, image.ext), ext: image.ext, size: image.data.length });
      }
      try {
        return await locked(ticketNo, async (tx, ticket) => {
          const at = now();
          const replyId = await recordStaffReply(tx, ticket, text, at);
          for (const image of saved) {
            // The image belongs to the ticket's owner, the one account that may read it.
            const row = await repo.insertImage(tx, {
              userId: ticket.userId,
              file: image.file,
              contentType: ticketImageTypes[image.ext],
              size: image.size,
              at,
            });
            await repo.attachImages(tx, ticket.userId, [row.id], { ticketId: ticket.id, replyId });
          }
        });
      } catch (error) {
        // A refused reply (a closed ticket, no such ticket) takes its images away again: no row would name them.
        await Promise.allSettled(saved.map((image) => store!.remove(image.file)));
        throw error;
      }
    },

    /** Marks the ticket processing completed (also ends an appeal); the customer then closes it or appeals. */
    async resolve(ticketNo: string) {
      return locked(ticketNo, (tx, ticket) => recordResolved(tx, ticket, now()));
    },
  };
}
