import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const id = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const domains = pgTable('domains', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: id('user_id')
    .notNull()
    .references(() => users.id),
  domainName: text('domain_name').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull(),
  cname: text('cname'),
  wholeSite: boolean('whole_site').notNull().default(false),
  reviewReason: text('review_reason'),
  abnormalReason: text('abnormal_reason'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const domainConfigs = pgTable('domain_configs', {
  domainId: id('domain_id')
    .primaryKey()
    .references(() => domains.id),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(1),
  httpsCertificate: text('https_certificate'),
  httpsPrivateKey: text('https_private_key'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const domainVerifications = pgTable('domain_verifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: id('user_id').notNull(),
  domain: text('domain').notNull(),
  recordName: text('record_name').notNull(),
  recordValue: text('record_value').notNull(),
  status: text('status').notNull().default('pending'),
  verifiedAt: at('verified_at'),
  checkedAt: at('checked_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const jobs = pgTable('jobs', {
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
  createdAt: at('created_at').notNull().defaultNow(),
});
