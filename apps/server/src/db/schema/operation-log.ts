import type { OperationChange } from '@edgeward/contract';
import { bigserial, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { id } from './columns';

/** Append-only (triggers in 0016_operation_log.sql refuse UPDATE, DELETE and TRUNCATE). */
export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    // The customer (through a session or an API key) or the operator.
    actor: text('actor', { enum: ['user', 'operator'] }).notNull(),
    sessionId: id('session_id'),
    apiKeyId: id('api_key_id'),
    address: text('address'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetName: text('target_name'),
    changes: jsonb('changes').$type<OperationChange[]>().notNull().default([]),
    sample: boolean('sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('operation_log_user_created').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export type OperationLogRow = typeof operationLog.$inferSelect;
