import { messageKinds, ticketProducts, ticketStatuses, ticketUrgencies } from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { id } from './columns';
import { userPackages } from './commerce';

// Millisecond precision, as the API has it.
const ms = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const tickets = pgTable(
  'tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketNo: text('ticket_no').notNull().unique(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product: text('product', { enum: ticketProducts }).notNull(),
    urgency: text('urgency', { enum: ticketUrgencies }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ticketStatuses }).notNull(),
    solved: boolean('solved'),
    rating: integer('rating'),
    appealReason: text('appeal_reason'),
    sample: boolean('sample').notNull().default(false),
    createdAt: ms('created_at').notNull().defaultNow(),
    updatedAt: ms('updated_at').notNull().defaultNow(),
    closedAt: ms('closed_at'),
  },
  (t) => [index('tickets_user_created').on(t.userId, t.createdAt.desc(), t.id.desc())],
);
export type TicketRow = typeof tickets.$inferSelect;

export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: id('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'staff'] }).notNull(),
    content: text('content').notNull(),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_replies_ticket').on(t.ticketId, t.id)],
);
export type TicketReplyRow = typeof ticketReplies.$inferSelect;

export const ticketImages = pgTable(
  'ticket_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: id('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    replyId: id('reply_id').references(() => ticketReplies.id, { onDelete: 'cascade' }),
    file: text('file').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_images_user').on(t.userId, t.id), index('ticket_images_ticket').on(t.ticketId)],
);
export type TicketImageRow = typeof ticketImages.$inferSelect;

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: messageKinds }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>(),
    readAt: ms('read_at'),
    createdAt: ms('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_user_created').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('messages_user_unread').on(t.userId).where(sql`read_at IS NULL`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** The packages whose expiry reminder went out (modules/commerce/package-expiry.ts). */
export const packageExpiryReminders = pgTable('package_expiry_reminders', {
  userPackageId: id('user_package_id')
    .primaryKey()
    .references(() => userPackages.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
});
