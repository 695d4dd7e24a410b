import { limits, type TicketStatus } from '@edgeward/contract';
import type { Db, Executor } from '../../db/connect';
import type { TicketRow } from '../../db/schema';
import { OpsError } from '../../ops/ops';
import { sendMessage } from '../message/message.service';
import * as repo from './support.repository';
import { refuseClosed, ticketDetail } from './ticket.service';

/**
 * The support staff's side: the open tickets, a ticket's conversation, a reply, and marking a ticket processed.
 * Every reply and every completion reaches the customer as a message, in the same transaction.
 */
export function createTicketOperator(deps: { db: Db; now: () => Date }) {
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

    async reply(ticketNo: string, content: string) {
      const text = content.trim();
      if (!text) throw new OpsError('the reply is empty');
      if (text.length > limits.support.textMax) {
        throw new OpsError(`a reply is at most ${limits.support.textMax} characters`);
      }
      return locked(ticketNo, async (tx, ticket) => {
        const at = now();
        await repo.insertReply(tx, { ticketId: ticket.id, author: 'staff', content: text, at });
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
      });
    },

    /** Marks the ticket processing completed (also ends an appeal); the customer then closes it or appeals. */
    async resolve(ticketNo: string) {
      return locked(ticketNo, async (tx, ticket) => {
        const at = now();
        await repo.update(tx, ticket.id, { status: 'completed', updatedAt: at });
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
      });
    },
  };
}
