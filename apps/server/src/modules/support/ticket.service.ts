import {
  limits,
  type TicketAppeal,
  type TicketClose,
  type TicketCreate,
  type TicketListQuery,
  type TicketReplyCreate,
  ticketImageTypes,
} from '@edgeward/contract';
import type { Db, Executor } from '../../db/connect';
import type { TicketRow } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../http/errors';
import { pageWithTotal } from '../../lib/page';
import type { AuthUser } from '../session';
import { ABANDONED_IMAGE_MS } from './support.jobs';
import { type ImageUrl, toTicket, toTicketDetail, toTicketImage } from './support.presenter';
import * as repo from './support.repository';
import { ticketImageType } from './ticket-image';
import type { TicketImageStore } from './ticket-image.store';

export interface TicketServiceDeps {
  db: Db;
  now: () => Date;
  images: TicketImageStore;
}

/**
 * TK, the UTC day, then the next serial of the database's sequence, at least 6 digits: what customers quote, never
 * given twice however many tickets a day brings.
 */
export async function newTicketNo(ex: Executor, at: Date): Promise<string> {
  const serial = await repo.nextTicketSerial(ex);
  return `TK${at.toISOString().slice(0, 10).replaceAll('-', '')}${serial.padStart(6, '0')}`;
}

const PENDING_WINDOW_MS = 60 * 60 * 1000;

/** After closing, nothing more can be added (spec section 4). */
export function refuseClosed(ticket: TicketRow): void {
  if (ticket.status === 'closed') throw new AppError('TICKET_CLOSED');
}

export async function ticketDetail(ex: Executor, ticket: TicketRow, imageUrl?: ImageUrl) {
  const [replies, images] = await Promise.all([repo.repliesOf(ex, ticket.id), repo.imagesOf(ex, ticket.id)]);
  return toTicketDetail(ticket, replies, images, imageUrl);
}

/** Attaches images the ticket's owner uploaded and nothing names yet; one that is not such answers a field error. */
export async function attach(
  tx: Executor,
  userId: number,
  ids: number[],
  target: { ticketId: number; replyId?: number },
) {
  const unique = [...new Set(ids)];
  if ((await repo.attachImages(tx, userId, unique, target)) !== unique.length) {
    throw fieldError('imageIds', 'support.image.unknown');
  }
}

/**
 * The customer's tickets: submit, read, reply, close with a rating, appeal, delete; and the images they carry.
 * Every id is the caller's: a foreign one answers NOT_FOUND like a missing one.
 */
/**
 * One image, checked by content (spec section 5), kept for the account `ownerId` until a ticket or reply names it:
 * the customer's own uploads, and the staff's for a reply to that customer's ticket.
 */
export async function keepUpload(deps: TicketServiceDeps, ownerId: number, data: Buffer) {
  if (data.length > limits.support.imageMaxBytes) throw new AppError('TICKET_IMAGE_TOO_LARGE');
  if (data.length === 0) throw new AppError('TICKET_IMAGE_TYPE');
  const verdict = await ticketImageType(data);
  if ('refused' in verdict) throw new AppError('TICKET_IMAGE_TYPE');
  const since = new Date(deps.now().getTime() - PENDING_WINDOW_MS);
  // Uploads nobody attaches would pile up: at most a ticket's worth waits at a time.
  if ((await repo.countPendingImages(deps.db, ownerId, since)) >= limits.support.imagesMax) {
    throw new AppError('TICKET_IMAGES_TOO_MANY');
  }
  const file = await deps.images.save(data, verdict.ext);
  return repo.insertImage(deps.db, {
    userId: ownerId,
    file,
    contentType: ticketImageTypes[verdict.ext],
    size: data.length,
    at: deps.now(),
  });
}

