import type { StaffTicketQuery, TicketListQuery, TicketStatus } from '@edgeward/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { likePattern } from '../../db/like';
import { rowsOf } from '../../db/migrate';
import {
  type TicketImageRow,
  type TicketReplyRow,
  type TicketRow,
  ticketImages,
  ticketReplies,
  tickets,
  users,
} from '../../db/schema';

/* Customer calls pass the caller's user id; the operator's (...System) reach any ticket. */

export type NewTicket = Pick<
  TicketRow,
  'ticketNo' | 'userId' | 'product' | 'urgency' | 'title' | 'description' | 'sample'
> & { at: Date };

/** The next value of the ticket_numbers sequence (migration 0023), as decimal text: never the same one twice. */
export async function nextTicketSerial(ex: Executor): Promise<string> {
  const result = await ex.execute(sql`SELECT nextval('ticket_numbers')::text AS serial`);
  return rowsOf<{ serial: string }>(result)[0]!.serial;
}

export async function insertTicket(tx: Executor, t: NewTicket): Promise<TicketRow> {
  const { at, ...values } = t;
  const [row] = await tx
    .insert(tickets)
    .values({ ...values, status: 'processing', createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function listOfUser(
  ex: Executor,
  userId: number,
  query: TicketListQuery,
): Promise<{ rows: TicketRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(tickets.userId, userId)];
  if (query.status) conditions.push(eq(tickets.status, query.status));
  if (query.urgency) conditions.push(eq(tickets.urgency, query.urgency));
  if (query.product) conditions.push(eq(tickets.product, query.product));
  if (query.from !== undefined) conditions.push(gte(tickets.createdAt, new Date(query.from)));
  if (query.to !== undefined) conditions.push(lt(tickets.createdAt, new Date(query.to)));
  if (query.keyword) {
    const like = likePattern(query.keyword);
    conditions.push(or(ilike(tickets.ticketNo, like), ilike(tickets.title, like)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ex.select({ n: count() }).from(tickets).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The ticket, locked for the caller's transaction; only the owner's when userId is given. */
export async function findForUpdate(tx: Executor, id: number, userId?: number): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), userId === undefined ? undefined : eq(tickets.userId, userId)))
    .for('update');
  return row;
}

export async function find(ex: Executor, id: number, userId: number): Promise<TicketRow | undefined> {
  const [row] = await ex
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.userId, userId)));
  return row;
}

export async function findById(ex: Executor, id: number): Promise<TicketRow | undefined> {
  const [row] = await ex.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

export async function findByNo(ex: Executor, ticketNo: string): Promise<TicketRow | undefined> {
  const [row] = await ex.select().from(tickets).where(eq(tickets.ticketNo, ticketNo));
  return row;
}

export async function update(
  tx: Executor,
  id: number,
  values: Partial<Pick<TicketRow, 'status' | 'solved' | 'rating' | 'appealReason' | 'closedAt'>> & { updatedAt: Date },
): Promise<TicketRow> {
  const [row] = await tx.update(tickets).set(values).where(eq(tickets.id, id)).returning();
  return row!;
}

export async function deleteTicket(tx: Executor, id: number): Promise<void> {
  await tx.delete(tickets).where(eq(tickets.id, id));
}

export async function insertReply(
  tx: Executor,
  reply: Pick<TicketReplyRow, 'ticketId' | 'author' | 'content'> & { at: Date },
): Promise<TicketReplyRow> {
  const { at, ...values } = reply;
  const [row] = await tx
    .insert(ticketReplies)
    .values({ ...values, createdAt: at })
    .returning();
  return row!;
}

export async function repliesOf(ex: Executor, ticketId: number): Promise<TicketReplyRow[]> {
  return ex.select().from(ticketReplies).where(eq(ticketReplies.ticketId, ticketId)).orderBy(ticketReplies.id);
}

export async function imagesOf(ex: Executor, ticketId: number): Promise<TicketImageRow[]> {
  return ex.select().from(ticketImages).where(eq(ticketImages.ticketId, ticketId)).orderBy(ticketImages.id);
}

export async function insertImage(
  ex: Executor,
  image: Pick<TicketImageRow, 'userId' | 'file' | 'contentType' | 'size'> & { at: Date },
): Promise<TicketImageRow> {
  const { at, ...values } = image;
  const [row] = await ex
    .insert(ticketImages)
    .values({ ...values, createdAt: at })
    .returning();
  return row!;
}

/** Unattached images the user uploaded since `since`. */
export async function countPendingImages(ex: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(ticketImages)
    .where(and(eq(ticketImages.userId, userId), isNull(ticketImages.ticketId), gte(ticketImages.createdAt, since)));
  return row?.n ?? 0;
}

/** Attaches the user's unattached images to a ticket (and reply); answers how many were attached. */
export async function attachImages(
  tx: Executor,
  userId: number,
  ids: number[],
  target: { ticketId: number; replyId?: number },
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(ticketImages)
    .set({ ticketId: target.ticketId, replyId: target.replyId ?? null })
    .where(and(eq(ticketImages.userId, userId), inArray(ticketImages.id, ids), isNull(ticketImages.ticketId)))
    .returning({ id: ticketImages.id });
  return rows.length;
}

export async function findImage(ex: Executor, id: number, userId: number): Promise<TicketImageRow | undefined> {
  const [row] = await ex
    .select()
    .from(ticketImages)
    .where(and(eq(ticketImages.id, id), eq(ticketImages.userId, userId)));
  return row;
}

/** For the operator's list: every ticket in the given statuses, oldest first. */
export async function listSystem(ex: Executor, statuses: readonly TicketStatus[]): Promise<TicketRow[]> {
  return ex
    .select()
    .from(tickets)
    .where(inArray(tickets.status, [...statuses]))
    .orderBy(tickets.createdAt, tickets.id)
    .limit(500);
}

/** Deletes the images uploaded before `before` that nothing names; answers their files. */
export async function deleteAbandonedImages(ex: Executor, before: Date): Promise<string[]> {
  const rows = await ex
    .delete(ticketImages)
    .where(and(isNull(ticketImages.ticketId), lt(ticketImages.createdAt, before)))
    .returning({ file: ticketImages.file });
  return rows.map((r) => r.file);
}

/** The staff's queue: every customer's tickets with the owner's name; waiting ones (processing, appeal) by default. */
export async function listForStaff(ex: Executor, query: StaffTicketQuery) {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(tickets.status, query.status) : inArray(tickets.status, ['processing', 'appeal']),
  ];
  if (query.urgency) conditions.push(eq(tickets.urgency, query.urgency));
  if (query.search) {
    const like = likePattern(query.search);
    conditions.push(or(ilike(tickets.ticketNo, like), ilike(tickets.title, like), ilike(users.userName, like)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ex
      .select({ ticket: tickets, userName: users.userName })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(where)
      .orderBy(asc(tickets.createdAt), asc(tickets.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ex.select({ n: count() }).from(tickets).innerJoin(users, eq(users.id, tickets.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function ownerNameOf(ex: Executor, userId: number): Promise<string> {
  const [row] = await ex.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  return row?.userName ?? '';
}

/** An image of any ticket (the staff read them all); an upload no ticket names yet is nobody's to read. */
export async function findAttachedImage(ex: Executor, id: number): Promise<TicketImageRow | undefined> {
  const [row] = await ex
    .select()
    .from(ticketImages)
    .where(and(eq(ticketImages.id, id), isNotNull(ticketImages.ticketId)));
  return row;
}
