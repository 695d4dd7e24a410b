import { cacheTaskStatuses, cacheTaskTypes } from '@edgeward/contract';
import { type AnyPgColumn, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, id } from './columns';
import { domains } from './domains';

export const cacheTasks = pgTable(
  'cache_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: cacheTaskTypes }).notNull(),
    status: text('status', { enum: cacheTaskStatuses }).notNull(),
    urlCount: integer('url_count').notNull(),
    failedCount: integer('failed_count').notNull().default(0),
    resubmitOf: id('resubmit_of').references((): AnyPgColumn => cacheTasks.id, { onDelete: 'set null' }),
    // Millisecond precision, as the API has it.
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('cache_tasks_user_created').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export type CacheTaskRow = typeof cacheTasks.$inferSelect;

export const cacheTaskUrls = pgTable(
  'cache_task_urls',
  {
    taskId: id('task_id')
      .notNull()
      .references(() => cacheTasks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    domainId: id('domain_id').references(() => domains.id, { onDelete: 'set null' }),
    status: text('status', { enum: cacheTaskStatuses }).notNull(),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.position] })],
);