export function createTicketService(deps: TicketServiceDeps) {
  const { db, now } = deps;

  /** Runs `work` on the caller's ticket, locked; NOT_FOUND when it is not theirs. */
  async function withTicket<T>(user: AuthUser, id: number, work: (tx: Executor, t: TicketRow) => Promise<T>) {
    return db.transaction(async (tx) => {
      const ticket = await repo.findForUpdate(tx, id, user.id);
      if (!ticket) throw notFound();
      return work(tx, ticket);
    });
  }

  return {
    async list(user: AuthUser, query: TicketListQuery) {
      const { rows, total } = await repo.listOfUser(db, user.id, query);
      return pageWithTotal(query, rows.map(toTicket), total);
    },

    async create(user: AuthUser, body: TicketCreate) {
      return db.transaction(async (tx) => {
        const ticket = await repo.insertTicket(tx, {
          ticketNo: await newTicketNo(tx, now()),
          userId: user.id,
          product: body.product,
          urgency: body.urgency,
          title: body.title,
          description: body.description,
          sample: false,
          at: now(),
        });
        await attach(tx, user.id, body.imageIds, { ticketId: ticket.id });
        return toTicket(ticket);
      });
    },

    async detail(user: AuthUser, id: number) {
      const ticket = await repo.find(db, id, user.id);
      if (!ticket) throw notFound();
      return ticketDetail(db, ticket);
    },

    /** A reply to a ticket the staff had completed puts it back in their hands. */
    reply: (user: AuthUser, id: number, body: TicketReplyCreate) =>
      withTicket(user, id, async (tx, ticket) => {
        refuseClosed(ticket);
        const reply = await repo.insertReply(tx, {
          ticketId: ticket.id,
          author: 'customer',
          content: body.content,
          at: now(),
        });
        await attach(tx, user.id, body.imageIds, { ticketId: ticket.id, replyId: reply.id });
        const status = ticket.status === 'completed' ? 'processing' : ticket.status;
        return ticketDetail(tx, await repo.update(tx, ticket.id, { status, updatedAt: now() }));
      }),

    close: (user: AuthUser, id: number, body: TicketClose) =>
      withTicket(user, id, async (tx, ticket) => {
        refuseClosed(ticket);
        const at = now();
        const closed = await repo.update(tx, ticket.id, {
          status: 'closed',
          solved: body.solved,
          rating: body.rating,
          closedAt: at,
          updatedAt: at,
        });
        return ticketDetail(tx, closed);
      }),

    /** Only a ticket the staff marked completed can be appealed: the customer disagrees with the outcome. */
    appeal: (user: AuthUser, id: number, body: TicketAppeal) =>
      withTicket(user, id, async (tx, ticket) => {
        refuseClosed(ticket);
        if (ticket.status !== 'completed') throw new AppError('TICKET_STATE');
        const appealed = await repo.update(tx, ticket.id, {
          status: 'appeal',
          appealReason: body.reason,
          updatedAt: now(),
        });
        return ticketDetail(tx, appealed);
      }),

    /** Permanent: the conversation and the image files go too. */
    async remove(user: AuthUser, id: number) {
      const files = await withTicket(user, id, async (tx, ticket) => {
        const images = await repo.imagesOf(tx, ticket.id);
        await repo.deleteTicket(tx, ticket.id);
        return images.map((i) => i.file);
      });
      await Promise.all(files.map((file) => deps.images.remove(file)));
      return null;
    },

    uploadImage: async (user: AuthUser, data: Buffer) => toTicketImage(await keepUpload(deps, user.id, data)),

    /** Drops the uploads nobody attached within a day (the hourly support.purge-abandoned-images). */
    async purgeAbandonedImages() {
      const files = await repo.deleteAbandonedImages(db, new Date(now().getTime() - ABANDONED_IMAGE_MS));
      await Promise.all(files.map((file) => deps.images.remove(file)));
      return files.length;
    },

    async readImage(user: AuthUser, id: number) {
      const row = await repo.findImage(db, id, user.id);
      const image = row ? await deps.images.read(row.file) : undefined;
      if (!image) throw notFound();
      return image;
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
