import { faceCheckStatuses } from '@edgeward/contract';
import { bigserial, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, id } from './columns';

const atMs = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const realNameAttempts = pgTable(
  'real_name_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    realNameSealed: text('real_name_sealed').notNull(),
    idNumberSealed: text('id_number_sealed').notNull(),
    realNameMasked: text('real_name_masked').notNull(),
    idNumberMasked: text('id_number_masked').notNull(),
    status: text('status', { enum: faceCheckStatuses }).notNull(),
    provider: text('provider').notNull(),
    checkId: text('check_id'),
    checkUrl: text('check_url'),
    operatorReview: boolean('operator_review').notNull().default(false),
    sample: boolean('sample').notNull().default(false),
    createdAt: atMs('created_at').notNull().defaultNow(),
    finishedAt: atMs('finished_at'),
  },
  (t) => [
    index('real_name_attempts_user').on(t.userId, t.id.desc()),
    uniqueIndex('real_name_attempts_check').on(t.provider, t.checkId),
  ],
);

export type RealNameAttemptRow = typeof realNameAttempts.$inferSelect;

export const faceCheckNotifications = pgTable(
  'face_check_notifications',
  {
    provider: text('provider').notNull(),
    notifyId: text('notify_id').notNull(),
    attemptId: id('attempt_id').references(() => realNameAttempts.id, { onDelete: 'set null' }),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.notifyId] })],
);

export const sandboxFaceChecks = pgTable('sandbox_face_checks', {
  checkId: text('check_id').primaryKey(),
  bizNo: text('biz_no').notNull(),
  realNameMasked: text('real_name_masked').notNull(),
  idNumberMasked: text('id_number_masked').notNull(),
  notifyUrl: text('notify_url').notNull(),
  status: text('status', { enum: ['waiting', 'passed', 'failed'] }).notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
});
