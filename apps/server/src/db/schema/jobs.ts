import { sql } from 'drizzle-orm';
import { bigint, bigserial, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from './columns';

/** Durable background work (jobs/runner.ts): enqueued with a merge key, claimed with SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: at('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: at('locked_until'),
    doneAt: at('done_at'),
    failedAt: at('failed_at'),
    lastError: text('last_error'),
    mergeKey: text('merge_key'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('jobs_merge_key_idx').on(t.kind, t.mergeKey).where(sql`merge_key IS NOT NULL AND attempts = 0`)],
);

/** Periodic work (jobs/schedules.ts): when each schedule next enqueues its job. */
export const schedules = pgTable('schedules', {
  name: text('name').primaryKey(),
  intervalMs: bigint('interval_ms', { mode: 'number' }).notNull(),
  nextRunAt: at('next_run_at').notNull(),
  lastRunAt: at('last_run_at'),
});
